import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiUrl, orderRoutes, quoteRoutes } from '@storefront/contracts';
import { installFakeFetch, LocationProbe } from '@storefront/ui/testing';
import { storePaymentReturnContext } from '../payment/index.js';
import QuotePaymentPage, { QUOTE_PAYMENT_METHODS_URL, quoteByLinkUrl } from '../quote-payment/QuotePaymentPage.js';
import SplitPaymentPage, { SPLIT_PAYMENT_METHODS_URL } from '../split-payment/SplitPaymentPage.js';
import { checkoutPages, stripeCard } from '../test-support/checkout-fixtures.js';
import { paymentFor, quoteFor, splitFiguresOf, splitOrderFor } from '../test-support/payment-page-fixtures.js';
import { recorder, type RecordedCall } from '../test-support/recorded-calls.js';
import { CHECKOUT_PAGES_URL } from './checkout-pages.js';
import PaymentFailPage from './PaymentFailPage.js';
import PaymentVerifyPage, { verifyUrl } from './PaymentVerifyPage.js';

jest.setTimeout(15000);

const CONVERT_URL = apiUrl(quoteRoutes.convertToOrder);
const CONFIRM_URL = apiUrl(orderRoutes.splitPayment, { params: { id: 'ord-9' } });
const LOOKUP = apiUrl(orderRoutes.lookup, { params: { orderId: 'ord-9' }, query: { email: 'ann@example.com' } });

let calls: RecordedCall[];

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/order/success" element={<h1>Order success page</h1>} />
        <Route path="/payment/fail" element={<PaymentFailPage />} />
        <Route path="/order/split-payment" element={<SplitPaymentPage />} />
        <Route path="/quote/payment" element={<QuotePaymentPage />} />
        <Route path="/payment/verify/stripe" element={<PaymentVerifyPage />} />
        <Route path="/payment/:paymentMethod/verify" element={<PaymentVerifyPage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const callsTo = (url: string) => calls.filter((call) => call.url === url);
const verified = (transactionId: string) => ({
  body: { success: true, status: 'completed', transactionId, transactionResponse: null, testPayment: true, metadata: { orderId: 'ord-9', orderIncrementId: 'SF-100013' } },
});

beforeEach(() => {
  calls = [];
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('payment return for a quote or split payment', () => {
  it('a quote instalment approved at PayPal: proved with the link token, converted, then /order/success?split=true with the balance', async () => {
    const record = recorder(calls);
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('online-payment')]: record(verifyUrl('online-payment'), () => verified('PP-CAPTURE-1')),
      [CONVERT_URL]: record(CONVERT_URL, () => ({
        body: { success: true, message: '', adminEmail: [], order: splitOrderFor({ payments: [paymentFor({ transactionId: 'PP-CAPTURE-1', amount: 40000, amountPaid: 40000 })] }) },
      })),
    });
    window.sessionStorage.setItem('checkout-retained-order', JSON.stringify({ id: 'ord-9', orderIncrementId: 'SF-100013', orderToken: 'link-tok' }));
    storePaymentReturnContext({ kind: 'quote', quoteId: 'quote-1', token: 'link-tok', orderIncrementId: 'SF-100013', splitAmountCents: 40000 });
    renderAt('/payment/online-payment/verify?token=PP-1');

    await waitFor(() => expect(location()).toBe('/order/success?split=true'));
    expect(callsTo(verifyUrl('online-payment'))[0]?.headers['X-Order-Token']).toBe('link-tok');
    expect(callsTo(CONVERT_URL)[0]?.body).toEqual({ quoteId: 'quote-1', token: 'link-tok', payment: { transactionId: 'PP-CAPTURE-1' } });
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({
      orderIncrementId: 'SF-100013',
      testPayment: true,
      partialPayment: '$400.00',
      remainingBalance: '$600.00',
    });
    expect(window.sessionStorage.getItem('payment-return-context')).toBeNull();
    expect(window.sessionStorage.getItem('checkout-retained-order')).toBeNull();
  });

  it("a split-page instalment: proved with the order's e-mail, confirmed, back on the split page with 'Payment successful!' while a balance is left", async () => {
    const record = recorder(calls);
    const after = splitOrderFor({ payments: [paymentFor({ transactionId: 'PP-CAPTURE-2', amount: 30000, amountPaid: 30000 })] });
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [SPLIT_PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: [stripeCard] } },
      [verifyUrl('online-payment')]: record(verifyUrl('online-payment'), () => verified('PP-CAPTURE-2')),
      [CONFIRM_URL]: record(CONFIRM_URL, () => ({ body: { success: true, data: splitFiguresOf(after), message: '' } })),
      [LOOKUP]: { body: { success: true, status: 200, data: splitFiguresOf(after) } },
    });
    storePaymentReturnContext({ kind: 'split', orderId: 'ord-9', email: 'ann@example.com', orderIncrementId: 'SF-100013' });
    renderAt('/payment/online-payment/verify?token=PP-2');

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(location()).toBe('/order/split-payment?orderId=ord-9&email=ann%40example.com');
    const [verify] = callsTo(verifyUrl('online-payment'));
    expect(verify?.body).toEqual({ paymentIntentId: 'PP-2', orderEmail: 'ann@example.com' });
    expect(verify?.headers).not.toHaveProperty('X-Order-Token');
    expect(callsTo(CONFIRM_URL)[0]?.body).toEqual({ email: 'ann@example.com', payments: [{ transactionId: 'PP-CAPTURE-2' }] });
    expect(await screen.findByText('Amount received')).toBeInTheDocument();
  });

  it('a split-page payment that paid the last part runs the success flow', async () => {
    const paid = splitOrderFor({ payments: [paymentFor({ transactionId: 'pi_3', amount: 100000, amountPaid: 100000 })] });
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('stripe')]: verified('pi_3'),
      [CONFIRM_URL]: { body: { success: true, data: splitFiguresOf(paid), message: '' } },
    });
    storePaymentReturnContext({ kind: 'split', orderId: 'ord-9', email: 'ann@example.com', orderIncrementId: 'SF-100013' });
    renderAt('/payment/verify/stripe?payment_intent=pi_3&payment_intent_client_secret=pi_3_secret');
    await waitFor(() => expect(location()).toBe('/order/success'));
    expect(JSON.parse(window.localStorage.getItem('order-success') ?? 'null')).toEqual({ orderIncrementId: 'SF-100013', testPayment: true });
  });

  it("another order's return ignores a context an abandoned payment left", async () => {
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('stripe')]: { body: { success: true, status: 'completed', transactionId: 'pi_4', transactionResponse: null, metadata: { orderIncrementId: '100000200' } } },
    });
    storePaymentReturnContext({ kind: 'split', orderId: 'ord-9', email: 'ann@example.com', orderIncrementId: 'SF-100013' });
    renderAt('/payment/verify/stripe?payment_intent=pi_4&payment_intent_client_secret=pi_4_secret');
    await waitFor(() => expect(location()).toBe('/order/success'));
    expect(window.localStorage.getItem('order-success')).toBe('100000200');
  });
});

describe('a payment that failed on the provider\'s page goes back where it came from', () => {
  const failed = (error: string | undefined, orderIncrementId = 'SF-100013') => ({
    body: { success: false, ...(error ? { error } : {}), status: 'failed', transactionId: 'PP-9', transactionResponse: null, metadata: { orderId: 'ord-9', orderIncrementId } },
  });

  it("a quote payment: back on the quote link page (its token), with PayPal's words and the amount still due", async () => {
    const link = quoteByLinkUrl('quote-1', 'link-tok');
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('online-payment')]: failed('Failed to capture PayPal payment. Please try again.'),
      [link]: { body: { success: true, data: quoteFor({ total: 100000, payments: [paymentFor({ amount: 25000, amountPaid: 25000 })] }) } },
      [QUOTE_PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: [stripeCard] } },
    });
    storePaymentReturnContext({ kind: 'quote', quoteId: 'quote-1', token: 'link-tok', orderIncrementId: 'SF-100013' });
    renderAt('/payment/online-payment/verify?token=PP-9');

    await waitFor(() => expect(location()).toBe('/quote/payment?quoteId=quote-1&token=link-tok'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to capture PayPal payment. Please try again.');
    expect(alert).toHaveTextContent('Amount due: $750.00');
    expect(await screen.findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('payment-return-context')).toBeNull();
  });

  it('a split payment: back on the split page with the order number and e-mail (the lookup restored), the message and the balance', async () => {
    const order = splitOrderFor({ payments: [paymentFor({ amount: 30000, amountPaid: 30000 })] });
    const lookup = apiUrl(orderRoutes.lookup, { params: { orderId: 'SF-100013' }, query: { email: 'ann@example.com' } });
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [SPLIT_PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: [stripeCard] } },
      [verifyUrl('stripe')]: failed(undefined),
      [lookup]: { body: { success: true, status: 200, data: splitFiguresOf(order) } },
    });
    storePaymentReturnContext({ kind: 'split', orderId: 'ord-9', email: 'ann@example.com', orderIncrementId: 'SF-100013' });
    renderAt('/payment/verify/stripe?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret&redirect_status=failed');

    await waitFor(() => expect(location()).toBe('/order/split-payment?orderId=SF-100013&email=ann%40example.com'));
    const alert = await screen.findByText('Payment failed');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Amount due: $700.00');
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });

  it("a sample checkout's payment: /payment/fail, with the provider's words above the page's own copy", async () => {
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('online-payment')]: failed('No PayPal order to capture. Please try again.', '100000300'),
    });
    renderAt('/payment/online-payment/verify?token=PP-10');
    await waitFor(() => expect(location()).toBe('/payment/fail'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No PayPal order to capture. Please try again.');
    expect(await screen.findByText('Nothing was charged. Your order is kept.')).toBeInTheDocument();
  });

  it("a context an abandoned quote payment left does not take another order's failure to that quote", async () => {
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('online-payment')]: failed('An error occurred during the PayPal transaction. Please try again.', '100000301'),
    });
    storePaymentReturnContext({ kind: 'quote', quoteId: 'quote-1', token: 'link-tok', orderIncrementId: 'SF-100013' });
    renderAt('/payment/online-payment/verify?token=PP-11');
    await waitFor(() => expect(location()).toBe('/payment/fail'));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred during the PayPal transaction. Please try again.');
  });
});
