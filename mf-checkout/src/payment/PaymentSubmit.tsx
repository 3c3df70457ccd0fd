import type { ReactNode } from 'react';
import { PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { Alert, Button } from '@storefront/ui';
import type { TransientMessage } from '../shared/useTransientMessage.js';
import { approvalButtonsFor } from './approval-buttons.js';
import { cardEntryOf, paymentMethodKey } from './payment-methods.js';

/** The form's banner, as useTransientMessage gives it. */
interface Banner {
  message: TransientMessage | null;
  show(message: TransientMessage): void;
  clear(): void;
}

export interface PaymentSubmitProps {
  /** the method that takes the money */
  method: PaymentMethod | undefined;
  placing: boolean;
  /** a submit taken and waiting for the card fields to arrive: the button shows it is busy (spinner, aria-busy) */
  waiting?: boolean;
  banner: Banner;
  startApproval(): Promise<string | null>;
  onApproved(paymentId: string, payerId: string | null): void;
  submitText: string;
  paypalText?: string;
  /** 'Pay with PayPal' checks the form its own way (the checkout's PayPal message); without it, it submits the form */
  onPaypal?: () => void;
  /** the submit button shows a spinner and is marked busy while paying (the pages' Pay; the checkout's Submit has the overlay only) */
  busySubmit?: boolean;
  /** more actions beside the submit button (the checkout's Reset) */
  children?: ReactNode;
}

/**
 * The end of a payment form, the same at checkout and on the quote payment and split-payment pages:
 * the banner where the shopper's eyes are after paying, then the provider's own buttons, 'Pay with
 * PayPal', or the submit button.
 */
export function PaymentSubmit({
  method,
  placing,
  waiting = false,
  banner,
  startApproval,
  onApproved,
  submitText,
  paypalText = 'Pay with PayPal',
  onPaypal,
  busySubmit = false,
  children,
}: PaymentSubmitProps) {
  // a method without card fields is approved on the provider's page: its own buttons (PayPal's, on
  // its real provider) replace the submit button; the sandbox's has 'Pay with PayPal' (a redirect)
  const isPaypal = method !== undefined && cardEntryOf(method) === 'none';
  const ApprovalButtons = method && isPaypal ? approvalButtonsFor(method) : undefined;
  let submit: ReactNode;
  if (ApprovalButtons && method) {
    submit = (
      <ApprovalButtons
        key={paymentMethodKey(method)}
        method={method}
        disabled={placing}
        startPayment={startApproval}
        onApproved={onApproved}
        onCanceled={() => banner.show({ type: 'error', text: PAYMENT_MESSAGES.paypalTransactionError })}
        onFailed={(message) => banner.show({ type: 'error', text: message })}
      />
    );
  } else if (isPaypal) {
    submit = (
      <Button className="sf-checkout-paypal" type={onPaypal ? 'button' : 'submit'} disabled={placing} onClick={onPaypal}>
        {paypalText}
      </Button>
    );
  } else {
    const busy = (busySubmit && placing) || waiting;
    submit = (
      <Button type="submit" disabled={placing} aria-busy={busy || undefined}>
        {busy && <span className="sf-spinner" aria-hidden="true" />}
        {submitText}
      </Button>
    );
  }
  return (
    <>
      {/* role=alert announces it wherever it is; here it is seen too (a long form would put it off screen) */}
      {banner.message && (
        <Alert type={banner.message.type} onDismiss={banner.clear}>
          {banner.message.text}
        </Alert>
      )}
      <div className="sf-checkout-actions">
        {submit}
        {children}
      </div>
    </>
  );
}

/** Over the page while paying (and until the provider's page replaces it): what is happening, announced. */
export function PayingOverlay({ text }: { text: string }) {
  return (
    <div className="sf-checkout-overlay" role="status" aria-live="assertive" aria-busy="true">
      <span className="sf-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
