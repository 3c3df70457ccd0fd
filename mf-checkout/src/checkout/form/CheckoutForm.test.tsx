import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PAYMENT_MESSAGES, type CartSummaryRequest, type PaymentMethod } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch, type FakeAnswer, type FakeRoutes } from '@storefront/ui/testing';
import { authorizeNet, door, locations, orderFor, paypal, stripeCard, summaryFor } from '../../test-support/checkout-fixtures.js';
import {
  cardFieldsArriveAndAskForTheCard,
  holdSandboxPayScript,
  installFakeSandboxPay,
  pressWhileCardFieldsLoad,
  type FakeProviderFrame,
} from '../../test-support/fake-sandbox-pay.js';
import { recorder, type RecordedCall } from '../../test-support/recorded-calls.js';
import CheckoutPage, { CHECKOUT_LOCATIONS_URL } from '../CheckoutPage.js';
import { browserNavigation, ORDER_URL, PAYMENT_ATTEMPTS_URL, PAYMENT_METHODS_URL, providerScripts } from '../../payment/index.js';
import { CART_SUMMARY_URL } from '../useCartSummary.js';

jest.setTimeout(30000);

let calls: RecordedCall[];
let shippingMethod: 'standard' | 'no-methods';
/** the sandbox's hosted fields frame, as jsdom can have it (test-support/fake-sandbox-pay.ts) */
let frame: FakeProviderFrame;

/** A fake route recording into this test's calls. */
const recorded: ReturnType<typeof recorder> = (url, answer) => recorder(calls)(url, answer);

function install(methods: PaymentMethod[], extra: FakeRoutes = {}) {
  installFakeFetch({
    [PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: methods } },
    [CHECKOUT_LOCATIONS_URL]: { body: locations },
    [CART_SUMMARY_URL]: recorded(CART_SUMMARY_URL, (call) => {
      const request = call.body as unknown as CartSummaryRequest;
      if (!request.destination) return { body: summaryFor([door]) };
      const shipping =
        shippingMethod === 'no-methods'
          ? { method: 'no-methods', label: '', amount: 0 }
          : { method: 'standard-ground', label: 'Standard Ground', amount: 9.99 };
      return { body: summaryFor([door], { shipping, total: 1244.49 }) };
    }),
    ...extra,
  });
}

function Where() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

function renderCheckout() {
  return render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/order/success" element={<h1>Order success page</h1>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const callsTo = (url: string) => calls.filter((call) => call.url === url);

async function billingGroup() {
  return screen.findByRole('group', { name: 'Billing address' });
}

async function fillBilling(user: UserEvent, overrides: Record<string, string> = {}) {
  const billing = await billingGroup();
  const values: Record<string, string> = {
    'First name': 'Ann',
    'Last name': 'Lee',
    Email: 'ann@example.com',
    Phone: '5125550100',
    'Address line 1': '1 Main St',
    City: 'Austin',
    'ZIP/Postal code': '78701',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = within(billing).getByLabelText(new RegExp(`^${label.replace(/[()/]/g, '\\$&')}`));
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  await user.selectOptions(within(billing).getByLabelText(/^State/), 'TX');
}

/** The card goes into the provider's frame (mounted after hydration), never into the checkout's form. */
async function fillCard(_user: UserEvent, number: string) {
  await screen.findByTitle('Secure card payment input frame');
  frame.enter({ number });
}

async function readyToPay(user: UserEvent) {
  await fillBilling(user);
  // ticked from the start: one address to fill for most shoppers
  expect(screen.getByLabelText('Shipping address same as billing')).toBeChecked();
  expect(await screen.findByText('Standard Ground')).toBeInTheDocument();
}

/** The payments service's answer to POST /api/payment/attempts. */
function attemptAnswer(
  status: string,
  { nextAction = null, message = null, orderIncrementId = '100000123', testPayment = true }: { nextAction?: object | null; message?: string | null; orderIncrementId?: string; testPayment?: boolean } = {},
): FakeAnswer {
  return { status: 201, body: { attempt: { id: 'att-1', status, nextAction, message }, orderIncrementId, testPayment } };
}

beforeEach(() => {
  calls = [];
  shippingMethod = 'standard';
  window.localStorage.clear();
  window.sessionStorage.clear();
  sampleCartStore.getState().clearCart();
  sampleCartStore.getState().addSample(door);
  window.innerWidth = 1440;
  frame = installFakeSandboxPay();
});

afterEach(() => {
  frame.uninstall();
  jest.restoreAllMocks();
});

describe('checkout form: validation', () => {
  it('shows the spec messages under bad billing fields, marks them invalid and focuses the first', async () => {
    const user = userEvent.setup();
    install([stripeCard]);
    renderCheckout();
    await fillBilling(user, { 'First name': 'R2D2', Phone: '555-0100', 'ZIP/Postal code': '78a01' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const billing = await billingGroup();
    const firstName = within(billing).getByLabelText(/^First name/);
    expect(await within(billing).findByText('Only alphabets are allowed')).toBeInTheDocument();
    expect(within(billing).getByText('Only numbers are allowed')).toBeInTheDocument();
    expect(within(billing).getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Only alphabets are allowed');
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(callsTo(ORDER_URL)).toHaveLength(0);
  });

  it("same as billing with a non-US billing country: 'Sorry, we don't ship outside the US.' and the box stays unticked", async () => {
    const user = userEvent.setup();
    install([stripeCard]);
    renderCheckout();
    const billing = await billingGroup();
    await user.selectOptions(within(billing).getByLabelText(/^Country/), 'CA');
    const same = screen.getByLabelText('Shipping address same as billing');
    await user.click(same);
    expect(await screen.findByRole('alert')).toHaveTextContent("Sorry, we don't ship outside the US.");
    expect(same).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Shipping address' })).toBeInTheDocument();
  });

  it('a no-methods quote shows the spec text and blocks the order', async () => {
    const user = userEvent.setup();
    shippingMethod = 'no-methods';
    install([stripeCard]);
    renderCheckout();
    await fillBilling(user);
    const shippingGroup = screen.getByRole('group', { name: 'Shipping method' });
    expect(
      await within(shippingGroup).findByText(
        'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.',
      ),
    ).toBeInTheDocument();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      (await screen.findAllByText('Sorry, no shipping methods are available for the selected shipping address.')).length,
    ).toBeGreaterThan(0);
    expect(callsTo(ORDER_URL)).toHaveLength(0);
  });
});

describe('checkout form: payment methods', () => {
  it('preselects the default enabled method and lists them by sortOrder', async () => {
    install([paypal, stripeCard]);
    renderCheckout();
    const card = await screen.findByRole('radio', { name: /Credit or Debit Card/ });
    expect(card).toBeChecked();
    expect(screen.getByRole('radio', { name: /PayPal/ })).not.toBeChecked();
    const radios = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(radios).toEqual(['credit-card:stripe', 'online-payment:paypal']);
  });

  it('without a default, the first by sortOrder is preselected; PayPal hides Submit for its own button', async () => {
    const user = userEvent.setup();
    install([{ ...stripeCard, isDefault: false, sortOrder: 5 }, paypal]);
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /PayPal/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(await screen.findByText('Please complete all required fields before proceeding with payment.')).toBeInTheDocument();
    expect(callsTo(ORDER_URL)).toHaveLength(0);
  });

  it('a method on the sandbox gateway shows the Test mode notice; a real one does not', async () => {
    install([{ ...stripeCard, sandbox: true }]);
    const { unmount } = renderCheckout();
    expect(await screen.findByText(/^Test mode: this checkout uses the sandbox payment gateway/)).toBeInTheDocument();
    unmount();
    install([{ ...stripeCard, sandbox: false, config: { publishableKey: 'pk_live_x' } }]);
    renderCheckout();
    await screen.findByRole('radio', { name: /Credit or Debit Card/ });
    expect(screen.queryByText(/^Test mode/)).toBeNull();
  });

  it('PayPal: creates the order, then its payment attempt, and sends the shopper to the approval page', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    install([{ ...paypal, isDefault: true }], {
      [ORDER_URL]: recorded(ORDER_URL, () => ({ status: 201, body: { success: true, status: 201, data: orderFor(), orderToken: 'tok-1' } })),
      [PAYMENT_ATTEMPTS_URL]: recorded(PAYMENT_ATTEMPTS_URL, () =>
        attemptAnswer('requires_action', { nextAction: { type: 'redirect', url: 'https://sandbox.example/approve?token=PP-1' } }),
      ),
    });
    renderCheckout();
    await readyToPay(user);
    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/approve?token=PP-1'));
    // the neutral call: the method's name and the order, never an amount or a gateway
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.body).toEqual({ orderId: 'ord-1', paymentMethod: 'online-payment' });
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.headers['X-Order-Token']).toBe('tok-1');
    assign.mockRestore();
  });
});

describe('checkout form: placing a card order on the sandbox', () => {
  function cardRoutes(intent: FakeAnswer | FakeAnswer[], order: FakeAnswer = { status: 201, body: { success: true, status: 201, data: orderFor(), orderToken: 'tok-1' } }) {
    const intents = Array.isArray(intent) ? [...intent] : [intent];
    return {
      [ORDER_URL]: recorded(ORDER_URL, (call) =>
        call.method === 'PATCH' ? { status: 200, body: { success: true, order: orderFor() } } : order,
      ),
      [PAYMENT_ATTEMPTS_URL]: recorded(PAYMENT_ATTEMPTS_URL, () => (intents.length > 1 ? intents.shift()! : intents[0]!)),
    };
  }

  it('a good card places the order, leaves the marker, empties the cart and goes to /order/success', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes(attemptAnswer('completed')));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(location()).toBe('/order/success');
    // the sandbox's answer says it was a test payment: the success page will say so
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({ orderIncrementId: '100000123', testPayment: true });
    expect(sampleCartStore.getState().items).toEqual([]);
    expect(window.sessionStorage.getItem('checkout-retained-order')).toBeNull();

    const [order] = callsTo(ORDER_URL);
    expect(order?.method).toBe('POST');
    expect(order?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [attempt] = callsTo(PAYMENT_ATTEMPTS_URL);
    // the attempt has its own key (kept across retries of that attempt), and the order's token
    expect(attempt?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(attempt?.headers['Idempotency-Key']).not.toBe(order?.headers['Idempotency-Key']);
    expect(attempt?.headers['X-Order-Token']).toBe('tok-1');
    expect(order?.body).toMatchObject({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      paymentMethod: 'credit-card',
      items: [{ sku: 'SSW-SAMPLE', qty: 1, finish: door.finish }],
    });
    expect((order?.body.addresses as { type: string; zipCode: string }[]).map((a) => [a.type, a.zipCode])).toEqual([
      ['billing', '78701'],
      ['shipping', '78701'],
    ]);
    expect(JSON.stringify(order?.body)).not.toMatch(/price|total/i);
    expect(frame.tokenizeCalls).toBe(1);
    expect(attempt?.body).toEqual({
      orderId: 'ord-1',
      paymentMethod: 'credit-card',
      paymentToken: expect.stringMatching(/^tok_sandbox_succeeds_visa_4242_[0-9a-f]{32}$/),
    });
    // the card number went nowhere: no call carried it, in any spelling
    const sent = JSON.stringify(calls);
    expect(sent).not.toMatch(/4242\D{0,3}4242\D{0,3}4242\D{0,3}4242/);
    expect(sent).not.toContain('424242424242');
  });

  it('a declined card shows the message, keeps the shopper and the order; the next submit updates that order', async () => {
    const user = userEvent.setup();
    install(
      [stripeCard],
      cardRoutes([
        attemptAnswer('failed', { message: 'Your card was declined.' }),
        attemptAnswer('completed'),
      ]),
    );
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(location()).toBe('/checkout');
    expect(JSON.parse(window.sessionStorage.getItem('checkout-retained-order') ?? 'null')).toEqual({ id: 'ord-1', orderIncrementId: '100000123', orderToken: 'tok-1' });
    expect(sampleCartStore.getState().items).toHaveLength(1);

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Order success page' });
    const orderCalls = callsTo(ORDER_URL);
    expect(orderCalls.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(orderCalls[1]?.body.id).toBe('ord-1');
    expect(orderCalls[1]?.headers['X-Order-Token']).toBe('tok-1');
    expect(orderCalls[1]?.headers['Idempotency-Key']).not.toBe(orderCalls[0]?.headers['Idempotency-Key']);
    expect(callsTo(PAYMENT_ATTEMPTS_URL).map((call) => String(call.body.paymentToken).split('_')[2])).toEqual(['declined', 'succeeds']);
    // a new attempt after a final failure has a new key
    const keys = callsTo(PAYMENT_ATTEMPTS_URL).map((call) => call.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('no answer to the payment: the next submit sends the same attempt again (same key, same card) and learns it was paid', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes([{ networkError: true }, attemptAnswer('completed')]));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeInTheDocument();
    const kept = JSON.parse(window.sessionStorage.getItem('checkout-retained-order') ?? 'null');
    expect(kept.paymentInFlight).toEqual({ idempotencyKey: expect.any(String), paymentMethod: 'credit-card', paymentToken: expect.stringMatching(/^tok_sandbox_succeeds/) });

    // the shopper types another card meanwhile: the attempt in flight is settled first, as it was sent
    await fillCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Order success page' });
    const [first, retry] = callsTo(PAYMENT_ATTEMPTS_URL);
    expect(retry?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(retry?.body).toEqual(first?.body);
    // no new order, no new token: only the retry
    expect(callsTo(ORDER_URL)).toHaveLength(1);
    expect(frame.tokenizeCalls).toBe(1);
  });

  it('an outcome the provider has not confirmed keeps the attempt for the next submit and says not to pay again', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes([attemptAnswer('unknown', { message: PAYMENT_MESSAGES.unconfirmed }), attemptAnswer('completed')]));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.unconfirmed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Order success page' });
    const keys = callsTo(PAYMENT_ATTEMPTS_URL).map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a payment still processing at the provider goes to the success page, which says it is being confirmed', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes(attemptAnswer('pending')));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4000000000001703');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { name: 'Order success page' });
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({ orderIncrementId: '100000123', paymentPending: true, testPayment: true });
  });

  it('another tab already paying this order: its message, and nothing kept for a retry', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes({ status: 409, body: { message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' } }));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.inProgress)).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('checkout-retained-order') ?? 'null').paymentInFlight).toBeUndefined();
  });

  it('a second submit while the order is being placed is ignored', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes(attemptAnswer('completed')));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    const form = screen.getByRole('form', { name: 'Checkout' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByRole('heading', { name: 'Order success page' });
    expect(callsTo(ORDER_URL)).toHaveLength(1);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(1);
  });

  it('a card that needs 3-D Secure sends the browser to the challenge', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    install(
      [stripeCard],
      cardRoutes(
        attemptAnswer('requires_action', { nextAction: { type: 'redirect', url: '/api/payment/sandbox/challenge/pi_3' } }),
      ),
    );
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/pi_3'));
    // the page stays covered until the challenge page replaces it
    expect(screen.getByText('Placing your order…').closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('form', { name: 'Checkout' })).toHaveAttribute('aria-busy', 'true');
    assign.mockRestore();
  });

  it('a refused order puts the server field errors under the fields and its message in the banner', async () => {
    const user = userEvent.setup();
    install(
      [stripeCard],
      cardRoutes(attemptAnswer('completed'), { status: 400, body: { success: false, message: 'Please check your address.', errors: { bill_zip: 'ZIP/Postal code seems too long' } } }),
    );
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please check your address.')).toBeInTheDocument();
    const zip = within(await billingGroup()).getByLabelText(/^ZIP/);
    expect(zip).toHaveAccessibleDescription('ZIP/Postal code seems too long');
    await waitFor(() => expect(zip).toHaveFocus());
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);
  });

  it('a payments outage reads Payment failed', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes({ status: 502, body: { message: 'Bad gateway' } }));
    renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
  });

  it('hosted card fields: nothing entered is refused by the frame (which shows why), places nothing and takes the shopper there', async () => {
    const user = userEvent.setup();
    install([stripeCard], cardRoutes(attemptAnswer('completed')));
    renderCheckout();
    await readyToPay(user);
    await screen.findByTitle('Secure card payment input frame');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(frame.focusCalls).toBe(1));
    expect(frame.tokenizeCalls).toBe(1);
    expect(callsTo(ORDER_URL)).toHaveLength(0);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);
    // the frame says 'Payment details are required to continue.' at its fields; no banner repeats it
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a Submit pressed while the card fields are still loading waits for them (the button busy), then the frame asks for the card; the next press pays once', async () => {
    const user = userEvent.setup();
    const { arrive } = holdSandboxPayScript();
    install([stripeCard], cardRoutes(attemptAnswer('completed')));
    renderCheckout();
    await readyToPay(user);
    expect(screen.getByText('Loading secure card fields…')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await pressWhileCardFieldsLoad(user, submit);
    expect(frame.tokenizeCalls).toBe(0);

    await cardFieldsArriveAndAskForTheCard(arrive, () => frame, submit);
    expect(frame.tokenizeCalls).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(ORDER_URL)).toHaveLength(0);

    frame.enter({ number: '4242424242424242' });
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(callsTo(ORDER_URL)).toHaveLength(1);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(1);
  });

  it('the form and the page never hold the card: no card inputs, no card values, the frame mounted with the hosted layout', async () => {
    const user = userEvent.setup();
    install([stripeCard]);
    const { container } = renderCheckout();
    await readyToPay(user);
    await fillCard(user, '4242424242424242');
    expect(frame.mounts.map((mount) => mount.layout)).toEqual(['hosted']);
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    expect(container.querySelector('input[autocomplete^="cc-"], [name^="card"], [name="cardCvc"]')).toBeNull();
    const values = [...container.querySelectorAll('input, select, textarea')].map((field) => (field as HTMLInputElement).value);
    expect(values.join(' ')).not.toMatch(/4242/);
  });

  it('Reset empties the card frame too', async () => {
    const user = userEvent.setup();
    install([stripeCard]);
    renderCheckout();
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(frame.clearCalls).toBe(1);
  });

  it('direct card entry (Authorize.net on the sandbox) mounts the frame with the direct layout', async () => {
    install([{ ...authorizeNet, isDefault: true }]);
    renderCheckout();
    await screen.findByTitle('Secure card payment input frame');
    expect(frame.mounts.map((mount) => mount.layout)).toEqual(['direct']);
  });

  it("a provider script that does not load: 'Stripe.js not ready' in the card area (logged, with Retry), and no order", async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(providerScripts, 'loadSandboxPay').mockRejectedValue(new Error('/api/payment/sandbox/hosted-fields.js could not be loaded'));
    install([stripeCard], cardRoutes(attemptAnswer('completed')));
    renderCheckout();
    expect(await screen.findByText('Stripe.js not ready')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('[checkout] the card provider did not start', expect.any(Error));
    await readyToPay(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Stripe.js not ready')).toHaveLength(2);
    expect(callsTo(ORDER_URL)).toHaveLength(0);

    // Retry loads the script again; a Submit pressed meanwhile waits for it, as at first (no 'not ready'); this time it comes
    const { arrive } = holdSandboxPayScript();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading secure card fields…')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    // only the first press's banner: the card area reloads
    expect(screen.getAllByText('Stripe.js not ready')).toHaveLength(1);
    arrive();
    expect(await screen.findByTitle('Secure card payment input frame')).toBeInTheDocument();
    // the empty frame asks for the card; still no order
    await waitFor(() => expect(frame.focusCalls).toBe(1));
    // the button lets go once the wait ends (a commit after the focus: asked for, not assumed at once)
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'));
    expect(callsTo(ORDER_URL)).toHaveLength(0);
  });

  it('shows the loading state until the frame says it is ready', async () => {
    frame.neverReady = true;
    install([stripeCard]);
    renderCheckout();
    await screen.findByTitle('Secure card payment input frame');
    expect(screen.getByText('Loading secure card fields…')).toBeInTheDocument();
  });

  it('a real publishable key (not the sandbox) says Stripe.js not ready and places no order', async () => {
    const user = userEvent.setup();
    install([{ ...stripeCard, sandbox: false, config: { publishableKey: 'pk_live_123' } }]);
    renderCheckout();
    expect(await screen.findByText('Stripe.js not ready')).toBeInTheDocument();
    await readyToPay(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Stripe.js not ready')).toHaveLength(2);
    expect(callsTo(ORDER_URL)).toHaveLength(0);
  });
});
