// The staff back office's pages (mf-backoffice, under /admin): plain strings, free of any schema, so
// the shell's route table, the gateway and the back office's own links do not bring yup along.

/** Every page of the back office. `:order` is an order's number (SF-100013), `:quote` a quote's (Q-100001). */
export const ADMIN_PATHS = {
  home: '/admin',
  signIn: '/admin/sign-in',
  setup: '/admin/setup',
  account: '/admin/account',
  orders: '/admin/orders',
  order: '/admin/orders/:order',
  quotes: '/admin/quotes',
  quoteNew: '/admin/quotes/new',
  quote: '/admin/quotes/:quote',
  submissions: '/admin/submissions',
  operations: '/admin/operations',
  audit: '/admin/audit',
  staff: '/admin/staff',
} as const;

export type AdminPathName = keyof typeof ADMIN_PATHS;

/** One order's page in the back office, by its number. */
export function adminOrderPath(orderNumber: string): string {
  return ADMIN_PATHS.order.replace(':order', encodeURIComponent(orderNumber));
}

/** One quote's page in the back office, by its number. */
export function adminQuotePath(quoteNumber: string): string {
  return ADMIN_PATHS.quote.replace(':quote', encodeURIComponent(quoteNumber));
}

/**
 * Whether a page address is the back office's (`/admin` or under it), read as the router reads it:
 * static segments in any case, repeated or trailing slashes ignored, query and fragment dropped.
 * `/administrator` or `/admins` are not.
 */
export function isAdminPath(pathOrUrl: string): boolean {
  const pathname = pathOrUrl.split(/[?#]/, 1)[0] ?? '';
  const path = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1').toLowerCase();
  return path === ADMIN_PATHS.home || path.startsWith(`${ADMIN_PATHS.home}/`);
}
