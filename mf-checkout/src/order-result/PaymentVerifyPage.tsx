import { useEffect, useRef } from 'react';
import { PAYMENT_MESSAGES, apiUrl, call, paymentApi, splitPaymentPath, type CheckoutPagesContent, type PaymentVerifyRequest, type PaymentVerifyResponse } from '@storefront/contracts';
import { LoadingState, PageContainer, usePageData, useNavigate, useParams, useSearchParams } from '@storefront/ui';
import {
  clearPaymentReturnContext,
  completeOrder,
  PAYMENT_FAIL_PATH,
  type PaymentFailedState,
  type PaymentReturnContext,
  paymentReturnPath,
  readPaymentReturnContext,
  readRetainedOrder,
} from '../payment/index.js';
import { quotePaymentResult } from '../quote-payment/quote-payment-flow.js';
import type { SplitPaymentLocationState } from '../split-payment/SplitPaymentPage.js';
import { confirmSplitPayment } from '../split-payment/split-payment-flow.js';
import { CHECKOUT_PAGES_URL, DEFAULT_PROCESSING_TEXT } from './checkout-pages.js';
import '../shared/checkout.css';

/** /payment/verify/stripe has no method segment: it is the card gateway's return address. */
const DEFAULT_METHOD = 'stripe';

/**
 * Who proves the payment is theirs when the address has no client secret (PayPal): a quote link's
 * token (the quote's order token), the split-payment page's order e-mail, else the checkout's
 * retained order's token.
 */
function proofFor(context: PaymentReturnContext | null, clientSecret: string | undefined): { orderToken?: string; body: { orderEmail?: string } } {
  if (clientSecret) return { body: {} };
  if (context?.kind === 'quote') return { orderToken: context.token, body: {} };
  if (context?.kind === 'split') return { body: { orderEmail: context.email } };
  const orderToken = readRetainedOrder()?.orderToken;
  return { ...(orderToken ? { orderToken } : {}), body: {} };
}

/** A context left by an abandoned payment must not steer another order's return. */
function belongsTo(context: PaymentReturnContext, result: PaymentVerifyResponse | undefined): boolean {
  const number = result?.metadata?.orderIncrementId;
  return !number || number === context.orderIncrementId;
}

/**
 * Where a failed payment goes: back to the quote link or split-payment page that started it (the
 * tab's context), else the checkout's /payment/fail; with why, in the payments service's words
 * (PayPal's 'Failed to capture PayPal payment. Please try again.', ...) or the spec's 'Payment failed'.
 */
export function failedPaymentTarget(context: PaymentReturnContext | null, result: PaymentVerifyResponse | undefined): { path: string; state: PaymentFailedState } {
  const message = result?.error?.trim() || PAYMENT_MESSAGES.failed;
  const returned = context && belongsTo(context, result) ? context : null;
  return { path: returned ? paymentReturnPath(returned) : PAYMENT_FAIL_PATH, state: { paymentFailed: message } };
}

export function verifyUrl(paymentMethod: string): string {
  return apiUrl(paymentApi.verify, { params: { paymentMethod } });
}

/**
 * /payment/{paymentMethod}/verify and /payment/verify/stripe (spec 2 and 4, payment return): shows
 * only the processing text while it asks the payments service whether the payment went through
 * (payment_intent and payment_intent_client_secret from the card gateway, token from PayPal), then
 * runs the success flow or goes to /payment/fail. The verify call is made once per page, even when
 * React runs the effect twice.
 */
export default function PaymentVerifyPage() {
  const navigate = useNavigate();
  const { paymentMethod = DEFAULT_METHOD } = useParams();
  const [params] = useSearchParams();
  const content = usePageData<CheckoutPagesContent>(CHECKOUT_PAGES_URL);
  const started = useRef(false);
  const paymentIntentId = params.get('payment_intent') ?? params.get('token') ?? '';
  const clientSecret = params.get('payment_intent_client_secret') ?? undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // a quote or split payment that left for the provider's page says which (checkout payments leave
    // none); read once and removed, so a later checkout's return is never steered by it
    const context = readPaymentReturnContext();
    clearPaymentReturnContext();
    const fail = (result?: PaymentVerifyResponse) => {
      const target = failedPaymentTarget(context, result);
      navigate(target.path, { replace: true, state: target.state });
    };
    if (!paymentIntentId) {
      fail();
      return;
    }
    const proof = proofFor(context, clientSecret);
    const request: PaymentVerifyRequest = { paymentIntentId, ...(clientSecret ? { paymentIntentClientSecret: clientSecret } : {}), ...proof.body };
    void (async () => {
      try {
        const answer = await call(paymentApi.verify, { params: { paymentMethod }, body: request, orderToken: proof.orderToken });
        const result = answer.ok ? answer.data : undefined;
        // Spec 4, payment return: a verified payment goes to the success page, completed or still
        // pending (then worded as being confirmed); /payment/fail is for failures only.
        if (result?.success && (result.status === 'completed' || result.status === 'pending')) {
          const flags = { paymentPending: result.status === 'pending', testPayment: result.testPayment === true };
          const returned = context && belongsTo(context, result) ? context : null;
          if (returned?.kind === 'quote') {
            // the quote's order: convertToOrder tells the balance a part payment left
            const paid = await quotePaymentResult(
              { quoteId: returned.quoteId, token: returned.token, transactionId: result.transactionId ?? undefined, splitAmountCents: returned.splitAmountCents },
              {},
            );
            const { orderIncrementId = result.metadata?.orderIncrementId ?? returned.orderIncrementId, ...amounts } = paid;
            completeOrder(orderIncrementId, navigate, true, { ...flags, ...amounts });
            return;
          }
          if (returned?.kind === 'split') {
            const back = splitPaymentPath(returned.orderId, returned.email);
            const confirmed = result.transactionId ? await confirmSplitPayment(returned.orderId, returned.email, result.transactionId) : null;
            if (confirmed?.ok && confirmed.order.amountDue <= 0) {
              completeOrder(confirmed.order.orderIncrementId, navigate, true, flags);
              return;
            }
            // a balance is left (or the order could not be re-read): back to the page, which reads it again
            const state: SplitPaymentLocationState = { paymentSuccessful: true };
            navigate(back, { replace: true, state });
            return;
          }
          const orderIncrementId = result.metadata?.orderIncrementId ?? readRetainedOrder()?.orderIncrementId;
          if (orderIncrementId) {
            completeOrder(orderIncrementId, navigate, true, flags);
            return;
          }
        }
        fail(result);
      } catch {
        fail();
      }
    })();
  }, [paymentIntentId, clientSecret, paymentMethod, navigate]);

  const text = content.data?.verify?.processing || DEFAULT_PROCESSING_TEXT;
  return (
    <PageContainer>
      <LoadingState label={text} />
    </PageContainer>
  );
}
