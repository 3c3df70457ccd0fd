import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { apiUrl, call, paymentRoutes, type CheckoutPagesContent, type PaymentVerifyRequest } from '@storefront/contracts';
import { LoadingState, PageContainer, usePageData } from '@storefront/ui';
import { completeOrder, PAYMENT_FAIL_PATH } from '../checkout/complete-order.js';
import { readRetainedOrder } from '../checkout/retained-order.js';
import { CHECKOUT_PAGES_URL, DEFAULT_PROCESSING_TEXT } from './checkout-pages.js';
import '../checkout/CheckoutPage.css';

/** /payment/verify/stripe has no method segment: it is the card gateway's return address. */
const DEFAULT_METHOD = 'stripe';

export function verifyUrl(paymentMethod: string): string {
  return apiUrl(paymentRoutes.verify, { params: { paymentMethod } });
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
    const fail = () => navigate(PAYMENT_FAIL_PATH, { replace: true });
    if (!paymentIntentId) {
      fail();
      return;
    }
    const request: PaymentVerifyRequest = { paymentIntentId, ...(clientSecret ? { paymentIntentClientSecret: clientSecret } : {}) };
    void (async () => {
      try {
        // the proof: the client secret the provider put in the address (card), else the order's token (PayPal)
        const answer = await call(paymentRoutes.verify, { params: { paymentMethod }, body: request, orderToken: clientSecret ? undefined : readRetainedOrder()?.orderToken });
        const result = answer.ok ? answer.data : undefined;
        // Spec 4, payment return: a verified payment goes to the success page, completed or still
        // pending (then worded as being confirmed); /payment/fail is for failures only.
        if (result?.success && (result.status === 'completed' || result.status === 'pending')) {
          const orderIncrementId = result.metadata?.orderIncrementId ?? readRetainedOrder()?.orderIncrementId;
          if (orderIncrementId) {
            completeOrder(orderIncrementId, navigate, true, { paymentPending: result.status === 'pending', testPayment: result.testPayment === true });
            return;
          }
        }
        fail();
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
