import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-catalog');

export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: {
    './StylePage': './src/style-page/StylePage.tsx',
    // block of content pages (mf-content's block registry): the catalog listing and /order-samples
    './blocks/ProductListing': './src/listing/ProductListing.tsx',
    // product categories: the showcase at {categoryPath}/{slug} and the category handler block
    './CategoryShowcasePage': './src/categories/showcase/CategoryShowcasePage.tsx',
    './blocks/CategoryHandler': './src/categories/handler/CategoryHandler.tsx',
  },
});
