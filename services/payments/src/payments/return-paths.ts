import type { PaymentScope } from '@storefront/contracts';

/** The sample checkout's page: a canceled sample payment goes back to it (its retained order is kept there). */
export const CHECKOUT_PATH = '/checkout';

/**
 * Where a provider sends a shopper who cancels on its page (PayPal's Cancel), decided here from the
 * kind of payment the orders service says this is (never from a URL the browser sent: no open
 * redirect), always a path on the site's own origin:
 * - a sample order: the checkout, which keeps its own flow (the order is retained there);
 * - a quote's order or a split-payment instalment: the payment return page (`returnUrl`), which
 *   asks the provider what happened (the attempt is settled at once and its words, 'An error
 *   occurred during the PayPal transaction. Please try again.', reach the shopper) and then goes back
 *   to the quote link page or the split-payment page that started the payment. Those pages' addresses
 *   carry the shopper's proof (the quote link's token, which the orders service keeps only hashed,
 *   or the order's e-mail); they are known only to the tab that paid, which kept them for the return
 *   (mf-checkout payment-return-context), so the server never writes a proof into a provider's URL.
 */
export function cancelPathFor(scope: PaymentScope, returnUrl: string): string {
  return scope === 'sample-order' ? CHECKOUT_PATH : returnUrl;
}

/** The address a provider appends its order id to (PayPal adds ?token= to its cancel URL). */
export function withProviderToken(path: string, token: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ token }).toString()}`;
}
