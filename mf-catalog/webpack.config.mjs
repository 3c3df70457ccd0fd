import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_catalog',
  appDir: import.meta.dirname,
  devPort: 3002,
  exposes: { './StylePage': './src/style-page/StylePage.tsx' },
});
