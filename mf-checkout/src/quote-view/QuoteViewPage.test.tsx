import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QUOTE_VIEW_PATH, type Quote } from '@storefront/contracts';
import { installFakeFetch } from '@storefront/ui/testing';
import { paymentFor, quoteFor } from '../test-support/payment-page-fixtures.js';
import QuoteViewPage, { quoteViewUrl } from './QuoteViewPage.js';

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={QUOTE_VIEW_PATH} element={<QuoteViewPage />} />
        {/* a link that lost its id */}
        <Route path="/quote/view" element={<QuoteViewPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The quote behind the e-mail link: two cabinets, freight, tax and a discount, paid in full only. */
function viewedQuote(overrides: Partial<Quote> = {}): Quote {
  return quoteFor({
    phone: '(212) 555-0100',
    items: [
      { id: 'i1', name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, price: 27899, rowTotal: 83697, notes: 'soft-close hinges' },
      { id: 'i2', name: 'Shaker Snow White Wall Cabinet 30"', sku: 'SSW-W3030', qty: 2, price: 18950, rowTotal: 37900, notes: null },
    ],
    additionalNotes: null,
    subtotal: 121597,
    shippingAmount: 14950,
    taxAmount: 7443,
    discountAmount: 5000,
    total: 138990,
    splitPaymentEnabled: false,
    minimumSplitAmount: null,
    ...overrides,
  });
}

describe('/quote/view/:quoteId', () => {
  it('shows the quote behind the link: number, date, status, items with notes, totals, addresses, shipping, customer', async () => {
    const fetchMock = installFakeFetch({ [quoteViewUrl('quote-1', 'tok')]: { body: { success: true, data: viewedQuote() } } });
    renderAt('/quote/view/quote-1?token=tok');
    expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
    expect(screen.getByText('November 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('Ready To Order')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items in this quote' });
    const base = within(items).getByRole('rowheader', { name: /Base Cabinet 24/ });
    expect(base).toHaveTextContent('SKU: SSW-B24');
    expect(base).toHaveTextContent('soft-close hinges');
    expect(within(items).getByText('$278.99')).toBeInTheDocument();
    expect(within(items).getByText('$836.97')).toBeInTheDocument();
    expect(screen.getByText('$1,215.97')).toBeInTheDocument();
    expect(screen.getByText('Shipping (Freight (curbside))')).toBeInTheDocument();
    expect(screen.getByText('$74.43')).toBeInTheDocument();
    expect(screen.getByText('-$50.00')).toBeInTheDocument();
    expect(screen.getByText('$1,389.90')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText(/1 Dock Rd/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing address' })).getByText(/350 5th Ave/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping method' })).getByText('Freight (curbside)')).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer details' });
    expect(customer).toHaveTextContent('Ann Lee');
    expect(customer).toHaveTextContent('ann@example.com');
    expect(customer).toHaveTextContent('(212) 555-0100');
    // nothing paid yet: no payment method
    expect(screen.queryByRole('region', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves out tax and discount at 0, says a missing phone is not provided, and shows the payment once ordered', async () => {
    const quote = viewedQuote({
      status: 'ordered',
      phone: null,
      taxAmount: 0,
      discountAmount: 0,
      total: 136547,
      orderId: 'ord-1',
      payments: [paymentFor({ amount: 136547, amountPaid: 136547, transactionId: 'pi_1' })],
    });
    installFakeFetch({ [quoteViewUrl('quote-1', 'tok')]: { body: { success: true, data: quote } } });
    renderAt('/quote/view/quote-1?token=tok');
    expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
    expect(screen.getByText('Ordered')).toBeInTheDocument();
    expect(screen.queryByText('Tax')).not.toBeInTheDocument();
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Customer details' })).getByText('Not provided')).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment method' });
    expect(payment).toHaveTextContent('Credit or Debit Card');
    expect(payment).toHaveTextContent('Paid');
  });

  it('a quote without items says so', async () => {
    installFakeFetch({ [quoteViewUrl('quote-1', 'tok')]: { body: { success: true, data: viewedQuote({ items: [] }) } } });
    renderAt('/quote/view/quote-1?token=tok');
    expect(await screen.findByText('No quote items found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("a wrong token reads 'Quote not found.'", async () => {
    installFakeFetch({ [quoteViewUrl('quote-1', 'wrong')]: { status: 404, body: { message: 'Quote not found.' } } });
    renderAt('/quote/view/quote-1?token=wrong');
    expect(await screen.findByText('Quote not found.')).toBeInTheDocument();
  });

  describe('without a token: the signed-in owner (My Quotes links here), asked in the browser with the session', () => {
    const ownerUrl = '/api/quote/view/quote-1';

    it('shows the loading state first, then the quote the session may see (the call carries no token)', async () => {
      const fetchMock = installFakeFetch({ [ownerUrl]: { body: { success: true, data: viewedQuote() } } });
      renderAt('/quote/view/quote-1');
      expect(screen.getByRole('status')).toHaveTextContent('Loading your quote…');
      expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith(ownerUrl, expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
    });

    it("a quote that is not the session's (404), or no session (401), reads 'Quote not found.'", async () => {
      installFakeFetch({ [ownerUrl]: { status: 404, body: { message: 'Quote not found.' } } });
      const notTheirs = renderAt('/quote/view/quote-1');
      expect(await screen.findByText('Quote not found.')).toBeInTheDocument();
      notTheirs.unmount();
      installFakeFetch({ [ownerUrl]: { status: 401, body: { message: 'Please sign in to continue.' } } });
      renderAt('/quote/view/quote-1');
      expect(await screen.findByText('Quote not found.')).toBeInTheDocument();
    });

    it('an outage shows the alert with Try Again, which asks again', async () => {
      const fetchMock = installFakeFetch({ [ownerUrl]: [{ status: 503, body: { message: 'Quotes are unavailable right now.' } }, { body: { success: true, data: viewedQuote() } }] });
      renderAt('/quote/view/quote-1');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to fetch quote');
      fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  });

  it("without an id it says 'Quote ID is required'", async () => {
    const fetchMock = installFakeFetch({});
    renderAt('/quote/view');
    expect(await screen.findByRole('alert')).toHaveTextContent('Quote ID is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the loading state while the quote is on its way', async () => {
    installFakeFetch({});
    // the fake answers later than the first render
    renderAt('/quote/view/quote-1?token=tok');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your quote…');
    expect(await screen.findByText('Quote not found.')).toBeInTheDocument();
  });

  it('an outage shows an alert with Try Again, which asks again', async () => {
    const fetchMock = installFakeFetch({ [quoteViewUrl('quote-1', 't')]: { status: 503, body: { message: 'Quotes are unavailable right now.' } } });
    renderAt('/quote/view/quote-1?token=t');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch quote');
    expect(alert).toHaveTextContent('Quotes are unavailable right now.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  describe('a way to pay what is still due', () => {
    it('the holder of the link: Pay this quote, to the quote payment page with the same token', async () => {
      installFakeFetch({ [quoteViewUrl('quote-1', 'tok')]: { body: { success: true, data: viewedQuote({ id: 'quote-1' }) } } });
      renderAt('/quote/view/quote-1?token=tok');
      expect(await screen.findByRole('link', { name: 'Pay this quote ($1,389.90)' })).toHaveAttribute('href', '/quote/payment?quoteId=quote-1&token=tok');
    });

    it('the signed-in owner of an ordered quote with a balance: Pay the remaining balance, on the split-payment page', async () => {
      const deposit = viewedQuote({
        id: 'quote-1',
        status: 'ordered',
        orderId: 'ord-9',
        email: 'ann@example.com',
        splitPaymentEnabled: true,
        minimumSplitAmount: 30000,
        payments: [paymentFor({ amount: 40000, amountPaid: 40000 })],
      });
      installFakeFetch({ '/api/quote/view/quote-1': { body: { success: true, data: deposit } } });
      renderAt('/quote/view/quote-1');
      expect(await screen.findByRole('link', { name: 'Pay the remaining balance ($989.90)' })).toHaveAttribute(
        'href',
        '/order/split-payment?orderId=ord-9&email=ann%40example.com',
      );
    });

    it('the signed-in owner of a quote not yet paid: pointed to the e-mailed link (no token in hand); a paid quote offers nothing', async () => {
      installFakeFetch({ '/api/quote/view/quote-1': { body: { success: true, data: viewedQuote({ email: 'ann@example.com' }) } } });
      const owner = renderAt('/quote/view/quote-1');
      expect(await screen.findByText('$1,389.90 is due. To pay this quote, open the payment link in the e-mail we sent to ann@example.com.')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
      owner.unmount();
      const paid = viewedQuote({ status: 'ordered', orderId: 'ord-9', payments: [paymentFor({ amount: 138990, amountPaid: 138990 })] });
      installFakeFetch({ [quoteViewUrl('quote-1', 'tok')]: { body: { success: true, data: paid } } });
      renderAt('/quote/view/quote-1?token=tok');
      expect(await screen.findByRole('heading', { name: 'Quote #Q-100001' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Pay/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/is due/)).not.toBeInTheDocument();
    });
  });
});
