// The site's pages that e-mails, links and the shell's routes point at: plain strings, free of any schema, so a page
// that only links to them does not bring yup along.

/**
 * The customer's page for one order (the link in the order confirmation e-mail, with its view token
 * as ?token=). Not in the spec's route list: its reading of "a view link in the confirmation e-mail".
 */
export const ORDER_VIEW_PATH = '/order/view/:orderId';
export function orderViewPath(orderId: string): string {
  return ORDER_VIEW_PATH.replace(':orderId', encodeURIComponent(orderId));
}

/** The path of a quote payment link: what the quote payment page (mf-checkout) reads. */
export const QUOTE_PAYMENT_PATH = '/quote/payment';
export function quotePaymentPath(quoteId: string, token: string): string {
  return `${QUOTE_PAYMENT_PATH}?quoteId=${encodeURIComponent(quoteId)}&token=${encodeURIComponent(token)}`;
}

/**
 * The quote view page (spec 2, "quote view page"), for whoever holds the quote's payment-link token
 * (?token=): the same proof GET /api/quote/view/:id asks for.
 */
export const QUOTE_VIEW_PATH = '/quote/view/:quoteId';
export function quoteViewPath(quoteId: string, token: string): string {
  return `${QUOTE_VIEW_PATH.replace(':quoteId', encodeURIComponent(quoteId))}?token=${encodeURIComponent(token)}`;
}

export const SPLIT_PAYMENT_PATH = '/order/split-payment';

/** The split-payment page for an order: what the confirmation e-mails link to ("complete payment"). */
export function splitPaymentPath(orderId: string, email: string): string {
  return `${SPLIT_PAYMENT_PATH}?orderId=${encodeURIComponent(orderId)}&email=${encodeURIComponent(email)}`;
}

/** Spec §2 `{categoryPath}`: where the category showcase lives (one place for the shell, links and the page table). */
export const CATEGORY_PATH = '/categories';

/** The showcase address of one category. */
export function productCategoryPath(slug: string): string {
  return `${CATEGORY_PATH}/${encodeURIComponent(slug)}`;
}
