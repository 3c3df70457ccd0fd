import { createFederatedConfig } from '@storefront/federation';

export default createFederatedConfig({
  name: 'mf_estimator',
  appDir: import.meta.dirname,
  devPort: 3004,
  exposes: { './EstimatorPage': './src/estimator-page/EstimatorPage.tsx' },
});
