import type { CartSummary } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { checkoutText } from './messages.js';

/** Every amount here is the server's; the browser only formats it. */
export function CartTotals({ summary }: { summary: CartSummary }) {
  const { shipping } = summary;
  return (
    <dl className="sf-cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(summary.subtotal)}</dd>
      </div>
      <div>
        {shipping === null ? (
          <>
            <dt>Shipping</dt>
            <dd className="sf-cart-totals__note">{checkoutText.shippingAfterAddress}</dd>
          </>
        ) : shipping.method === 'no-methods' ? (
          <>
            <dt>Shipping</dt>
            <dd className="sf-cart-totals__note sf-cart-totals__note--error">{checkoutText.noShippingMethods}</dd>
          </>
        ) : (
          <>
            <dt>Shipping ({shipping.label})</dt>
            <dd>{formatCents(shipping.amount)}</dd>
          </>
        )}
      </div>
      {summary.taxAmount > 0 && (
        <div>
          <dt>Tax ({summary.taxPercent}%)</dt>
          <dd>{formatCents(summary.taxAmount)}</dd>
        </div>
      )}
      <div className="sf-cart-totals__total">
        <dt>Total</dt>
        <dd>{formatCents(summary.total)}</dd>
      </div>
    </dl>
  );
}
