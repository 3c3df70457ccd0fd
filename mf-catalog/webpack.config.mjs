import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_catalog',
  appDir: import.meta.dirname,
  devPort: 3002,
  exposes: {
    './StylePage': './src/style-page/StylePage.tsx',
    // block of content pages (mf-content's block registry): the catalog listing and /order-samples
    './blocks/ProductListing': './src/listing/ProductListing.tsx',
    // product categories (issue 8): the showcase at {categoryPath}/{slug} and the category handler block
    './CategoryShowcasePage': './src/categories/showcase/CategoryShowcasePage.tsx',
    './blocks/CategoryHandler': './src/categories/handler/CategoryHandler.tsx',
  },
});
