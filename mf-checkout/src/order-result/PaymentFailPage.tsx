import type { CheckoutPagesContent } from '@storefront/contracts';
import { ErrorState, LoadingState, PageContainer, SafeHtml, usePageData } from '@storefront/ui';
import { CHECKOUT_PAGES_URL } from './checkout-pages.js';
import { ResultActions } from './ResultActions.js';
import '../checkout/CheckoutPage.css';

/** /payment/fail (spec 2): title, HTML and actions from the checkout-pages content. */
export default function PaymentFailPage() {
  const content = usePageData<CheckoutPagesContent>(CHECKOUT_PAGES_URL);
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
        <SafeHtml html={page.html} />
        <ResultActions actions={page.actions} />
      </div>
    </PageContainer>
  );
}
