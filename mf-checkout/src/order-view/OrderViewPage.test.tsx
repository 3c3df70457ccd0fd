import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ORDER_VIEW_PATH } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { orderFor } from '../test-support/checkout-fixtures.js';
import OrderViewPage, { orderViewUrl } from './OrderViewPage.js';

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={ORDER_VIEW_PATH} element={<OrderViewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const paidOrder = orderFor({
  status: 'ordered',
  paymentStatus: 'completed',
  items: [
    {
      sku: 'SSW-SMPL-SNW',
      name: 'Shaker Snow White Sample Door',
      price: 450,
      originalPrice: 450,
      priceInclTax: 450,
      qty: 1,
      weight: 2,
      rowWeight: 2,
      rowTotal: 450,
      taxPercent: 0,
      taxAmount: 0,
      rowTotalInclTax: 450,
      customOptions: [],
    },
  ] as never,
  addresses: [
    { type: 'billing', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '1 Main St', street2: null, city: 'Austin', state: 'TX', zipCode: '78701', countryId: 'US', phoneNumber: '5125550100', customerId: null },
    { type: 'shipping', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '9 Oak Ave', street2: null, city: 'Austin', state: 'TX', zipCode: '78702', countryId: 'US', phoneNumber: '5125550100', customerId: null },
  ] as never,
  payments: [
    { id: 'pay-1', status: 'completed', amount: 1449, amountPaid: 1449, transactionId: 'pi_1', method: 'credit-card', methodLabel: 'Credit or Debit Card', createdAt: '2026-11-23T10:00:00.000Z', additionalData: { sandbox: true } },
  ] as never,
});

describe('/order/view/:orderId', () => {
  it('shows the order behind the e-mail link: number, date, status, products, totals, addresses, methods, and that it was a test payment', async () => {
    const fetchMock = installFakeFetch({ [orderViewUrl('ord-1', 'view-token-1')]: { body: { success: true, status: 200, data: paidOrder } } });
    renderAt('/order/view/ord-1?token=view-token-1');
    expect(await screen.findByRole('heading', { name: 'Order #100000123' })).toBeInTheDocument();
    expect(screen.getByText('November 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('Test payment: no money was taken.')).toBeInTheDocument();
    const products = screen.getByRole('table', { name: 'Products in this order' });
    expect(within(products).getByRole('rowheader', { name: /Shaker Snow White Sample Door/ })).toBeInTheDocument();
    expect(screen.getByText('$14.49')).toBeInTheDocument();
    const shipping = screen.getByRole('region', { name: 'Shipping address' });
    expect(within(shipping).getByText(/9 Oak Ave/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment method' })).getByText(/Credit or Debit Card/)).toBeInTheDocument();
    // the token travels only in the query, to the one call
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a split-payment order with a balance reads 'Split Payment', with the card masked as four X and its last four digits", async () => {
    const deposit = orderFor({
      ...paidOrder,
      status: 'partially_paid',
      total: 100_000,
      splitPaymentEnabled: true,
      minimumSplitAmount: 25_000,
      payments: [{ ...paidOrder.payments[0]!, amount: 40_000, amountPaid: 40_000, additionalData: { cardBrand: 'visa', last4: '4242' } }],
    });
    installFakeFetch({ [orderViewUrl('ord-1', 't')]: { body: { success: true, status: 200, data: deposit } } });
    renderAt('/order/view/ord-1?token=t');
    const method = await screen.findByRole('region', { name: 'Payment method' });
    expect(within(method).getByText(/Split Payment/)).toBeInTheDocument();
    expect(within(method).getByText('Visa XXXX4242')).toBeInTheDocument();
    expect(within(method).getByText('Card ending in 4242:')).toBeInTheDocument();
  });

  it('a wrong token reads like an unknown order', async () => {
    installFakeFetch({ [orderViewUrl('ord-1', 'wrong')]: { status: 404, body: { message: 'Order not found.' } } });
    renderAt('/order/view/ord-1?token=wrong');
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  describe('without a token: the signed-in owner (My Orders links here), asked in the browser with the session', () => {
    const ownerUrl = '/api/order/view/ord-1';

    it('shows the loading state first, then the order (the call carries no token, the cookies go with it)', async () => {
      const fetchMock = installFakeFetch({ [ownerUrl]: { body: { success: true, status: 200, data: paidOrder } } });
      renderAt('/order/view/ord-1');
      expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
      expect(await screen.findByRole('heading', { name: 'Order #100000123' })).toBeInTheDocument();
      expect(screen.getByText('$14.49')).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith(ownerUrl, expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
    });

    it("an order that is not the session's (404), or no session (401), reads like an unknown order, with a way to sign in", async () => {
      installFakeFetch({ [ownerUrl]: { status: 404, body: { message: 'Order not found.' } } });
      const notTheirs = renderAt('/order/view/ord-1');
      expect(await screen.findByText('Order not found.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?returnTo=/order/view/ord-1');
      notTheirs.unmount();
      installFakeFetch({ [ownerUrl]: { status: 401, body: { message: 'Please sign in to continue.' } } });
      renderAt('/order/view/ord-1');
      expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    });

    it('an outage shows an error whose Retry asks again', async () => {
      const fetchMock = installFakeFetch({ [ownerUrl]: [{ status: 503, body: { message: 'Orders are unavailable right now.' } }, { body: { success: true, status: 200, data: paidOrder } }] });
      renderAt('/order/view/ord-1');
      expect(await screen.findByText('Failed to fetch order')).toBeInTheDocument();
      expect(screen.getByText('Orders are unavailable right now.')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Order #100000123' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });

  it("an order without items or addresses says so in the spec's words", async () => {
    const bare = orderFor({
      ...paidOrder,
      items: [] as never,
      addresses: [{ ...paidOrder.addresses[0]!, street1: '', city: '', state: '', zipCode: '' }] as never,
    });
    installFakeFetch({ [orderViewUrl('ord-1', 't')]: { body: { success: true, status: 200, data: bare } } });
    renderAt('/order/view/ord-1?token=t');
    expect(await screen.findByText('No order items found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // a billing entry with nothing in it, and no shipping address at all
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText('No address details available')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText('Address not available')).toBeInTheDocument();
  });

  it('an outage shows an error with a retry', async () => {
    installFakeFetch({ [orderViewUrl('ord-1', 't')]: { status: 503, body: { message: 'Orders are unavailable right now.' } } });
    renderAt('/order/view/ord-1?token=t');
    expect(await screen.findByText('Failed to fetch order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
