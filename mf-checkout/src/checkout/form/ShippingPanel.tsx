import { CHECKOUT_MESSAGES, NO_SHIPPING_METHODS } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import type { CartSummaryResult } from '../useCartSummary.js';
import { FieldError, fieldIds, useFieldError } from '../../shared/fields.js';

/** The shipping method display (spec 4: shipping panel texts). The method comes from the server's quote. */
export function ShippingPanel({ summary, hasDestination }: { summary: CartSummaryResult; hasDestination: boolean }) {
  const error = useFieldError('shippingMethod');
  const ids = fieldIds('shippingMethod');
  const shipping = summary.summary?.shipping ?? null;
  let body;
  if (hasDestination && summary.calculating) {
    body = <p className="sf-checkout-shipping__note">{CHECKOUT_MESSAGES.calculatingShipping}</p>;
  } else if (hasDestination && summary.status === 'error') {
    body = <p className="sf-field__error">{CHECKOUT_MESSAGES.shippingFailed}</p>;
  } else if (!hasDestination || !shipping) {
    body = <p className="sf-checkout-shipping__note">{CHECKOUT_MESSAGES.shippingAfterAddress}</p>;
  } else if (shipping.method === NO_SHIPPING_METHODS) {
    body = <p className="sf-checkout-shipping__none">{CHECKOUT_MESSAGES.noShippingMethodsPanel}</p>;
  } else {
    body = (
      <p className="sf-checkout-shipping__method">
        <span>{shipping.label}</span> <strong>{formatCents(shipping.amount)}</strong>
      </p>
    );
  }
  return (
    <div className="sf-checkout-shipping" aria-live="polite" aria-describedby={error ? ids.error : undefined}>
      {body}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
