import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch } from '@storefront/ui/testing';
import { checkoutPages, door } from '../test-support/checkout-fixtures.js';
import { CHECKOUT_PAGES_URL } from './checkout-pages.js';
import OrderSuccessPage from './OrderSuccessPage.js';
import PaymentFailPage from './PaymentFailPage.js';
import PaymentVerifyPage, { verifyUrl } from './PaymentVerifyPage.js';

jest.setTimeout(15000);

function Where() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

function renderAt(entry: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/checkout" element={<h1>Checkout page</h1>} />
          <Route path="/order/success" element={<OrderSuccessPage />} />
          <Route path="/payment/fail" element={<PaymentFailPage />} />
          <Route path="/payment/verify/stripe" element={<PaymentVerifyPage />} />
          <Route path="/payment/:paymentMethod/verify" element={<PaymentVerifyPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  sampleCartStore.getState().clearCart();
});

describe('/order/success', () => {
  it('thanks the shopper with the stored order number, then removes the marker and empties the cart', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } });
    sampleCartStore.getState().addSample(door);
    window.localStorage.setItem('order-success', '100000123');
    renderAt('/order/success');
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('100000123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/order-samples');
    expect(window.localStorage.getItem('order-success')).toBeNull();
    expect(sampleCartStore.getState().items).toEqual([]);
    expect(location()).toBe('/order/success');
  });

  it('a test payment says so above the thank-you; a real one does not', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } });
    window.localStorage.setItem('order-success', JSON.stringify({ orderIncrementId: '100000128', testPayment: true }));
    const test = renderAt('/order/success');
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('Test payment: no money was taken.')).toBeInTheDocument();
    test.unmount();
    window.localStorage.setItem('order-success', '100000129');
    renderAt('/order/success');
    expect(await screen.findByText('100000129')).toBeInTheDocument();
    expect(screen.queryByText(/Test payment/)).toBeNull();
  });

  it('without a marker goes back to /checkout', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } });
    renderAt('/order/success');
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
    expect(location()).toBe('/checkout');
  });

  it('?key= picks a content variant; split=true the split one with the amounts filled in', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } });
    window.localStorage.setItem('order-success', '100000124');
    const first = renderAt('/order/success?key=trade');
    expect(await screen.findByRole('heading', { name: 'Thanks, trade partner!' })).toBeInTheDocument();
    first.unmount();

    window.localStorage.setItem('order-success', JSON.stringify({ orderIncrementId: '100000125', partialPayment: '$50.00', remainingBalance: '$25.00' }));
    renderAt('/order/success?split=true');
    expect(await screen.findByText('Order 100000125: we received $50.00; $25.00 is left to pay.')).toBeInTheDocument();
  });

  it('an unknown key falls back to the default variant', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } });
    window.localStorage.setItem('order-success', '100000126');
    renderAt('/order/success?key=nope');
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
  });
});

describe('/payment/.../verify', () => {
  it('shows only the processing text, verifies once, and on a completed payment runs the success flow', async () => {
    const verify = jest.fn(() => ({
      body: { success: true, status: 'completed', transactionId: 'pi_1', transactionResponse: { amount: 1449 }, metadata: { orderId: 'ord-1', orderIncrementId: '100000123' } },
    }));
    const fetchMock = installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages }, [verifyUrl('stripe')]: verify });
    window.sessionStorage.setItem('checkout-retained-order', JSON.stringify({ id: 'ord-1', orderIncrementId: '100000123', orderToken: 't' }));
    sampleCartStore.getState().addSample(door);
    renderAt('/payment/verify/stripe?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret');
    expect(screen.getByRole('status')).toHaveTextContent('Processing your payment…');

    await waitFor(() => expect(location()).toBe('/order/success'));
    expect(verify).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === verifyUrl('stripe'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ paymentIntentId: 'pi_1', paymentIntentClientSecret: 'pi_1_secret' });
    expect(window.sessionStorage.getItem('checkout-retained-order')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('100000123')).toBeInTheDocument();
    expect(sampleCartStore.getState().items).toEqual([]);
  });

  it('a payment the gateway verified as still pending goes to the success page, worded as being confirmed (never to /payment/fail)', async () => {
    const verify = jest.fn(() => ({
      body: { success: true, status: 'pending', transactionId: 'pi_2', transactionResponse: { amount: 1449 }, metadata: { orderId: 'ord-1', orderIncrementId: '100000124' } },
    }));
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages }, [verifyUrl('stripe')]: verify });
    window.sessionStorage.setItem('checkout-retained-order', JSON.stringify({ id: 'ord-1', orderIncrementId: '100000124', orderToken: 't' }));
    renderAt('/payment/verify/stripe?payment_intent=pi_2&payment_intent_client_secret=pi_2_secret');
    await waitFor(() => expect(location()).toBe('/order/success'));
    expect(await screen.findByText('Order 100000124: your payment is being confirmed.')).toBeInTheDocument();
    expect(window.localStorage.getItem('order-success')).toBeNull();
  });

  it("PayPal returns with ?token= to /payment/online-payment/verify, which proves the payment is the shopper's with the order's token", async () => {
    const verify = jest.fn(() => ({
      body: { success: true, status: 'completed', transactionId: 'x', transactionResponse: null, testPayment: true, metadata: { orderIncrementId: '100000127' } },
    }));
    const fetchMock = installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages }, [verifyUrl('online-payment')]: verify });
    window.sessionStorage.setItem('checkout-retained-order', JSON.stringify({ id: 'ord-1', orderIncrementId: '100000127', orderToken: 'tok-7' }));
    renderAt('/payment/online-payment/verify?token=PP-1');
    await waitFor(() => expect(location()).toBe('/order/success'));
    expect(verify).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === verifyUrl('online-payment'))!;
    expect((init?.headers as Record<string, string>)['X-Order-Token']).toBe('tok-7');
    expect(await screen.findByText('Test payment: no money was taken.')).toBeInTheDocument();
  });

  it('an unsuccessful payment goes to /payment/fail, which shows its content and actions', async () => {
    installFakeFetch({
      [CHECKOUT_PAGES_URL]: { body: checkoutPages },
      [verifyUrl('stripe')]: { body: { success: false, status: 'failed', error: 'Your card was declined.', transactionId: null, transactionResponse: null, metadata: null } },
    });
    window.sessionStorage.setItem('checkout-retained-order', JSON.stringify({ id: 'ord-1', orderIncrementId: '100000123', orderToken: 't' }));
    renderAt('/payment/stripe/verify?payment_intent=pi_9');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(location()).toBe('/payment/fail');
    expect(screen.getByText('Nothing was charged. Your order is kept.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    // the order stays retained so Try again updates it
    expect(window.sessionStorage.getItem('checkout-retained-order')).not.toBeNull();
    expect(window.localStorage.getItem('order-success')).toBeNull();
  });

  it('a verify call that cannot be made (no intent id, or a network error) also goes to /payment/fail', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { body: checkoutPages } }, { unknownUrl: 'network-error' });
    renderAt('/payment/verify/stripe');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
  });
});

describe('/payment/fail', () => {
  it('shows an error state with a retry when the content cannot be loaded', async () => {
    installFakeFetch({ [CHECKOUT_PAGES_URL]: { status: 503, body: { message: 'Content service unavailable' } } });
    renderAt('/payment/fail');
    expect(await screen.findByRole('alert')).toHaveTextContent('Content service unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout');
  });
});
