import { CHECKOUT_PAGES_URL, type CheckoutPagesContent, type CheckoutPageVariant } from '@storefront/contracts';

export { CHECKOUT_PAGES_URL };
export const DEFAULT_PROCESSING_TEXT = 'Processing your payment…';

/** The success page's order facts: the number, for a partial payment what was paid and what is left, and whether the payment is still being confirmed. */
export interface OrderSuccessFacts {
  orderId: string;
  partialPayment?: string;
  remainingBalance?: string;
  paymentPending?: boolean;
  /** the payment was taken on the sandbox gateway: no money moved */
  testPayment?: boolean;
}

/**
 * The order-success marker is the order number (spec 4). A split payment, or a payment the gateway
 * verified as still pending, stores a small JSON object instead ({ orderIncrementId, partialPayment,
 * remainingBalance, paymentPending, testPayment }); both are read.
 */
export function parseOrderSuccessMarker(raw: string): OrderSuccessFacts | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      const orderId = value.orderIncrementId ?? value.orderId;
      if (typeof orderId !== 'string' && typeof orderId !== 'number') return null;
      const amount = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : undefined);
      return {
        orderId: String(orderId),
        partialPayment: amount(value.partialPayment),
        remainingBalance: amount(value.remainingBalance),
        ...(value.paymentPending === true ? { paymentPending: true } : {}),
        ...(value.testPayment === true ? { testPayment: true } : {}),
      };
    } catch {
      return null;
    }
  }
  return { orderId: text };
}

/**
 * ?key= picks a variant; split=true means the 'split' one; a payment still being confirmed the
 * 'pending' one (never "paid"); anything unknown falls back to 'default'.
 */
export function pickSuccessVariant(content: CheckoutPagesContent, key: string | null, split: boolean, paymentPending = false): CheckoutPageVariant | undefined {
  const variants = content.orderSuccess;
  return (key ? variants[key] : undefined) ?? (split ? variants.split : undefined) ?? (paymentPending ? variants.pending : undefined) ?? variants.default;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** Fills {{order-id}}, {{partial-payment}}, {{remaining-balance}}; values are escaped (they come from storage). */
export function fillPlaceholders(template: string, facts: OrderSuccessFacts, html: boolean): string {
  const values: Record<string, string | undefined> = {
    'order-id': facts.orderId,
    'partial-payment': facts.partialPayment,
    'remaining-balance': facts.remainingBalance,
  };
  return template.replace(/\{\{\s*([a-z-]+)\s*\}\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return name in values ? '' : match;
    return html ? escapeHtml(value) : value;
  });
}
