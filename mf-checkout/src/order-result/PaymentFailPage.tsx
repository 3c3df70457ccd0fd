import type { CheckoutPagesContent } from '@storefront/contracts';
import { Alert, ErrorState, LoadingState, PageContainer, SafeHtml, useLocation, usePageData } from '@storefront/ui';
import { paymentFailedOf } from '../payment/index.js';
import { CHECKOUT_PAGES_URL } from './checkout-pages.js';
import { ResultActions } from './ResultActions.js';
import '../shared/checkout.css';

/**
 * /payment/fail (spec 2): title, HTML and actions from the checkout-pages content, for the sample
 * checkout's payments (a quote or split payment goes back to its own page). Above them, why the
 * payment failed when the verify page knows (spec 8's PayPal texts, a declined card): router state,
 * so a link to this page shows only the content.
 */
export default function PaymentFailPage() {
  const content = usePageData<CheckoutPagesContent>(CHECKOUT_PAGES_URL);
  const reason = paymentFailedOf(useLocation().state);
  const why = reason ? <Alert type="error">{reason}</Alert> : null;
  if (content.status === 'loading') {
    return (
      <PageContainer>
        <LoadingState label="Loading…" />
      </PageContainer>
    );
  }
  const page = content.status === 'ready' ? content.data?.paymentFail : undefined;
  if (!page) {
    return (
      <PageContainer title="Payment failed">
        {why}
        <ErrorState title="This page could not be loaded" message={content.error ?? 'Please try again.'} onRetry={content.reload} />
        <ResultActions
          actions={[
            { label: 'Try again', href: '/checkout' },
            { label: 'Contact us', href: '/contact' },
          ]}
        />
      </PageContainer>
    );
  }
  return (
    <PageContainer title={page.title}>
      <div className="sf-order-result">
        {why}
        <SafeHtml html={page.html} />
        <ResultActions actions={page.actions} />
      </div>
    </PageContainer>
  );
}
