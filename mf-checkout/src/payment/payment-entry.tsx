import type { ReactNode } from 'react';
import { PAYMENT_MESSAGES, TEST_PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { Alert, ErrorState } from '@storefront/ui';
import { approvalButtonsFor } from './approval-buttons.js';
import { cardFieldsFor, cardTokenizerFor } from './card-fields.js';
import { useCardSubmitWait } from './card-fields-slot.js';
import { cardEntryOf, isSandbox, paymentMethodKey } from './payment-methods.js';

/**
 * How the shopper enters the chosen method's payment on a form (the checkout, a quote's or a split
 * payment's): card fields of the method's provider, or approval on the provider's page (PayPal's),
 * and the Submit kept while card fields are still on their way (card-fields-slot.ts).
 */
export function usePaymentEntry(method: PaymentMethod | undefined, placingRef: { current: boolean }) {
  // a method without card fields is approved on the provider's page (PayPal's button)
  const isPaypal = method !== undefined && cardEntryOf(method) === 'none';
  const tokenizer = method && !isPaypal ? cardTokenizerFor(method) : null;
  const CardFields = method && !isPaypal ? cardFieldsFor(method) : undefined;
  // the provider's own buttons (PayPal's, on its real provider) replace Submit; the sandbox keeps its redirect button
  const hasApprovalButtons = method !== undefined && isPaypal && approvalButtonsFor(method) !== undefined;
  const cardWait = useCardSubmitWait(method && CardFields ? paymentMethodKey(method) : '', placingRef);
  const cardSlot = cardWait.slot;
  /** The tokenizer a submit pays `chosen` with (none for approval on the provider's page), or why cards cannot be taken. */
  const cardFor = (chosen: PaymentMethod) => (cardEntryOf(chosen) === 'none' ? null : cardTokenizerFor(chosen, cardSlot.current));
  return { method, isPaypal, tokenizer, CardFields, hasApprovalButtons, cardWait, cardSlot, cardFor };
}

export type PaymentEntry = ReturnType<typeof usePaymentEntry>;

export interface PaymentEntryFieldsProps {
  entry: PaymentEntry;
  /** the amount the card fields show the provider (cents) */
  amount: number | undefined;
  /** the card fields' own Enter submits the page's form */
  onSubmit(): void;
  /** what a PayPal method says will happen: in a window opened by its buttons, or on PayPal's page */
  paypalHint: { window: string; redirect: string };
}

/** The test-mode notice of a sandbox method, then the card fields, why cards cannot be taken, or PayPal's hint. */
export function PaymentEntryFields({ entry, amount, onSubmit, paypalHint }: PaymentEntryFieldsProps) {
  const { method, isPaypal, tokenizer, CardFields, hasApprovalButtons, cardSlot } = entry;
  let fields: ReactNode = null;
  if (method && !isPaypal && tokenizer) {
    if ('unavailable' in tokenizer || !CardFields) {
      const title = 'unavailable' in tokenizer ? tokenizer.unavailable : PAYMENT_MESSAGES.failed;
      fields = <ErrorState title={title} message="Card payments cannot be taken right now. Please choose another payment method or try again later." />;
    } else {
      fields = <CardFields key={paymentMethodKey(method)} method={method} amount={amount} onElement={cardSlot.set} onLoading={cardSlot.expect} onSubmit={onSubmit} />;
    }
  } else if (isPaypal) {
    fields = <p className="sf-field__hint">{hasApprovalButtons ? paypalHint.window : paypalHint.redirect}</p>;
  }
  return (
    <>
      {method && isSandbox(method) && (
        <Alert type="info">
          <span className="sf-checkout-test-mode">{TEST_PAYMENT_MESSAGES.testMode}</span>
        </Alert>
      )}
      {fields}
    </>
  );
}
