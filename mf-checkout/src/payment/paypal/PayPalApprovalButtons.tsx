import { useEffect, useMemo, useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer, type ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { ErrorState, LoadingState } from '@storefront/ui';
import type { ApprovalButtonsProps } from '../provider-props.js';

/**
 * PayPal's buttons (@paypal/react-paypal-js) for the PayPal method on its real provider. The JS SDK
 * comes from the method's `config.scriptUrl` (PAYPAL_SDK_URL: PayPal's, or a stand-in in e2e) with
 * its client id, USD and intent capture (spec 7). createOrder runs the checkout's own path (the form
 * validated, the order saved, the attempt started through POST /api/payment/attempts) and hands
 * PayPal the order id the attempt answered; onApprove goes on as PayPal's redirect would.
 */
export default function PayPalApprovalButtons(props: ApprovalButtonsProps) {
  const { clientId, scriptUrl } = props.method.config ?? {};
  const options = useMemo<ReactPayPalScriptOptions | null>(
    () => (clientId ? { clientId, currency: 'USD', intent: 'capture', components: 'buttons', ...(scriptUrl ? { sdkBaseUrl: scriptUrl } : {}) } : null),
    [clientId, scriptUrl],
  );
  if (!options) {
    console.error(`PayPal: ${PAYMENT_MESSAGES.paypalConfigNotFound}`);
    return <ErrorState title={PAYMENT_MESSAGES.paypalConfigNotFound} message={PAYMENT_MESSAGES.paypalConfigFailed} />;
  }
  return (
    <PayPalScriptProvider options={options}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ disabled, startPayment, onApproved, onCanceled, onFailed }: ApprovalButtonsProps) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // createOrder's refusal was already explained by the checkout: PayPal's onError must not say more
  const refusedByCheckout = useRef(false);

  useEffect(() => {
    // spec 8: a provider script that fails to load is logged (and the shopper told PayPal is unavailable)
    if (isRejected) console.error(`PayPal: ${PAYMENT_MESSAGES.paypalConfigFailed}`);
  }, [isRejected]);

  if (isRejected) return <ErrorState title={PAYMENT_MESSAGES.paypalConfigFailed} message="Please choose another payment method or try again later." />;
  if (isPending) return <LoadingState label="Loading PayPal…" />;
  return (
    <div className="sf-checkout-paypal-buttons" data-testid="paypal-buttons">
      <PayPalButtons
        disabled={disabled}
        style={{ layout: 'vertical', label: 'paypal' }}
        fundingSource="paypal"
        createOrder={async () => {
          refusedByCheckout.current = false;
          const paymentId = await startPayment();
          if (!paymentId) {
            refusedByCheckout.current = true;
            throw new Error(PAYMENT_MESSAGES.paypalCreateFailed);
          }
          return paymentId;
        }}
        onApprove={async (data) => {
          onApproved(data.orderID, data.payerID ?? null);
        }}
        onCancel={() => onCanceled()}
        onError={(error) => {
          if (refusedByCheckout.current) {
            refusedByCheckout.current = false;
            return;
          }
          console.error('PayPal:', error);
          onFailed(PAYMENT_MESSAGES.paypalProcessingError);
        }}
      />
    </div>
  );
}
