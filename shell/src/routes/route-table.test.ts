import { matchRoutes } from 'react-router-dom';
import { ADMIN_PATHS } from '@storefront/contracts';
import { remoteRoutes, routeChromeFor } from './route-table';

function moduleFor(pathname: string): string | undefined {
  return matchRoutes(remoteRoutes, pathname)?.at(-1)?.route.moduleId;
}

describe('route table', () => {
  it.each([
    ['/', 'mf_content/ContentPage'],
    ['/products/kitchen-cabinets/rta-kitchen-cabinets/ssw', 'mf_catalog/StylePage'],
    ['/contact', 'mf_forms/ContactPage'],
    ['/estimator', 'mf_estimator/EstimatorPage'],
    ['/checkout', 'mf_checkout/CheckoutPage'],
    ['/payment/verify/stripe', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/stripe/verify', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/online-payment/verify', 'mf_checkout/PaymentVerifyPage'],
    ['/payment/fail', 'mf_checkout/PaymentFailPage'],
    ['/order/success', 'mf_checkout/OrderSuccessPage'],
    ['/order/view/ord-1', 'mf_checkout/OrderViewPage'],
    ['/quote/view/quote-1', 'mf_checkout/QuoteViewPage'],
    ['/quote/payment', 'mf_checkout/QuotePaymentPage'],
    ['/order/split-payment', 'mf_checkout/SplitPaymentPage'],
    ['/login', 'mf_checkout/LoginPage'],
    ['/forgot-password', 'mf_checkout/ForgotPasswordPage'],
    ['/reset-password', 'mf_checkout/ResetPasswordPage'],
    ['/verify-email', 'mf_checkout/VerifyEmailPage'],
    ['/my-account', 'mf_checkout/MyAccountPage'],
    ['/my-account/addresses', 'mf_checkout/AddressesPage'],
    ['/my-account/address/new', 'mf_checkout/AddressFormPage'],
    ['/my-account/addresses/add', 'mf_checkout/AddressFormPage'],
    ['/my-account/address/edit/addr-1', 'mf_checkout/AddressFormPage'],
    // the registration form is a content page's block
    ['/register', 'mf_content/ContentPage'],
    ['/blogs', 'mf_content/BlogListPage'],
    ['/blogs/shaker-vs-slab-cabinet-doors', 'mf_content/BlogDetailPage'],
    ['/blogs/authors/maria-alvarez', 'mf_content/BlogAuthorPage'],
    ['/blogs/category/kitchen-design', 'mf_content/BlogCategoryPage'],
    ['/categories', 'mf_catalog/CategoryShowcasePage'],
    ['/categories/slim-shaker', 'mf_catalog/CategoryShowcasePage'],
    // the staff back office: mf_backoffice's screens
    ['/admin', 'mf_backoffice/DashboardPage'],
    ['/admin/sign-in', 'mf_backoffice/SignInPage'],
    ['/admin/setup', 'mf_backoffice/SetupPage'],
    ['/admin/account', 'mf_backoffice/AccountPage'],
    ['/admin/orders', 'mf_backoffice/OrdersPage'],
    ['/admin/orders/SF-100013', 'mf_backoffice/OrderPage'],
    ['/admin/quotes', 'mf_backoffice/QuotesPage'],
    ['/admin/quotes/new', 'mf_backoffice/QuoteEditorPage'],
    ['/admin/quotes/Q-100001', 'mf_backoffice/QuoteEditorPage'],
    ['/admin/submissions', 'mf_backoffice/SubmissionsPage'],
    ['/admin/operations', 'mf_backoffice/OperationsPage'],
    ['/admin/audit', 'mf_backoffice/AuditPage'],
    ['/admin/staff', 'mf_backoffice/StaffPage'],
    ['/admin/no/such/screen', 'mf_backoffice/NotFoundPage'],
    ['/administrator', 'mf_content/ContentPage'],
    // any other path is a content page; the content service answers 404 -> NotFoundPage
    ['/about-us', 'mf_content/ContentPage'],
    ['/no/such/page', 'mf_content/ContentPage'],
  ])('%s -> %s', (pathname, moduleId) => {
    expect(moduleFor(pathname)).toBe(moduleId);
  });
});

describe("the back office's routes", () => {
  it('give every back-office page a module of mf_backoffice', () => {
    for (const path of Object.values(ADMIN_PATHS)) {
      const route = remoteRoutes.find((candidate) => candidate.path === path);
      expect(`${path} -> ${route?.moduleId}`).toMatch(new RegExp(`^${path} -> mf_backoffice/[A-Z][A-Za-z]+Page$`));
    }
  });

  it("draw none of the shop's chrome under /admin, and the shop's everywhere else", () => {
    for (const route of remoteRoutes) expect(`${route.path}: ${route.chrome ?? 'shop'}`).toBe(`${route.path}: ${route.moduleId.startsWith('mf_backoffice/') ? 'none' : 'shop'}`);
    expect(['/admin', '/admin/', '/ADMIN/orders', '/admin/orders/SF-1', '/admin/whatever'].map(routeChromeFor)).toEqual(['none', 'none', 'none', 'none', 'none']);
    expect(['/', '/administrator', '/checkout', '/blogs/admin', '/no/such/page'].map(routeChromeFor)).toEqual(['shop', 'shop', 'shop', 'shop', 'shop']);
  });

  it('are the only routes that load mf_backoffice', () => {
    const loaders = remoteRoutes.filter((route) => route.moduleId.startsWith('mf_backoffice/')).map((route) => route.path);
    expect(loaders.every((path) => path === '/admin' || path.startsWith('/admin/'))).toBe(true);
  });
});

describe('the route table and the page table (content/site/page-table.json)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest runs CommonJS; the page table is the content's own file
  const pageTable = require('../../../content/site/page-table.json') as { routes: { path: string; screen?: string }[] };
  /** The page table writes `{param}`, the router `:param`: one parameter syntax to compare. */
  const asRouterPath = (path: string) => path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
  const screens = pageTable.routes.filter((route) => route.screen && route.screen !== 'content');

  it("routes every path the page table gives a remote's screen to that screen, with the same parameter names", () => {
    for (const route of screens) {
      const served = remoteRoutes.find((candidate) => candidate.path === asRouterPath(route.path));
      expect(`${route.path} -> ${served?.moduleId}`).toBe(`${route.path} -> ${route.screen}`);
    }
  });

  it('claims no path the page table does not list (any other path is a content page)', () => {
    const listed = new Set(pageTable.routes.map((route) => asRouterPath(route.path)));
    // a catch-all (`*`, `/admin/*`) names no page: the content service answers its head with 404
    const unlisted = remoteRoutes.filter((route) => !route.path.endsWith('*') && route.path !== '/' && !listed.has(route.path)).map((route) => route.path);
    expect(unlisted).toEqual([]);
  });
});
