import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-estimator');

export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: { './EstimatorPage': './src/estimator-page/EstimatorPage.tsx' },
});
