export * from './api.js';
export * from './site.js';
export * from './pages.js';
// block type -> the remote module that draws it
export * from './blocks.js';
export * from './head.js';
export * from './catalog.js';
export * from './forms.js';
export * from './booking.js';
export * from './estimator.js';
export * from './cart.js';
export * from './orders.js';
export * from './quotes.js';
// paying an order's balance in instalments
export * from './split-payment.js';
// the back office over HTTP (/api/admin/*)
export * from './admin.js';
// customer accounts (/api/my-account)
export * from './accounts.js';
export * from './payments.js';
export * from './commerce-settings.js';
export * from './page-render.js';
export * from './checkout.js';
export * from './email.js';
export * from './blogs.js';
// site search
export * from './search.js';
// catalog listing API
export * from './catalog-listing.js';
// product categories: showcase and category handler
export * from './product-categories.js';
// form e-mails: forms -> orders outbox
export * from './form-notifications.js';
// location lists for dynamicOptions form fields
export * from './locations.js';
// the reviews API's answers; request schemas of the content API's definition files
export * from './reviews.js';
export * from './content-api.js';
// the route table, its vocabulary, the browser's API client and the rules both sides share
export * from './http/route.js';
export { INTERNAL_CALLER_HEADER, INTERNAL_SIGNATURE_HEADER } from './http/headers.js';
export * from './http/route-input.js';
export * from './http/api-client.js';
export * from './http/page-data-urls.js';
export * from './rules/field-rules.js';
export * from './rules/checkout-address.js';
export * from './routes/index.js';
export * from './rules/plain-object.js';
export * from './rules/quantity.js';
// videos are named by provider id; their facts live in content/data/videos.json only
export * from './videos.js';
