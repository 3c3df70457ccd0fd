import { createFederatedConfig } from '@storefront/federation';

export default createFederatedConfig({
  name: 'mf_forms',
  appDir: import.meta.dirname,
  devPort: 3003,
  exposes: { './ContactPage': './src/contact-page/ContactPage.tsx' },
});
