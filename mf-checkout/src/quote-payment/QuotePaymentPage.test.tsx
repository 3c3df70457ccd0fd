import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiUrl, quoteRoutes, QUOTE_MESSAGES, type PaymentMethod } from '@storefront/contracts';
import type { FakeRoutes } from '@storefront/ui/testing';
import { browserNavigation, PAYMENT_ATTEMPTS_URL, readPaymentReturnContext } from '../payment/index.js';
import { cardFieldsArriveAndAskForTheCard, holdSandboxPayScript, pressWhileCardFieldsLoad } from '../test-support/fake-sandbox-pay.js';
import { attemptAnswer, paymentFor, quoteFor, splitOrderFor } from '../test-support/payment-page-fixtures.js';
import { currentLocation, installPaymentPageFetch, paymentPageTestSetup, renderPaymentPage } from '../test-support/payment-page-harness.js';
import QuotePaymentPage, { QUOTE_PAYMENT_METHODS_URL, quoteByLinkUrl } from './QuotePaymentPage.js';

jest.setTimeout(30000);

const PAYMENT_ORDER_URL = apiUrl(quoteRoutes.paymentOrder);
const CONVERT_URL = apiUrl(quoteRoutes.convertToOrder);
const LINK = quoteByLinkUrl('quote-1', 'link-tok');

const page = paymentPageTestSetup();
const { record, callsTo, enterCard } = page;

function install(routes: FakeRoutes, methods?: PaymentMethod[]) {
  installPaymentPageFetch(
    QUOTE_PAYMENT_METHODS_URL,
    { [PAYMENT_ORDER_URL]: record(PAYMENT_ORDER_URL, () => ({ body: { success: true, data: splitOrderFor({ id: 'ord-9', orderIncrementId: 'SF-100013' }) } })), ...routes },
    methods,
  );
}

const renderPage = (entry = '/quote/payment?quoteId=quote-1&token=link-tok') => renderPaymentPage('/quote/payment', <QuotePaymentPage />, entry);

describe('/quote/payment: views', () => {
  it('shows the quote: number, PO, customer, addresses, shipping method, items with SKU and notes, additional notes, totals; the default method preselected', async () => {
    install({ [LINK]: { body: { success: true, data: quoteFor({ taxAmount: 0, discountAmount: 0 }) } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
    expect(screen.getByText('PO-7731')).toBeInTheDocument();
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText(/350 5th Ave/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText(/1 Dock Rd/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping method' })).getByText('Freight (curbside)')).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: 'Items in this quote' })).getByRole('rowheader', { name: /Shaker Base Cabinet/ });
    expect(row).toHaveTextContent('SKU: SSW-B24');
    expect(row).toHaveTextContent('soft-close hinges');
    expect(screen.getByText('Deliver after 9 am.')).toBeInTheDocument();
    // tax and discount are zero: not shown
    expect(screen.queryByText('Tax')).not.toBeInTheDocument();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(await screen.findByLabelText(/Credit or Debit Card/)).toBeChecked();
    expect(screen.getByLabelText(/Split Payment/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('offers split payment only when the quote allows it', async () => {
    install({ [LINK]: { body: { success: true, data: quoteFor({ splitPaymentEnabled: false, minimumSplitAmount: null }) } } });
    renderPage();
    expect(await screen.findByLabelText(/Credit or Debit Card/)).toBeChecked();
    expect(screen.queryByLabelText(/Split Payment/)).not.toBeInTheDocument();
  });

  it('hides Pay Now for PayPal (its own button instead)', async () => {
    const user = userEvent.setup();
    install({ [LINK]: { body: { success: true, data: quoteFor() } } });
    renderPage();
    await user.click(await screen.findByLabelText(/PayPal/));
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeInTheDocument();
  });

  it('an expired link: the expired message with Go to Home Page and Contact Us', async () => {
    install({ [LINK]: { status: 400, body: { success: false, errorType: 'tokenExpired', message: QUOTE_MESSAGES.linkExpired } } });
    renderPage();
    expect(await screen.findByText('The quote link has expired. Please contact admin to receive a new payment link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('an unknown quote or token, or a link without them: not found with Go to Home Page', async () => {
    install({ [LINK]: { status: 400, body: { success: false, errorType: 'quoteNotExist', message: QUOTE_MESSAGES.linkNotFound } } });
    const { unmount } = renderPage();
    expect(await screen.findByText('Quote not found. The link may be incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    unmount();
    renderPage('/quote/payment?quoteId=quote-1');
    expect(await screen.findByText('Quote not found. The link may be incorrect.')).toBeInTheDocument();
  });

  it('a quote already ordered says so and links to the split-payment page while a balance is left', async () => {
    install({
      [LINK]: { body: { success: true, data: quoteFor({ status: 'ordered', orderId: 'ord-9', payments: [paymentFor({ amount: 30000, amountPaid: 30000 })] }) } },
    });
    renderPage();
    expect(await screen.findByText('This quote has already been ordered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay the remaining balance' })).toHaveAttribute('href', '/order/split-payment?orderId=ord-9&email=ann%40example.com');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('an outage: an error with Retry', async () => {
    install({ [LINK]: { status: 503, body: { message: 'Orders service is unavailable' } } });
    renderPage();
    expect(await screen.findByText('Orders service is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('/quote/payment: the split amount (spec 5)', () => {
  async function chooseSplit() {
    const user = userEvent.setup();
    install({ [LINK]: { body: { success: true, data: quoteFor() } } });
    renderPage();
    await user.click(await screen.findByLabelText(/Split Payment/));
    return user;
  }

  it('shows a labelled number field bounded by the minimum and the total, the instalment method defaulting to the card, and the remaining balance', async () => {
    const user = await chooseSplit();
    const amount = screen.getByLabelText(/Split amount/);
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '200.00');
    expect(amount).toHaveAttribute('max', '1000.00');
    expect(within(screen.getByRole('radiogroup', { name: 'Pay this amount with' })).getByLabelText(/Credit or Debit Card/)).toBeChecked();
    await user.type(amount, '250');
    const remaining = screen.getByText('Remaining');
    expect(remaining.nextElementSibling).toHaveTextContent('$750.00');
    expect(screen.getByText('Minimum split amount').nextElementSibling).toHaveTextContent('$200.00');
  });

  it.each([
    ['', 'Split amount is required'],
    ['199.99', 'Minimum amount is $200.00'],
    ['1000.01', 'Amount cannot exceed total'],
    ['12.345', 'Must be a valid number'],
  ])('%p -> %p', async (typed, message) => {
    const user = await chooseSplit();
    if (typed) await user.type(screen.getByLabelText(/Split amount/), typed);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo(PAYMENT_ORDER_URL)).toHaveLength(0);
  });

  it.each(['200', '1000'])('%p (each end of the range) is accepted', async (typed) => {
    const user = await chooseSplit();
    await user.type(screen.getByLabelText(/Split amount/), typed);
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    // valid: the card is asked for its token (none typed: the frame says so, nothing is created)
    await waitFor(() => expect(page.frame.tokenizeCalls).toBe(1));
    expect(screen.queryByText(/Minimum amount|cannot exceed/)).not.toBeInTheDocument();
  });
});

describe('/quote/payment: paying', () => {
  it('an instalment: the quote order, the attempt with splitAmount and the link token, convertToOrder, then /order/success?split=true with the balance', async () => {
    const user = userEvent.setup();
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed', { transactionId: 'txn-7' })),
      [CONVERT_URL]: record(CONVERT_URL, () => ({
        body: {
          success: true,
          message: QUOTE_MESSAGES.converted,
          adminEmail: [],
          order: splitOrderFor({ payments: [paymentFor({ transactionId: 'txn-7', amount: 25000, amountPaid: 25000 })] }),
        },
      })),
    });
    renderPage();
    await user.click(await screen.findByLabelText(/Split Payment/));
    await user.type(screen.getByLabelText(/Split amount/), '250');
    await enterCard('4242424242424242');
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    await user.dblClick(pay);

    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/order/success?split=true');
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({
      orderIncrementId: 'SF-100013',
      testPayment: true,
      partialPayment: '$250.00',
      remainingBalance: '$750.00',
    });
    expect(callsTo(PAYMENT_ORDER_URL)[0]?.body).toEqual({ quoteId: 'quote-1', token: 'link-tok' });
    // a double click pays once
    const attempts = callsTo(PAYMENT_ATTEMPTS_URL);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.headers['X-Order-Token']).toBe('link-tok');
    expect(attempts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempts[0]?.body).toEqual({
      orderId: 'ord-9',
      paymentMethod: 'credit-card',
      paymentToken: expect.stringMatching(/^tok_sandbox_succeeds_visa_4242_/),
      splitAmount: 250,
    });
    expect(attempts[0]?.body).not.toHaveProperty('orderEmail');
    expect(callsTo(CONVERT_URL)[0]?.body).toEqual({ quoteId: 'quote-1', token: 'link-tok', payment: { transactionId: 'txn-7' } });
  });

  it('the whole quote: no splitAmount, the plain success page', async () => {
    const user = userEvent.setup();
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed')),
      [CONVERT_URL]: { body: { success: true, message: '', adminEmail: [], order: splitOrderFor({ payments: [paymentFor({ amount: 100000, amountPaid: 100000 })] }) } },
    });
    renderPage();
    await enterCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/order/success');
    expect(callsTo(PAYMENT_ATTEMPTS_URL)[0]?.body).not.toHaveProperty('splitAmount');
  });

  it('a Pay Now pressed while the card fields are still loading waits for them (the button busy), then the frame asks for the card; the next press pays once', async () => {
    const user = userEvent.setup();
    const { arrive } = holdSandboxPayScript();
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed')),
      [CONVERT_URL]: { body: { success: true, message: '', adminEmail: [], order: splitOrderFor({ payments: [paymentFor({ amount: 100000, amountPaid: 100000 })] }) } },
    });
    renderPage();
    expect(await screen.findByText('Loading secure card fields…')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    await pressWhileCardFieldsLoad(user, pay);

    await cardFieldsArriveAndAskForTheCard(arrive, () => page.frame, pay);
    expect(page.frame.tokenizeCalls).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(PAYMENT_ORDER_URL)).toHaveLength(0);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);

    page.frame.enter({ number: '4242424242424242' });
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Order success page' })).toBeInTheDocument();
    expect(callsTo(PAYMENT_ORDER_URL)).toHaveLength(1);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(1);
  });

  it("after a failed card frame, a Pay Now pressed while its Retry reloads it waits for it again (no 'not ready'), and the frame asks for the card", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { arrive } = holdSandboxPayScript({ failFirst: true });
    install({ [LINK]: { body: { success: true, data: quoteFor() } }, [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('completed')) });
    renderPage();
    expect(await screen.findByText('Stripe.js not ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Loading secure card fields…')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay Now' });
    await pressWhileCardFieldsLoad(user, pay);

    await cardFieldsArriveAndAskForTheCard(arrive, () => page.frame, pay);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(PAYMENT_ORDER_URL)).toHaveLength(0);
    expect(callsTo(PAYMENT_ATTEMPTS_URL)).toHaveLength(0);
  });

  it('a declined card: the message in an alert, the button usable again, nothing converted', async () => {
    const user = userEvent.setup();
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ATTEMPTS_URL]: record(PAYMENT_ATTEMPTS_URL, () => attemptAnswer('failed', { message: 'Your card was declined.' })),
    });
    renderPage();
    await enterCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(callsTo(CONVERT_URL)).toHaveLength(0);
  });

  it('already paid in full meanwhile (409 quoteOrdered): says so', async () => {
    const user = userEvent.setup();
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ORDER_URL]: { status: 409, body: { success: false, errorType: 'quoteOrdered', message: QUOTE_MESSAGES.alreadyOrdered } },
    });
    renderPage();
    await enterCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This quote has already been ordered.');
  });

  it('3-D Secure: keeps the order (link token) and the quote context for the verify page, then leaves for the provider', async () => {
    const user = userEvent.setup();
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    install({
      [LINK]: { body: { success: true, data: quoteFor() } },
      [PAYMENT_ATTEMPTS_URL]: attemptAnswer('requires_action', { nextAction: { type: 'redirect', url: '/api/payment/sandbox/challenge/pi_1?return_url=/payment/verify/stripe' } }),
    });
    renderPage();
    await user.click(await screen.findByLabelText(/Split Payment/));
    await user.type(screen.getByLabelText(/Split amount/), '300');
    await enterCard('4000002500003155');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payment/sandbox/challenge/pi_1?return_url=/payment/verify/stripe'));
    expect(JSON.parse(window.sessionStorage.getItem('checkout-retained-order') ?? 'null')).toEqual({ id: 'ord-9', orderIncrementId: 'SF-100013', orderToken: 'link-tok' });
    expect(readPaymentReturnContext()).toEqual({ kind: 'quote', quoteId: 'quote-1', token: 'link-tok', orderIncrementId: 'SF-100013', splitAmountCents: 30000 });
  });
});
