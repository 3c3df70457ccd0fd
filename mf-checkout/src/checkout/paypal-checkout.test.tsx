import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PAYMENT_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch, type FakeAnswer, type FakeRoutes } from '@storefront/ui/testing';
import { door, locations, orderFor, paypal, summaryFor } from '../test-support/checkout-fixtures.js';
import { installFakePayPalSdk, type FakePayPalSdk } from '../test-support/fake-paypal-sdk.js';
import CheckoutPage, { CHECKOUT_LOCATIONS_URL } from './CheckoutPage.js';
import { CART_SUMMARY_URL } from './useCartSummary.js';
import { ORDER_URL, PAYMENT_ATTEMPTS_URL, PAYMENT_METHODS_URL } from '../payment/index.js';

jest.setTimeout(30000);

/** PayPal on its real provider: a client id and the JS SDK's URL from the payments service. */
const livePayPal: PaymentMethod = { ...paypal, isDefault: true, sandbox: false, config: { clientId: 'client-id-1', scriptUrl: 'https://paypal.example/sdk/js' } };

let calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[];
let sdk: FakePayPalSdk;

function recorded(url: string, answer: () => FakeAnswer) {
  return (init?: RequestInit): FakeAnswer => {
    calls.push({ url, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}, headers: (init?.headers ?? {}) as Record<string, string> });
    return answer();
  };
}

function install(methods: PaymentMethod[], extra: FakeRoutes = {}) {
  installFakeFetch({
    [PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: methods } },
    [CHECKOUT_LOCATIONS_URL]: { body: locations },
    [CART_SUMMARY_URL]: () => ({ body: summaryFor([door], { shipping: { method: 'standard-ground', label: 'Standard Ground', amount: 9.99 }, total: 1244.49 }) }),
    ...extra,
  });
}

function Where() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

function renderCheckout() {
  return render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/payment/:paymentMethod/verify" element={<h1>Verify page</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

async function fillBilling(user: UserEvent) {
  const billing = await screen.findByRole('group', { name: 'Billing address' });
  const values: Record<string, string> = { 'First name': 'Ann', 'Last name': 'Lee', Email: 'ann@example.com', Phone: '5125550100', 'Address line 1': '1 Main St', City: 'Austin', 'ZIP/Postal code': '78701' };
  for (const [label, value] of Object.entries(values)) {
    const input = within(billing).getByLabelText(new RegExp(`^${label.replace(/[()/]/g, '\\$&')}`));
    await user.clear(input);
    await user.type(input, value);
  }
  await user.selectOptions(within(billing).getByLabelText(/^State/), 'TX');
  expect(await screen.findByText('Standard Ground')).toBeInTheDocument();
}

const paying = () =>
  ({
    [ORDER_URL]: recorded(ORDER_URL, () => ({ status: 201, body: { success: true, status: 201, data: orderFor(), orderToken: 'tok-1' } })),
    [PAYMENT_ATTEMPTS_URL]: recorded(PAYMENT_ATTEMPTS_URL, () => ({
      status: 201,
      body: {
        attempt: { id: 'att-1', status: 'requires_action', nextAction: { type: 'redirect', url: 'https://paypal.example/checkoutnow?token=5O190127TN364715T', paymentId: '5O190127TN364715T' }, message: null },
        orderIncrementId: '100000123',
        testPayment: true,
      },
    })),
  }) satisfies FakeRoutes;

const callsTo = (url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  calls = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
  sampleCartStore.getState().clearCart();
  sampleCartStore.getState().addSample(door);
  window.innerWidth = 1440;
  sdk = installFakePayPalSdk();
});

afterEach(() => {
  sdk.uninstall();
  jest.restoreAllMocks();
});

describe('PayPal on its real provider at the checkout', () => {
  it("hides Submit and shows PayPal's buttons from the configured JS SDK URL with the client id, USD and intent capture", async () => {
    install([livePayPal]);
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    expect(sdk.scripts).toHaveLength(1);
    const url = new URL(sdk.scripts[0]!);
    expect(`${url.origin}${url.pathname}`).toBe('https://paypal.example/sdk/js');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ 'client-id': 'client-id-1', currency: 'USD', intent: 'capture' });
  });

  it('an incomplete form: the PayPal validation message, and no order or payment is created', async () => {
    const user = userEvent.setup();
    install([livePayPal], paying());
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.paypalFormIncomplete)).toBeInTheDocument();
    await expect(sdk.created).rejects.toBeDefined();
    expect(screen.getAllByText('Phone number is required').length).toBeGreaterThan(0);
    expect(callsTo(ORDER_URL)).toHaveLength(0);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);
    // the checkout's own message only: PayPal's onError adds nothing
    expect(screen.queryByText(PAYMENT_MESSAGES.paypalProcessingError)).toBeNull();
  });

  it('a valid form: the order and its attempt are made through the neutral call, PayPal gets the order id, and approval goes to the return page', async () => {
    const user = userEvent.setup();
    install([livePayPal], paying());
    renderCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await expect(sdk.created).resolves.toBe('5O190127TN364715T');
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.body).toEqual({ orderId: 'ord-1', paymentMethod: 'online-payment' });
    await sdk.approve('PAYERID1');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/payment/online-payment/verify?token=5O190127TN364715T&PayerID=PAYERID1'));
  });

  it('canceled in PayPal: the shopper stays at the checkout with the PayPal message', async () => {
    const user = userEvent.setup();
    install([livePayPal], paying());
    renderCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await sdk.created;
    sdk.cancel();
    expect(await screen.findByText(PAYMENT_MESSAGES.paypalTransactionError)).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/checkout');
  });

  it("a payment that could not be started: the server's message, and PayPal's window gets no order", async () => {
    const user = userEvent.setup();
    install([livePayPal], {
      ...paying(),
      [PAYMENT_ATTEMPTS_URL]: recorded(PAYMENT_ATTEMPTS_URL, () => ({ status: 409, body: { message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' } })),
    });
    renderCheckout();
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await expect(sdk.created).rejects.toBeDefined();
    expect(await screen.findByText(PAYMENT_MESSAGES.inProgress)).toBeInTheDocument();
  });

  it("the JS SDK that does not load: 'Failed to load PayPal configuration. Please try again later.' (logged)", async () => {
    sdk.uninstall();
    sdk = installFakePayPalSdk({ loads: false });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    install([livePayPal]);
    renderCheckout();
    expect(await screen.findByText(PAYMENT_MESSAGES.paypalConfigFailed)).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });

  it("without a client id the method is the sandbox's: its own Pay with PayPal button", async () => {
    install([{ ...livePayPal, config: { clientId: '' } }]);
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
    expect(sdk.scripts).toHaveLength(0);
  });
});
