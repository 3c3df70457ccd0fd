import { ACCOUNT_PATHS, CATEGORY_PATH, ORDER_VIEW_PATH, QUOTE_PAYMENT_PATH, QUOTE_VIEW_PATH, SPLIT_PAYMENT_PATH } from '@storefront/contracts';

export interface RemoteRoute {
  path: string;
  moduleId: string;
  loadingLabel: string;
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
  { path: '*', moduleId: 'mf_content/ContentPage', loadingLabel: 'Loading page…' },
];
