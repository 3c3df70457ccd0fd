import { useCallback, useId, useState } from 'react';
import { CHECKOUT_LOCATIONS_URL, SAMPLE_CART_COUNT_COOKIE, type CheckoutLocations, type PaymentMethodsResponse, type ShippingDestination } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { selectSampleCount, useSampleCart } from '@storefront/sample-cart';
import { ButtonLink, EmptyState, ErrorState, LoadingState, PageContainer, useDeviceClass, usePageData, useRequestCookie } from '@storefront/ui';
import { CartSidebar } from './CartSidebar.js';
import { CartSummaryPanel } from './CartSummaryPanel.js';
import { CheckoutForm } from './form/CheckoutForm.js';
import { checkoutText, CONTINUE_SHOPPING_PATH } from './messages.js';
import { choosableMethods, PAYMENT_METHODS_URL } from '../payment/index.js';
import { useCartSummary } from './useCartSummary.js';
import '../shared/checkout.css';

const CHECKOUT_TITLE = 'Checkout';
export { CHECKOUT_LOCATIONS_URL };

/**
 * /checkout: the checkout form beside the cart summary (desktop), or under a sticky 'Shopping Cart'
 * header that opens the summary in a sidebar (mobile and tablet). The cart lives in localStorage: the
 * server draws the form (with 'Loading cart...' in the summary) or the empty state from the cart-count
 * cookie; the payment methods and the country/state lists are page data
 * (the server's answers travel with the page, nothing is fetched twice).
 */
export default function CheckoutPage() {
  const items = useSampleCart((state) => state.items);
  const hydrated = useSampleCart((state) => state.hydrated);
  const count = useSampleCart(selectSampleCount);
  const removeSample = useSampleCart((state) => state.removeSample);
  const clearCart = useSampleCart((state) => state.clearCart);
  const methods = usePageData<PaymentMethodsResponse>(PAYMENT_METHODS_URL);
  const locations = usePageData<CheckoutLocations>(CHECKOUT_LOCATIONS_URL);
  const [destination, setDestination] = useState<ShippingDestination | undefined>(undefined);
  const onDestinationChange = useCallback((next: ShippingDestination | undefined) => setDestination(next), []);
  const summary = useCartSummary(items, destination);
  const device = useDeviceClass();
  const summaryTitleId = useId();
  // Until the browser has read localStorage (and in the server's HTML), the cart-count cookie the
  // cart keeps says which page to draw: the form, or the empty state. A missing cookie means empty.
  const hintedCount = Number(useRequestCookie(SAMPLE_CART_COUNT_COOKIE) ?? 0);
  const cartEmpty = hydrated ? items.length === 0 : !(hintedCount > 0);

  if (cartEmpty) {
    return (
      <PageContainer title={CHECKOUT_TITLE}>
        <EmptyState
          title={checkoutText.emptyCart}
          action={<ButtonLink to={CONTINUE_SHOPPING_PATH}>{checkoutText.continueShopping}</ButtonLink>}
        />
      </PageContainer>
    );
  }

  let form;
  if (methods.status === 'loading' || locations.status === 'loading') {
    form = <LoadingState label="Loading checkout…" />;
  } else if (locations.status !== 'ready' || !locations.data) {
    form = <ErrorState title="The checkout could not be loaded" message={locations.error ?? 'Please try again.'} onRetry={locations.reload} />;
  } else if (methods.status === 'error') {
    form = <ErrorState title="Payment methods could not be loaded" message={methods.error ?? 'Please try again.'} onRetry={methods.reload} />;
  } else {
    form = (
      <CheckoutForm
        items={items}
        summary={summary}
        methods={choosableMethods(methods.data?.paymentMethods)}
        locations={locations.data}
        onDestinationChange={onDestinationChange}
      />
    );
  }

  // The form needs no cart to be drawn, so the server sends it whole (the page's content is in the
  // first HTML, not behind scripts); only the cart summary waits for the browser's localStorage.
  const panel = hydrated ? (
    <CartSummaryPanel items={items} result={summary} onRemove={removeSample} onClear={clearCart} />
  ) : (
    <LoadingState label={checkoutText.loadingCart} />
  );

  return (
    <PageContainer title={CHECKOUT_TITLE}>
      {/* One tree for every width, so crossing a breakpoint never remounts (and empties) the form. */}
      {device !== 'desktop' && (
        <CartSidebar count={count} headerExtra={summary.summary ? formatCents(summary.summary.total) : undefined}>
          {panel}
        </CartSidebar>
      )}
      <div className={`sf-checkout sf-checkout--${device}`}>
        <div className="sf-checkout__form">{form}</div>
        {device === 'desktop' && (
          <aside className="sf-checkout__summary" aria-labelledby={summaryTitleId}>
            <h2 id={summaryTitleId}>
              {checkoutText.cartTitle} <span className="sf-badge">{count}</span>
            </h2>
            {panel}
          </aside>
        )}
      </div>
    </PageContainer>
  );
}
