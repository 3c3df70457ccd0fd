import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-forms');

export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: {
    './ContactPage': './src/contact-page/ContactPage.tsx',
    // a named form: block type `form` and the popups of content/site/popups.json
    './FormBlock': './src/form-block/FormBlock.tsx',
  },
});
