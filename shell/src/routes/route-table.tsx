import { ACCOUNT_PATHS, ADMIN_PATHS, CATEGORY_PATH, ORDER_VIEW_PATH, QUOTE_PAYMENT_PATH, QUOTE_VIEW_PATH, SPLIT_PAYMENT_PATH } from '@storefront/contracts';
import { matchRoutes } from 'react-router-dom';

/**
 * What the shell draws around a route's remote: `shop` the shop's chrome (header with its menus,
 * search and sticky behaviour, footer, cookie banner, popups, alerts, Back to top), `none` nothing
 * but the skip link: the remote draws its own header, nav and `<main id="main-content">` (the staff
 * back office, which is not a page of the shop and must not load the shop's chrome or its data).
 */
export type RouteChrome = 'shop' | 'none';

export interface RemoteRoute {
  path: string;
  moduleId: string;
  loadingLabel: string;
  /** default 'shop' */
  chrome?: RouteChrome;
}

/** The back office's screens: each a module of mf_backoffice, drawn without the shop's chrome. */
function backOfficeRoutes(entries: [path: string, module: string, loadingLabel: string][]): RemoteRoute[] {
  return entries.map(([path, module, loadingLabel]) => ({ path, moduleId: `mf_backoffice/${module}`, loadingLabel, chrome: 'none' }));
}

export const STYLE_PAGE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets/:styleCode';

/**
 * The route table. Every path not listed here is a content page: mf_content/ContentPage asks the
 * content service for the page definition and renders mf_content/NotFoundPage when there is none,
 * because only the content service knows which content pages exist.
 */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/', moduleId: 'mf_content/ContentPage', loadingLabel: 'Loading page…' },
  { path: STYLE_PAGE_PATH, moduleId: 'mf_catalog/StylePage', loadingLabel: 'Loading product…' },
  // the category showcase: {categoryPath} is the index, {categoryPath}/{slug} one category
  { path: CATEGORY_PATH, moduleId: 'mf_catalog/CategoryShowcasePage', loadingLabel: 'Loading categories…' },
  { path: `${CATEGORY_PATH}/:productCategorySlug`, moduleId: 'mf_catalog/CategoryShowcasePage', loadingLabel: 'Loading category…' },
  { path: '/contact', moduleId: 'mf_forms/ContactPage', loadingLabel: 'Loading contact form…' },
  { path: '/estimator', moduleId: 'mf_estimator/EstimatorPage', loadingLabel: 'Loading estimator…' },
  { path: '/checkout', moduleId: 'mf_checkout/CheckoutPage', loadingLabel: 'Loading checkout…' },
  // The card gateway returns to /payment/verify/stripe; other methods (PayPal) to /payment/{method}/verify.
  { path: '/payment/verify/stripe', moduleId: 'mf_checkout/PaymentVerifyPage', loadingLabel: 'Processing your payment…' },
  { path: '/payment/:paymentMethod/verify', moduleId: 'mf_checkout/PaymentVerifyPage', loadingLabel: 'Processing your payment…' },
  { path: '/payment/fail', moduleId: 'mf_checkout/PaymentFailPage', loadingLabel: 'Loading…' },
  { path: '/order/success', moduleId: 'mf_checkout/OrderSuccessPage', loadingLabel: 'Loading your order…' },
  // the order view page (spec 2), reached from the order confirmation e-mail's link
  { path: ORDER_VIEW_PATH, moduleId: 'mf_checkout/OrderViewPage', loadingLabel: 'Loading your order…' },
  // the quote view page (spec 2), for whoever holds the quote's payment-link token
  { path: QUOTE_VIEW_PATH, moduleId: 'mf_checkout/QuoteViewPage', loadingLabel: 'Loading your quote…' },
  // the quote payment page (spec 2): the quote's payment link, ?quoteId=&token=
  { path: QUOTE_PAYMENT_PATH, moduleId: 'mf_checkout/QuotePaymentPage', loadingLabel: 'Loading your quote…' },
  // the split-payment page (spec 2): an order's balance in instalments, ?orderId=&email=
  { path: SPLIT_PAYMENT_PATH, moduleId: 'mf_checkout/SplitPaymentPage', loadingLabel: 'Loading split payment…' },
  // customer accounts: the account screens are mf-checkout's; /register stays a content page
  // (mf-content draws the registration form block)
  { path: ACCOUNT_PATHS.login, moduleId: 'mf_checkout/LoginPage', loadingLabel: 'Loading sign-in…' },
  { path: ACCOUNT_PATHS.forgotPassword, moduleId: 'mf_checkout/ForgotPasswordPage', loadingLabel: 'Loading…' },
  { path: ACCOUNT_PATHS.resetPassword, moduleId: 'mf_checkout/ResetPasswordPage', loadingLabel: 'Loading…' },
  { path: ACCOUNT_PATHS.verifyEmail, moduleId: 'mf_checkout/VerifyEmailPage', loadingLabel: 'Loading…' },
  { path: ACCOUNT_PATHS.myAccount, moduleId: 'mf_checkout/MyAccountPage', loadingLabel: 'Loading your account…' },
  { path: ACCOUNT_PATHS.addresses, moduleId: 'mf_checkout/AddressesPage', loadingLabel: 'Loading your addresses…' },
  // spec 2 names both paths of the new-address form
  { path: ACCOUNT_PATHS.addressNew, moduleId: 'mf_checkout/AddressFormPage', loadingLabel: 'Loading the address form…' },
  { path: ACCOUNT_PATHS.addressAdd, moduleId: 'mf_checkout/AddressFormPage', loadingLabel: 'Loading the address form…' },
  { path: ACCOUNT_PATHS.addressEdit, moduleId: 'mf_checkout/AddressFormPage', loadingLabel: 'Loading your address…' },
  { path: '/blogs', moduleId: 'mf_content/BlogListPage', loadingLabel: 'Loading articles…' },
  { path: '/blogs/:blogDetailPath', moduleId: 'mf_content/BlogDetailPage', loadingLabel: 'Loading blog content...' },
  { path: '/blogs/authors/:authorId', moduleId: 'mf_content/BlogAuthorPage', loadingLabel: 'Loading articles…' },
  { path: '/blogs/category/:categorySlug', moduleId: 'mf_content/BlogCategoryPage', loadingLabel: 'Loading articles…' },
  // the staff back office (mf-backoffice): its own frame, none of the shop's chrome
  ...backOfficeRoutes([
    [ADMIN_PATHS.home, 'DashboardPage', 'Loading the dashboard…'],
    [ADMIN_PATHS.signIn, 'SignInPage', 'Loading sign-in…'],
    [ADMIN_PATHS.setup, 'SetupPage', 'Loading set-up…'],
    [ADMIN_PATHS.account, 'AccountPage', 'Loading your account…'],
    [ADMIN_PATHS.orders, 'OrdersPage', 'Loading orders…'],
    [ADMIN_PATHS.order, 'OrderPage', 'Loading the order…'],
    [ADMIN_PATHS.quotes, 'QuotesPage', 'Loading quotes…'],
    [ADMIN_PATHS.quoteNew, 'QuoteEditorPage', 'Loading the quote editor…'],
    [ADMIN_PATHS.quote, 'QuoteEditorPage', 'Loading the quote…'],
    [ADMIN_PATHS.submissions, 'SubmissionsPage', 'Loading form submissions…'],
    [ADMIN_PATHS.operations, 'OperationsPage', 'Loading operations…'],
    [ADMIN_PATHS.audit, 'AuditPage', 'Loading the audit log…'],
    [ADMIN_PATHS.staff, 'StaffPage', 'Loading staff…'],
    // any other address under /admin: the back office's own not-found screen (the head answers 404)
    [`${ADMIN_PATHS.home}/*`, 'NotFoundPage', 'Loading…'],
  ]),
  { path: '*', moduleId: 'mf_content/ContentPage', loadingLabel: 'Loading page…' },
];

/** The route table's entry for `pathname`, as the router picks it (every path has one: `*` is a content page). */
export function routeFor(pathname: string): RemoteRoute | undefined {
  const matches = matchRoutes(remoteRoutes, pathname);
  return matches?.[matches.length - 1]?.route;
}

/** What the shell draws around `pathname`'s remote (the server decides from it which data to load too). */
export function routeChromeFor(pathname: string): RouteChrome {
  return routeFor(pathname)?.chrome ?? 'shop';
}
