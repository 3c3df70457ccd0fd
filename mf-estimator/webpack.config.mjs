import { createFederatedBuilds } from '@storefront/federation';

export default createFederatedBuilds({
  name: 'mf_estimator',
  appDir: import.meta.dirname,
  devPort: 3004,
  exposes: { './EstimatorPage': './src/estimator-page/EstimatorPage.tsx' },
});
