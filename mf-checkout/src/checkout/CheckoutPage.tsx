import { useId } from 'react';
import { formatUsd } from '@storefront/money';
import { selectSampleCount, useSampleCart } from '@storefront/sample-cart';
import { ButtonLink, EmptyState, LoadingState, PageContainer, useDeviceClass } from '@storefront/ui';
import { CartSidebar } from './CartSidebar.js';
import { CartSummaryPanel } from './CartSummaryPanel.js';
import { checkoutText, CONTINUE_SHOPPING_PATH } from './messages.js';
import { useCartSummary } from './useCartSummary.js';
import './CheckoutPage.css';

const CHECKOUT_TITLE = 'Checkout';

/**
 * /checkout. This issue delivers the cart summary; the billing/shipping/payment form is a later issue,
 * so the page shows only the summary under its heading (no placeholder for customers).
 */
export default function CheckoutPage() {
  const items = useSampleCart((state) => state.items);
  const hydrated = useSampleCart((state) => state.hydrated);
  const count = useSampleCart(selectSampleCount);
  const removeSample = useSampleCart((state) => state.removeSample);
  const clearCart = useSampleCart((state) => state.clearCart);
  const summary = useCartSummary(items);
  const device = useDeviceClass();
  const summaryTitleId = useId();

  if (!hydrated) {
    return (
      <PageContainer title={CHECKOUT_TITLE}>
        <LoadingState label={checkoutText.loadingCart} />
      </PageContainer>
    );
  }

  if (items.length === 0) {
    return (
      <PageContainer title={CHECKOUT_TITLE}>
        <EmptyState
          title={checkoutText.emptyCart}
          action={<ButtonLink to={CONTINUE_SHOPPING_PATH}>{checkoutText.continueShopping}</ButtonLink>}
        />
      </PageContainer>
    );
  }

  const panel = <CartSummaryPanel items={items} result={summary} onRemove={removeSample} onClear={clearCart} />;

  return (
    <PageContainer title={CHECKOUT_TITLE}>
      {device === 'desktop' ? (
        <div className="sf-checkout">
          <aside className="sf-checkout__summary" aria-labelledby={summaryTitleId}>
            <h2 id={summaryTitleId}>
              {checkoutText.cartTitle} <span className="sf-badge">{count}</span>
            </h2>
            {panel}
          </aside>
        </div>
      ) : (
        <CartSidebar count={count} headerExtra={summary.summary ? formatUsd(summary.summary.total) : undefined}>
          {panel}
        </CartSidebar>
      )}
    </PageContainer>
  );
}
