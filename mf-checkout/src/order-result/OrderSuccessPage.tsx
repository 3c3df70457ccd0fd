import { useEffect, useRef, useState } from 'react';
import { TEST_PAYMENT_MESSAGES, type CheckoutPagesContent } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import {
  Alert,
  ErrorState,
  LoadingState,
  PageContainer,
  SafeHtml,
  usePageData,
  useNavigate,
  useSearchParams,
} from '@storefront/ui';
import { takeOrderSuccessMarker } from '../payment/index.js';
import { ResultActions } from './ResultActions.js';
import { CHECKOUT_PAGES_URL, fillPlaceholders, parseOrderSuccessMarker, pickSuccessVariant, type OrderSuccessFacts } from './checkout-pages.js';
import '../shared/checkout.css';

const FALLBACK_TITLE = 'Thank you for your order!';

/**
 * /order/success (spec 2): the thank-you for the order whose number the checkout left in localStorage
 * (order-success). The marker is read once, in an effect (the server has no storage, so it renders
 * the loading state), then removed and the cart cleared; no marker means nothing was ordered here:
 * back to /checkout.
 */
export default function OrderSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const content = usePageData<CheckoutPagesContent>(CHECKOUT_PAGES_URL);
  const [facts, setFacts] = useState<OrderSuccessFacts | null>(null);
  // Read once even when React runs the effect twice (strict mode): the marker is gone the second time.
  const read = useRef<OrderSuccessFacts | null | undefined>(undefined);

  useEffect(() => {
    if (read.current === undefined) {
      const raw = takeOrderSuccessMarker();
      read.current = raw ? parseOrderSuccessMarker(raw) : null;
      if (read.current) sampleCartStore.getState().clearCart();
    }
    if (read.current) setFacts(read.current);
    else navigate('/checkout', { replace: true });
  }, [navigate]);

  if (!facts || content.status === 'loading') {
    return (
      <PageContainer>
        <LoadingState label="Loading your order…" />
      </PageContainer>
    );
  }

  const variant = content.status === 'ready' && content.data ? pickSuccessVariant(content.data, params.get('key'), params.get('split') === 'true', facts.paymentPending === true) : undefined;
  // a sandbox payment says so before anything else: nobody may take it for a sale
  const testNotice = facts.testPayment ? <Alert type="info">{TEST_PAYMENT_MESSAGES.testPayment}</Alert> : null;
  if (!variant) {
    // The order went through; only the page copy is missing. Say the essential, offer a retry.
    return (
      <PageContainer title={FALLBACK_TITLE}>
        {testNotice}
        <p className="sf-order-result">
          Your order number is <strong>{facts.orderId}</strong>.
        </p>
        <ErrorState title="This page could not be loaded completely" message={content.error ?? 'Please try again.'} onRetry={content.reload} />
      </PageContainer>
    );
  }

  return (
    <PageContainer title={fillPlaceholders(variant.title, facts, false)}>
      {testNotice}
      <div className="sf-order-result">
        <SafeHtml html={fillPlaceholders(variant.html, facts, true)} />
        <ResultActions actions={variant.actions} />
      </div>
    </PageContainer>
  );
}
