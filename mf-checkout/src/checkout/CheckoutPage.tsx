import { useCallback, useId, useState } from 'react';
import {
  CHECKOUT_LOCATIONS_URL,
  SAMPLE_CART_COUNT_COOKIE,
  SAMPLE_CART_LINES_COOKIE,
  cartSummaryOfLinesUrl,
  type CartSummary,
  type CheckoutLocations,
  type PaymentMethodsResponse,
  type ShippingDestination,
} from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { selectSampleCount, useSampleCart } from '@storefront/sample-cart';
import { ButtonLink, EmptyState, ErrorState, LoadingState, PageContainer, useBrowserDeviceClass, usePageData, useRequestCookie } from '@storefront/ui';
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
 * header that opens the summary in a sidebar (mobile and tablet). The cart lives in localStorage; the
 * cookies the cart keeps let the server draw the page before the browser has read it: the count says
 * form or empty state, the lines are priced into the summary (page data, so the cart's first paint is
 * in the first HTML, not after hydration). The payment methods and the country/state lists are page
 * data too (the server's answers travel with the page, nothing is fetched twice).
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
  // undefined in the server's HTML and at hydration: both the sticky cart bar and the cart column are
  // drawn and the stylesheet's breakpoint shows one, so a phone's first paint is already its layout
  // (guessing 'desktop' there moved the whole form once hydrated: CLS 0.27-0.74 at 390 px)
  const device = useBrowserDeviceClass();
  const summaryTitleId = useId();
  // Until the browser has read localStorage (and in the server's HTML), the cookies the cart keeps
  // stand in for it: the count says which page to draw (a missing cookie means empty), and the lines
  // are priced by the server into the page. The lines are those of the first render: the cookie
  // follows every later change of the cart, which the summary then asks for itself.
  // a whole number or nothing: the cookie is the browser's to edit, and its number is shown
  const hintedCount = Math.max(0, Math.trunc(Number(useRequestCookie(SAMPLE_CART_COUNT_COOKIE) ?? 0) || 0));
  const linesCookie = useRequestCookie(SAMPLE_CART_LINES_COOKIE);
  const [previewLines] = useState(() => (hintedCount > 0 && linesCookie ? linesCookie : null));
  const preview = usePageData<CartSummary>(!hydrated && previewLines ? cartSummaryOfLinesUrl(previewLines) : null);
  const summary = useCartSummary(
    hydrated ? items : null,
    destination,
    previewLines && preview.status === 'ready' && preview.data ? { lines: previewLines, summary: preview.data } : undefined,
  );
  const cartEmpty = hydrated ? items.length === 0 : !(hintedCount > 0);
  const shownCount = hydrated ? count : hintedCount;

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
  // first HTML, not behind scripts); the cart summary is drawn from the server's pricing of the lines
  // cookie, or waits for the browser's localStorage when there was none (or it could not be priced).
  const panel = hydrated || summary.status === 'ready' ? (
    <CartSummaryPanel items={items} result={summary} onRemove={removeSample} onClear={clearCart} />
  ) : (
    <LoadingState label={checkoutText.loadingCart} />
  );

  return (
    <PageContainer title={CHECKOUT_TITLE}>
      {/* One tree for every width, so crossing a breakpoint never remounts (and empties) the form. */}
      {device !== 'desktop' && (
        <CartSidebar count={shownCount} headerExtra={summary.summary ? formatCents(summary.summary.total) : undefined} untilDesktop={device === undefined}>
          {panel}
        </CartSidebar>
      )}
      <div className={`sf-checkout sf-checkout--${device ?? 'any'}`}>
        <div className="sf-checkout__form">{form}</div>
        {(device === 'desktop' || device === undefined) && (
          <aside className="sf-checkout__summary" aria-labelledby={summaryTitleId}>
            <h2 id={summaryTitleId}>
              {checkoutText.cartTitle} <span className="sf-badge">{shownCount}</span>
            </h2>
            {panel}
          </aside>
        )}
      </div>
    </PageContainer>
  );
}
