import { createFederatedConfig } from '@storefront/federation';

export default createFederatedConfig({
  name: 'mf_catalog',
  appDir: import.meta.dirname,
  devPort: 3002,
  exposes: { './StylePage': './src/style-page/StylePage.tsx' },
});
