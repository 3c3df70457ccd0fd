import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PaymentMethod } from '@storefront/contracts';
import { installFakeFetch, LocationProbe, type FakeRoutes } from '@storefront/ui/testing';
import { paypal, stripeCard } from './checkout-fixtures.js';
import { installFakeSandboxPay, type FakeProviderFrame } from './fake-sandbox-pay.js';
import { splitPaymentMethod } from './payment-page-fixtures.js';
import { recorder, type RecordedCall } from './recorded-calls.js';

/** A payment page at its route, beside the success page it finishes on; the address is shown for currentLocation(). */
export function renderPaymentPage(path: string, page: ReactElement, entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="/order/success" element={<h1>Order success page</h1>} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** The router's address (path and query) as the page left it. */
export const currentLocation = () => screen.getByTestId('location').textContent;

/** The page's fake network: its payment methods (as on the sandbox: the card, PayPal, split payment unless told) and the test's routes. */
export function installPaymentPageFetch(methodsUrl: string, routes: FakeRoutes, methods: PaymentMethod[] = [stripeCard, paypal, splitPaymentMethod]) {
  installFakeFetch({ [methodsUrl]: { body: { success: true, paymentMethods: methods } }, ...routes });
}

/**
 * What every quote payment and split-payment page test starts from: empty storage (no retained
 * order, no success marker), the sandbox's card frame, and no calls recorded yet.
 */
export function paymentPageTestSetup() {
  const calls: RecordedCall[] = [];
  let frame: FakeProviderFrame | null = null;
  const currentFrame = () => {
    if (!frame) throw new Error('the card frame is installed before each test');
    return frame;
  };

  beforeEach(() => {
    calls.length = 0;
    window.localStorage.clear();
    window.sessionStorage.clear();
    frame = installFakeSandboxPay();
  });

  afterEach(() => {
    frame?.uninstall();
    frame = null;
    jest.restoreAllMocks();
  });

  return {
    /** a fake route that records its requests */
    record: recorder(calls),
    callsTo: (url: string) => calls.filter((call) => call.url === url),
    /** the sandbox's card frame of the running test */
    get frame() {
      return currentFrame();
    },
    /** The card goes into the provider's frame (mounted once the page has its data), never into the page's form. */
    async enterCard(number: string) {
      await screen.findByTitle('Secure card payment input frame');
      currentFrame().enter({ number });
    },
  };
}
