import { quotePaymentPath, splitPaymentPath } from '@storefront/contracts';

/**
 * What a quote or split payment that leaves for the provider's page (3-D Secure, PayPal approval)
 * needs to finish on the verify page: which quote link or which order and e-mail it paid. Kept in
 * sessionStorage (this tab only), written just before the redirect, read and removed by the verify
 * page. The checkout writes none, so its own return path is unchanged.
 */
export type PaymentReturnContext =
  | { kind: 'quote'; quoteId: string; token: string; orderIncrementId: string; splitAmountCents?: number }
  | { kind: 'split'; orderId: string; email: string; orderIncrementId: string };

export const PAYMENT_RETURN_CONTEXT_KEY = 'payment-return-context';

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function storePaymentReturnContext(context: PaymentReturnContext): void {
  session()?.setItem(PAYMENT_RETURN_CONTEXT_KEY, JSON.stringify(context));
}

export function clearPaymentReturnContext(): void {
  session()?.removeItem(PAYMENT_RETURN_CONTEXT_KEY);
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The context a redirect left, or null (none, or unreadable). Never called during render. */
export function readPaymentReturnContext(): PaymentReturnContext | null {
  const raw = session()?.getItem(PAYMENT_RETURN_CONTEXT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (value.kind === 'quote' && text(value.quoteId) && text(value.token) && typeof value.orderIncrementId === 'string') {
      const split = typeof value.splitAmountCents === 'number' ? { splitAmountCents: value.splitAmountCents } : {};
      return { kind: 'quote', quoteId: value.quoteId, token: value.token, orderIncrementId: value.orderIncrementId, ...split };
    }
    if (value.kind === 'split' && text(value.orderId) && text(value.email) && typeof value.orderIncrementId === 'string') {
      return { kind: 'split', orderId: value.orderId, email: value.email, orderIncrementId: value.orderIncrementId };
    }
  } catch {
    // unreadable: treated as none
  }
  clearPaymentReturnContext();
  return null;
}

/**
 * Where a quote or split payment that failed on the provider's page (a declined 3-D Secure, PayPal
 * canceled or its capture refused) goes back to: the quote link page with its token, or the
 * split-payment page with the order number and e-mail (the lookup restored). Built from the tab's
 * own context with the site's own page paths, never from an address the provider or a link gave.
 */
export function paymentReturnPath(context: PaymentReturnContext): string {
  return context.kind === 'quote' ? quotePaymentPath(context.quoteId, context.token) : splitPaymentPath(context.orderIncrementId || context.orderId, context.email);
}

/**
 * Router state the verify page leaves on the page a failed payment returns to (the quote or
 * split-payment page, or /payment/fail for the checkout's): why it failed, in the payments
 * service's words ('Failed to capture PayPal payment. Please try again.', ...) or 'Payment failed'.
 * Router state, not the address: a link cannot put words on these pages.
 */
export interface PaymentFailedState {
  paymentFailed: string;
}

/** The failure a page was returned with, or null. */
export function paymentFailedOf(state: unknown): string | null {
  const value = state && typeof state === 'object' ? (state as Partial<PaymentFailedState>).paymentFailed : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
