import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiUrl, orderRoutes, type Order } from '@storefront/contracts';
import type { FakeAnswer, FakeRoutes } from '@storefront/ui/testing';
import { PAYMENT_ATTEMPTS_URL } from '../payment/index.js';
import { cardFieldsArriveAndAskForTheCard, holdSandboxPayScript, pressWhileCardFieldsLoad } from '../test-support/fake-sandbox-pay.js';
import { attemptAnswer, paymentFor, splitFiguresOf, splitOrderFor } from '../test-support/payment-page-fixtures.js';
import { currentLocation, installPaymentPageFetch, paymentPageTestSetup, renderPaymentPage } from '../test-support/payment-page-harness.js';
import SplitPaymentPage, { SPLIT_PAYMENT_METHODS_URL } from './SplitPaymentPage.js';

jest.setTimeout(30000);

const lookupUrl = (orderId: string, email: string) => apiUrl(orderRoutes.lookup, { params: { orderId }, query: { email } });
const LOOKUP = lookupUrl('SF-100013', 'ann@example.com');
const CONFIRM_URL = apiUrl(orderRoutes.splitPayment, { params: { id: 'ord-9' } });

const page = paymentPageTestSetup();
const { record, callsTo, enterCard } = page;
const frame = () => page.frame;

/** $1,000.00 total, $300.00 received: $700.00 due, minimum split $200.00 */
const partPaid = () => splitOrderFor({ payments: [paymentFor({ amount: 30000, amountPaid: 30000 })] });

const install = (routes: FakeRoutes) => installPaymentPageFetch(SPLIT_PAYMENT_METHODS_URL, routes);

const renderPage = (entry = '/order/split-payment?orderId=SF-100013&email=ann%40example.com') =>
  renderPaymentPage('/order/split-payment', <SplitPaymentPage />, entry);

const orderAnswer = (order: Order): FakeAnswer => ({ body: { success: true, status: 200, data: splitFiguresOf(order) } });

// the lookup's messages clear on a timer; some tests run it on fake time
afterEach(() => {
  jest.useRealTimers();
});

describe('/order/split-payment: the lookup', () => {
  it('without the query: a real GET form; empty fields get their messages', async () => {
    const user = userEvent.setup();
    install({});
    renderPage('/order/split-payment');
    const form = screen.getByRole('form', { name: 'Find your order' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/order/split-payment');
    expect(screen.getByLabelText(/Order ID/)).toHaveAttribute('name', 'orderId');
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('name', 'email');
    await user.click(screen.getByRole('button', { name: 'Fetch Order' }));
    expect(await screen.findByText('Order ID is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('Fetch Order replaces the query string with both values and shows the order', async () => {
    const user = userEvent.setup();
    install({ [LOOKUP]: orderAnswer(partPaid()) });
    renderPage('/order/split-payment');
    await user.type(screen.getByLabelText(/Order ID/), 'SF-100013');
    await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Fetch Order' }));
    expect(await screen.findByRole('heading', { name: 'Order #SF-100013' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/order/split-payment?orderId=SF-100013&email=ann%40example.com');
  });

  it('shows total, minimum split amount, amount received and remaining', async () => {
    install({ [LOOKUP]: orderAnswer(partPaid()) });
    renderPage();
    const total = await screen.findByText('Minimum split amount');
    expect(total.nextElementSibling).toHaveTextContent('$200.00');
    expect(screen.getByText('Amount received').nextElementSibling).toHaveTextContent('$300.00');
    // the card (default) pays the whole balance
    expect(screen.getByText('Remaining').nextElementSibling).toHaveTextContent('$0.00');
  });

  it("an unknown order or wrong e-mail: 'Order not found.' with Go Back to the lookup", async () => {
    install({ [LOOKUP]: { status: 404, body: { success: false, errorType: 'orderNotExist', message: 'Order not found.' } } });
    renderPage();
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/order/split-payment');
    expect(screen.getByRole('form', { name: 'Find your order' })).toBeInTheDocument();
  });

  it.each<[string, FakeAnswer | 'network', string]>([
    ['split payment off', orderAnswer(splitOrderFor({ splitPaymentEnabled: false })), 'Split payment is not enabled for this order.'],
    ['nothing due', orderAnswer(splitOrderFor({ payments: [paymentFor({ amount: 100000, amountPaid: 100000 })] })), 'This order has already been fully paid.'],
    ['a dropped connection', 'network', 'Failed to fetch order. Please try again later.'],
    ['another failure', { status: 429, body: { message: 'Too many requests. Please wait a minute.' } }, 'Too many requests. Please wait a minute.'],
    ['a failure without words', { status: 500, body: {} }, 'An error occurred.'],
  ])('%s', async (_case, answer, message) => {
    install({ [LOOKUP]: answer === 'network' ? { networkError: true } : answer });
    renderPage();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('lookup messages clear after 5 s', async () => {
    jest.useFakeTimers();
    install({ [LOOKUP]: { status: 404, body: { success: false, errorType: 'orderNotExist', message: 'Order not found.' } } });
    renderPage();
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    jest.advanceTimersByTime(5000);
    await waitFor(() => expect(screen.queryByText('Order not found.')).not.toBeInTheDocument());
  });
});

describe('/order/split-payment: the amount (spec 5)', () => {
  async function chooseSplit(order: Order = partPaid()) {
    const user = userEvent.setup();
    install({ [LOOKUP]: orderAnswer(order), [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('failed')) });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Split Payment/ }));
    return user;
  }

  it.each([
    ['', 'Payment amount is required'],
    ['12.345', 'Must be a valid number'],
    ['0', 'Payment amount must be greater than 0'],
    ['700.01', 'Payment amount cannot exceed due amount of $700.00'],
    ['199.99', 'Minimum payment amount is $200.00'],
  ])('%p -> %p', async (typed, message) => {
    const user = await chooseSplit();
    if (typed) await user.type(screen.getByLabelText(/Payment amount/), typed);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);
  });

  it('a balance at or below the minimum must be paid whole', async () => {
    const user = await chooseSplit(splitOrderFor({ payments: [paymentFor({ amount: 85000, amountPaid: 85000 })] }));
    await user.type(screen.getByLabelText(/Payment amount/), '100');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Must pay full due amount of $150.00')).toBeInTheDocument();
  });

  it('the remaining balance follows the amount typed', async () => {
    const user = await chooseSplit();
    await user.type(screen.getByLabelText(/Payment amount/), '250');
    expect(screen.getByText('Remaining').nextElementSibling).toHaveTextContent('$450.00');
  });
});

describe('/order/split-payment: paying', () => {
  it("an instalment: the attempt with orderEmail and no token, the split-payment call, the re-read order and 'Payment successful!'", async () => {
    const user = userEvent.setup();
    const after = splitOrderFor({ payments: [paymentFor({ amount: 30000, amountPaid: 30000 }), paymentFor({ id: 'pay-2', transactionId: 'txn-2', amount: 25000, amountPaid: 25000 })] });
    install({
      [LOOKUP]: orderAnswer(partPaid()),
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed', { transactionId: 'txn-2' })),
      [CONFIRM_URL]: record(CONFIRM_URL, () => ({ body: { success: true, data: splitFiguresOf(after), message: 'Payment recorded.' } })),
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Split Payment/ }));
    await user.type(screen.getByLabelText(/Payment amount/), '250');
    await enterCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(screen.getByText('Amount received').nextElementSibling).toHaveTextContent('$550.00');
    const [attempt] = callsTo(PAYMENT_ATTEMPTS_URL);
    expect(attempt?.headers).not.toHaveProperty('X-Order-Token');
    expect(attempt?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempt?.body).toEqual({
      orderId: 'ord-9',
      paymentMethod: 'credit-card',
      paymentToken: expect.stringMatching(/^tok_sandbox_succeeds_visa_4242_/),
      splitAmount: 250,
      orderEmail: 'ann@example.com',
    });
    expect(callsTo(CONFIRM_URL)[0]?.body).toEqual({ email: 'ann@example.com', payments: [{ transactionId: 'txn-2' }] });
    expect(currentLocation()).toBe('/order/split-payment?orderId=SF-100013&email=ann%40example.com');
  });

  it('the last instalment runs the success flow to /order/success', async () => {
    const user = userEvent.setup();
    const paid = splitOrderFor({ payments: [paymentFor({ amount: 30000, amountPaid: 30000 }), paymentFor({ id: 'pay-2', transactionId: 'txn-2', amount: 70000, amountPaid: 70000 })] });
    install({
      [LOOKUP]: orderAnswer(partPaid()),
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed', { transactionId: 'txn-2' })),
      [CONFIRM_URL]: { body: { success: true, data: splitFiguresOf(paid), message: '' } },
    });
    renderPage();
    await enterCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/order/success');
    // the card pays the whole balance: no splitAmount
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.body).not.toHaveProperty('splitAmount');
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({ orderIncrementId: 'SF-100013', testPayment: true });
  });

  it('an instalment whose Pay is pressed while the card fields load waits for them (the button busy), then the frame asks for the card; the next press pays it once', async () => {
    const user = userEvent.setup();
    const { arrive } = holdSandboxPayScript();
    const after = splitOrderFor({ payments: [paymentFor({ amount: 30000, amountPaid: 30000 }), paymentFor({ id: 'pay-2', transactionId: 'txn-2', amount: 25000, amountPaid: 25000 })] });
    install({
      [LOOKUP]: orderAnswer(partPaid()),
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed', { transactionId: 'txn-2' })),
      [CONFIRM_URL]: { body: { success: true, data: splitFiguresOf(after), message: 'Payment recorded.' } },
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /Split Payment/ }));
    await user.type(screen.getByLabelText(/Payment amount/), '250');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await pressWhileCardFieldsLoad(user, pay);

    await cardFieldsArriveAndAskForTheCard(arrive, frame, pay);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);

    frame().enter({ number: '4242424242424242' });
    await user.click(pay);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(1);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.body).toMatchObject({ splitAmount: 250 });
  });

  it("the split-payment call's refusal is shown", async () => {
    const user = userEvent.setup();
    install({
      [LOOKUP]: orderAnswer(partPaid()),
      [PAYMENT_ATTEMPTS_URL]: attemptAnswer('completed', { transactionId: 'txn-2' }),
      [CONFIRM_URL]: { status: 400, body: { success: false, message: 'This payment has not been verified for this order.' } },
    });
    renderPage();
    await enterCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('This payment has not been verified for this order.')).toBeInTheDocument();
  });
});
