import { createFederatedBuilds } from '@storefront/federation';
import { REMOTES } from '@storefront/topology';

/** This remote's name and dev port, from the one map of the site. */
const remote = REMOTES.find((candidate) => candidate.folder === 'mf-backoffice');

/**
 * The staff back office (/admin): one expose per screen, each drawn in the back office's own frame
 * (header, nav, main). The shell draws none of the shop's chrome around these routes.
 */
export default createFederatedBuilds({
  name: remote.name,
  appDir: import.meta.dirname,
  devPort: remote.devPort,
  exposes: {
    './SignInPage': './src/sign-in/SignInPage.tsx',
    './SetupPage': './src/setup/SetupPage.tsx',
    './DashboardPage': './src/dashboard/DashboardPage.tsx',
    './AccountPage': './src/account/AccountPage.tsx',
    './OrdersPage': './src/orders/OrdersPage.tsx',
    './OrderPage': './src/orders/OrderPage.tsx',
    './QuotesPage': './src/quotes/QuotesPage.tsx',
    './QuoteEditorPage': './src/quotes/QuoteEditorPage.tsx',
    './SubmissionsPage': './src/submissions/SubmissionsPage.tsx',
    './OperationsPage': './src/operations/OperationsPage.tsx',
    './AuditPage': './src/audit/AuditPage.tsx',
    './StaffPage': './src/staff/StaffPage.tsx',
    './NotFoundPage': './src/not-found/NotFoundPage.tsx',
  },
});
