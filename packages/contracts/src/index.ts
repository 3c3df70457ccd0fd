// The one public face of @storefront/contracts, by domain. Each domain folder holds its schemas,
// routes, messages and paths; routes/index.ts assembles the route table from the domains' routes.

// content: pages, blocks (block type -> the remote module that draws it), heads, blogs, reviews, videos
export * from './content/site.js';
export * from './content/pages.js';
export * from './content/blocks.js';
export * from './content/head.js';
export * from './content/page-render.js';
export * from './content/blogs.js';
// the reviews API's answers; request schemas of the content API's definition files
export * from './content/reviews.js';
export * from './content/schemas.js';
// videos are named by provider id; their facts live in content/data/videos.json only
export * from './content/videos.js';

// catalog: styles, the listing API, product categories (showcase and category handler)
export * from './catalog/styles.js';
export * from './catalog/listing.js';
export * from './catalog/categories.js';

// forms: definitions and submissions, bookings, form e-mails (forms -> orders outbox), location lists
export * from './forms/schemas.js';
export * from './forms/booking.js';
export * from './forms/notifications.js';
export * from './forms/locations.js';
// the back office's reads of submissions (internal, called by orders)
export * from './forms/back-office.js';

export * from './estimator/prices.js';

// the job runners' dead letters over HTTP (internal, served by forms, orders and payments, called by orders)
export * from './jobs/schemas.js';

// checkout: the sample cart, the checkout's schemas, shipping and tax settings
export * from './checkout/cart.js';
export * from './checkout/schemas.js';
export * from './checkout/commerce-settings.js';

// orders and their e-mails
export * from './orders/schemas.js';
export * from './orders/email.js';
export type { RecordTotals } from './orders/priced-fields.js';

// payments, and paying an order's balance in instalments
export * from './payments/schemas.js';
export * from './payments/split-payment.js';
export * from './payments/refunds.js';

export * from './quotes/schemas.js';

// customer accounts (/api/my-account) and the back office over HTTP (/api/admin/*)
export * from './accounts/schemas.js';
export * from './admin/schemas.js';
export * from './admin/staff-schemas.js';
export * from './admin/order-schemas.js';
// the back office's operations: every source's dead letters (the e-mail outbox, the job runners)
export * from './admin/operations-schemas.js';
export * from './admin/staff-session.js';
// the back office's pages (mf-backoffice, /admin): schema-free, for the shell, the gateway and the remote
export * from './admin/paths.js';

// site search
export * from './search/schemas.js';

// the route table, its vocabulary, the browser's API client and the rules both sides share
export * from './http/errors.js';
export * from './http/route.js';
export { INTERNAL_CALLER_HEADER, INTERNAL_SIGNATURE_HEADER } from './http/headers.js';
export * from './http/route-input.js';
export * from './http/api-client.js';
export * from './http/page-data-urls.js';
export * from './routes/index.js';
export * from './rules/field-rules.js';
export * from './rules/ids.js';
export * from './rules/checkout-address.js';
export * from './rules/plain-object.js';
export * from './rules/quantity.js';
