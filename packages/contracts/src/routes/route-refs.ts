// Written by scripts/write-route-refs.mjs from the route table; the compiler checks it against the table.
import type { RouteRefsOf } from '../http/route.js';
import type { accountRoutes } from '../accounts/routes.js';
import type { adminRoutes } from '../admin/routes.js';
import type { catalogRoutes } from '../catalog/routes.js';
import type { contentRoutes } from '../content/routes.js';
import type { formRoutes } from '../forms/routes.js';
import type { gatewayRoutes } from '../http/gateway-routes.js';
import type { jobRoutes } from '../jobs/routes.js';
import type { orderRoutes } from '../orders/routes.js';
import type { paymentRoutes } from '../payments/routes.js';
import type { quoteRoutes } from '../quotes/routes.js';

/*
 * The route table as the browser calls it: each endpoint's method and path, its schemas as types only
 * (RouteRef in http/route.ts says why). Browser code calls `call(orderApi.create, …)`; the services and
 * the OpenAPI document use the table itself.
 */

export const accountApi: RouteRefsOf<typeof accountRoutes> = {
  register: { method: 'POST', path: '/api/my-account/register' },
  signIn: { method: 'POST', path: '/api/my-account/login' },
  signOut: { method: 'POST', path: '/api/my-account/logout' },
  signOutEverywhere: { method: 'POST', path: '/api/my-account/logout-all' },
  forgotPassword: { method: 'POST', path: '/api/my-account/password/forgot' },
  resetPassword: { method: 'POST', path: '/api/my-account/password/reset' },
  changePassword: { method: 'POST', path: '/api/my-account/password/change' },
  sessions: { method: 'GET', path: '/api/my-account/sessions' },
  endSession: { method: 'DELETE', path: '/api/my-account/sessions/:id' },
  verifyEmail: { method: 'POST', path: '/api/my-account/email/verify' },
  resendVerification: { method: 'POST', path: '/api/my-account/email/verification' },
  me: { method: 'GET', path: '/api/my-account/me' },
  addresses: { method: 'GET', path: '/api/my-account/addresses' },
  createAddress: { method: 'POST', path: '/api/my-account/address' },
  updateAddress: { method: 'PUT', path: '/api/my-account/address/:id' },
  deleteAddress: { method: 'DELETE', path: '/api/my-account/address/:id' },
  orders: { method: 'GET', path: '/api/my-account/orders' },
  quotes: { method: 'GET', path: '/api/my-account/quotes' },
};

export const adminApi: RouteRefsOf<typeof adminRoutes> = {
  createQuote: { method: 'POST', path: '/api/admin/quotes' },
  issueLink: { method: 'POST', path: '/api/admin/quotes/:quote/links' },
  quoteDetail: { method: 'GET', path: '/api/admin/quotes/:quote' },
  updateQuote: { method: 'PUT', path: '/api/admin/quotes/:quote' },
  revokeLinks: { method: 'POST', path: '/api/admin/quotes/:quote/links/revoke' },
  listQuotes: { method: 'GET', path: '/api/admin/quotes' },
  listOrders: { method: 'GET', path: '/api/admin/orders' },
  exportOrders: { method: 'GET', path: '/api/admin/orders.csv' },
  orderDetail: { method: 'GET', path: '/api/admin/orders/:order' },
  addOrderNote: { method: 'POST', path: '/api/admin/orders/:order/notes' },
  cancelOrder: { method: 'POST', path: '/api/admin/orders/:order/cancel' },
  refundOrder: { method: 'POST', path: '/api/admin/orders/:order/refunds' },
  resendConfirmation: { method: 'POST', path: '/api/admin/orders/:order/resend-confirmation' },
  audit: { method: 'GET', path: '/api/admin/audit' },
  dashboard: { method: 'GET', path: '/api/admin/dashboard' },
  splitPayment: { method: 'POST', path: '/api/admin/orders/:order/split-payment' },
  signIn: { method: 'POST', path: '/api/admin/sign-in' },
  signOut: { method: 'POST', path: '/api/admin/sign-out' },
  signOutEverywhere: { method: 'POST', path: '/api/admin/sign-out-everywhere' },
  me: { method: 'GET', path: '/api/admin/me' },
  newRecoveryCodes: { method: 'POST', path: '/api/admin/me/recovery-codes' },
  setupStart: { method: 'POST', path: '/api/admin/setup/start' },
  setupComplete: { method: 'POST', path: '/api/admin/setup/complete' },
  listStaff: { method: 'GET', path: '/api/admin/staff' },
  createStaff: { method: 'POST', path: '/api/admin/staff' },
  updateStaff: { method: 'PATCH', path: '/api/admin/staff/:staffId' },
  newSetupLink: { method: 'POST', path: '/api/admin/staff/:staffId/setup-link' },
  submissionForms: { method: 'GET', path: '/api/admin/submissions/forms' },
  submissions: { method: 'GET', path: '/api/admin/submissions' },
  submissionFile: { method: 'GET', path: '/api/admin/submissions/:submissionId/files/:fileId' },
  submissionsCsv: { method: 'GET', path: '/api/admin/submissions.csv' },
  deadLetters: { method: 'GET', path: '/api/admin/dead-letters' },
  resendEmailDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/emails/:id/resend' },
  retryJobDeadLetter: { method: 'POST', path: '/api/admin/dead-letters/jobs/:service/:id/retry' },
};

export const catalogApi: RouteRefsOf<typeof catalogRoutes> = {
  styles: { method: 'GET', path: '/api/catalog/styles' },
  samples: { method: 'GET', path: '/api/catalog/samples' },
};

export const contentApi: RouteRefsOf<typeof contentRoutes> = {
  site: { method: 'GET', path: '/api/content/site' },
  page: { method: 'GET', path: '/api/content/page' },
  productStyles: { method: 'GET', path: '/api/content/product-styles' },
  productStyle: { method: 'GET', path: '/api/content/product-styles/:styleName' },
  form: { method: 'GET', path: '/api/content/forms/:formName' },
  estimator: { method: 'GET', path: '/api/content/estimator/:name' },
  checkoutPages: { method: 'GET', path: '/api/content/checkout-pages' },
  head: { method: 'GET', path: '/api/content/head' },
  robotsTxt: { method: 'GET', path: '/api/content/robots.txt' },
  sitemapXml: { method: 'GET', path: '/api/content/sitemap.xml' },
  blogList: { method: 'GET', path: '/api/content/blogs' },
  blogCategories: { method: 'GET', path: '/api/content/blogs/categories' },
  blogCategoryPosts: { method: 'GET', path: '/api/content/blogs/categories/:categorySlug' },
  blogAuthors: { method: 'GET', path: '/api/content/blogs/authors' },
  blogAuthorPosts: { method: 'GET', path: '/api/content/blogs/authors/:authorId' },
  blogPost: { method: 'GET', path: '/api/content/blogs/posts/:blogDetailPath' },
  locationCountries: { method: 'GET', path: '/api/content/locations/countries' },
  locationStates: { method: 'GET', path: '/api/content/locations/countries/:country/states' },
  locationCities: { method: 'GET', path: '/api/content/locations/countries/:country/states/:state/cities' },
  productCategories: { method: 'GET', path: '/api/content/product-categories' },
  productCategory: { method: 'GET', path: '/api/content/product-categories/:slug' },
  reviews: { method: 'GET', path: '/api/reviews/birdeye' },
  reviewSummary: { method: 'GET', path: '/api/reviews/summary' },
  search: { method: 'GET', path: '/api/search' },
};

export const formApi: RouteRefsOf<typeof formRoutes> = {
  submit: { method: 'POST', path: '/api/forms/:formName' },
  slots: { method: 'GET', path: '/api/forms/:formName/slots' },
  submissionForms: { method: 'GET', path: '/internal/forms/submissions/forms' },
  submissions: { method: 'GET', path: '/internal/forms/submissions' },
  submissionFile: { method: 'GET', path: '/internal/forms/submissions/:submissionId/files/:fileId' },
  submissionsCsv: { method: 'GET', path: '/internal/forms/submissions.csv' },
};

export const gatewayApi: RouteRefsOf<typeof gatewayRoutes> = {
  remotes: { method: 'GET', path: '/config/remotes.json' },
  upstreams: { method: 'GET', path: '/health/upstreams' },
  openApi: { method: 'GET', path: '/api/openapi.json' },
  docs: { method: 'GET', path: '/api/docs' },
};

export const jobApi: RouteRefsOf<typeof jobRoutes> = {
  formsDeadLetters: { method: 'GET', path: '/internal/jobs/dead-letters' },
  formsRetryDeadLetter: { method: 'POST', path: '/internal/jobs/dead-letters/:id/retry' },
  ordersDeadLetters: { method: 'GET', path: '/internal/jobs/dead-letters' },
  ordersRetryDeadLetter: { method: 'POST', path: '/internal/jobs/dead-letters/:id/retry' },
  paymentsDeadLetters: { method: 'GET', path: '/internal/jobs/dead-letters' },
  paymentsRetryDeadLetter: { method: 'POST', path: '/internal/jobs/dead-letters/:id/retry' },
};

export const orderApi: RouteRefsOf<typeof orderRoutes> = {
  cartSummary: { method: 'POST', path: '/api/order/cart-summary' },
  cartSummaryOfLines: { method: 'GET', path: '/api/order/cart-summary' },
  create: { method: 'POST', path: '/api/order' },
  update: { method: 'PATCH', path: '/api/order' },
  view: { method: 'GET', path: '/api/order/view/:id' },
  shippingRate: { method: 'POST', path: '/api/order/shipping-rate' },
  tax: { method: 'POST', path: '/api/order/tax' },
  checkoutLocations: { method: 'GET', path: '/api/order/checkout-locations' },
  sendEmail: { method: 'POST', path: '/api/email/send-email' },
  lookup: { method: 'GET', path: '/api/order/:orderId' },
  splitPayment: { method: 'POST', path: '/api/order/:id/split-payment' },
  payable: { method: 'GET', path: '/internal/orders/:id/payable' },
  paymentResult: { method: 'POST', path: '/internal/orders/:id/payment-result' },
  queueFormEmails: { method: 'POST', path: '/internal/email/queue' },
  mailbox: { method: 'GET', path: '/dev/mailbox' },
  mailboxMessages: { method: 'GET', path: '/dev/mailbox/messages.json' },
  mailboxMessage: { method: 'GET', path: '/dev/mailbox/messages/:id' },
};

export const paymentApi: RouteRefsOf<typeof paymentRoutes> = {
  paymentMethods: { method: 'GET', path: '/api/payment-methods' },
  startAttempt: { method: 'POST', path: '/api/payment/attempts' },
  webhook: { method: 'POST', path: '/api/payment/webhooks/:gateway' },
  createIntent: { method: 'POST', path: '/api/payment/:gateway/payment-intent' },
  verify: { method: 'POST', path: '/api/payment/:paymentMethod/verify' },
  updateStripeIntent: { method: 'PATCH', path: '/api/payment/stripe/payment-intent' },
  captureStripePayment: { method: 'POST', path: '/api/payment/stripe/capture-payment' },
  retrieveStripeIntent: { method: 'POST', path: '/api/payment/stripe/payment-intent/retrieve' },
  processAuthorizeNetTransaction: { method: 'POST', path: '/api/payment/authorize-net/process-transaction' },
  createPayPalOrder: { method: 'POST', path: '/api/payment/paypal/order' },
  updatePayPalOrder: { method: 'PATCH', path: '/api/payment/paypal/order' },
  capturePayPalOrder: { method: 'POST', path: '/api/payment/paypal/capture' },
  sandboxHostedFieldsScript: { method: 'GET', path: '/api/payment/sandbox/hosted-fields.js' },
  sandboxHostedFieldsFrame: { method: 'GET', path: '/api/payment/sandbox/hosted-fields' },
  sandboxHostedFieldsFrameScript: { method: 'GET', path: '/api/payment/sandbox/hosted-fields/frame.js' },
  sandboxChallengePage: { method: 'GET', path: '/api/payment/sandbox/challenge/:intentId' },
  sandboxChallengeAnswer: { method: 'POST', path: '/api/payment/sandbox/challenge/:intentId' },
  sandboxPayPalPage: { method: 'GET', path: '/api/payment/sandbox/paypal/approve/:orderId' },
  sandboxPayPalAnswer: { method: 'POST', path: '/api/payment/sandbox/paypal/approve/:orderId' },
  refundPayment: { method: 'POST', path: '/internal/payments/refunds' },
  orderPayments: { method: 'GET', path: '/internal/payments/orders/:orderId/payments' },
};

export const quoteApi: RouteRefsOf<typeof quoteRoutes> = {
  byLink: { method: 'GET', path: '/api/quote' },
  view: { method: 'GET', path: '/api/quote/view/:id' },
  paymentOrder: { method: 'POST', path: '/api/quote/payment-order' },
  convertToOrder: { method: 'POST', path: '/api/quote/convertToOrder' },
};
