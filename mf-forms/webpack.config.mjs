import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_forms',
  appDir: import.meta.dirname,
  devPort: 3003,
  exposes: {
    './ContactPage': './src/contact-page/ContactPage.tsx',
    // a named form: block type `form` and the popups of content/site/popups.json
    './FormBlock': './src/form-block/FormBlock.tsx',
  },
});
