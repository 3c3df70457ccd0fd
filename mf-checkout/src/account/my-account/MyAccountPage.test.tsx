import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, type AccountOrderSummary, type AccountQuoteSummary, type MyAccountResponse } from '@storefront/contracts';
import { installFakeFetch, type FakeRoutes } from '@storefront/ui/testing';
import { listenForSessionChanges, renderRoute, savedAddress } from '../test-support/account-harness.js';
import MyAccountPage from './MyAccountPage.js';

const ME = '/api/my-account/me';
const ORDERS = '/api/my-account/orders';
const QUOTES = '/api/my-account/quotes';
const SIGN_OUT = '/api/my-account/logout';
const SESSIONS = '/api/my-account/sessions';

const shipping = savedAddress({ id: 'addr-ship', street1: '9 Oak Ave', isDefaultShipping: true, status: 'primary' });
const billing = savedAddress({ id: 'addr-bill', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', isDefaultBilling: true, status: 'primary' });

function account(overrides: { phone?: string; phoneNumber?: string; defaults?: boolean } = {}): MyAccountResponse {
  const withDefaults = overrides.defaults ?? true;
  return {
    success: true,
    data: {
      user: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: overrides.phone ?? '(512) 555-0100' },
      customer: {
        id: 'cust-1',
        firstName: 'Ann',
        lastName: 'Lee',
        phoneNumber: overrides.phoneNumber ?? overrides.phone ?? '(512) 555-0100',
        addresses: withDefaults ? [shipping, billing] : [],
        defaultShipping: withDefaults ? shipping.id : null,
        defaultBilling: withDefaults ? billing.id : null,
        emailVerified: true,
      },
    },
  };
}

const orders: AccountOrderSummary[] = [
  { id: 'ord-2', orderIncrementId: '100000124', createdAt: '2026-11-24T15:00:00.000Z', status: 'processing', paymentStatus: 'completed', total: 123450, totalItemCount: 3 },
  { id: 'ord-1', orderIncrementId: '100000123', createdAt: '2026-11-23T15:00:00.000Z', status: 'ordered', paymentStatus: 'completed', total: 1449, totalItemCount: 1 },
];
const quotes: AccountQuoteSummary[] = [{ id: 'quote-1', quoteIncrementId: 'Q-100001', createdAt: '2026-11-22T15:00:00.000Z', status: 'ready_to_order', total: 138990, poNumber: 'PO-77' }];

function answers(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [ME]: { body: account() },
    [ORDERS]: { body: { success: true, data: orders } },
    [QUOTES]: { body: { success: true, data: quotes } },
    [SESSIONS]: { body: { success: true, data: [] } },
    ...overrides,
  };
}

function renderPage() {
  return renderRoute('/my-account', ACCOUNT_PATHS.myAccount, <MyAccountPage />);
}

describe('/my-account', () => {
  it('shows the loading state, then the profile, the default addresses, My Orders and My Quotes', async () => {
    installFakeFetch(answers());
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('Ann Lee');
    expect(profile).toHaveTextContent('ann@example.com');
    expect(profile).toHaveTextContent('(512) 555-0100');

    const addresses = screen.getByRole('region', { name: 'Addresses' });
    expect(within(addresses).getByRole('region', { name: 'Default shipping address' })).toHaveTextContent('9 Oak Ave');
    expect(within(addresses).getByRole('region', { name: 'Default billing address' })).toHaveTextContent('350 5th Ave');
    expect(within(addresses).getByRole('link', { name: 'Manage addresses' })).toHaveAttribute('href', '/my-account/addresses');

    const myOrders = screen.getByRole('region', { name: 'My Orders' });
    const orderRows = await within(myOrders).findAllByRole('row');
    // header + two orders, newest first as the server sent them
    expect(orderRows).toHaveLength(3);
    expect(within(orderRows[1]!).getByRole('link', { name: 'Order #100000124' })).toHaveAttribute('href', '/order/view/ord-2');
    expect(orderRows[1]).toHaveTextContent('November 24, 2026');
    expect(orderRows[1]).toHaveTextContent('$1,234.50');
    expect(orderRows[1]).toHaveTextContent('Processing');
    expect(within(orderRows[2]!).getByRole('link', { name: 'Order #100000123' })).toHaveAttribute('href', '/order/view/ord-1');
    expect(within(orderRows[2]!).getByText('Ordered')).toHaveClass('sf-status', 'sf-status--success');
    // no token on the links: the owner's session is the proof
    for (const link of within(myOrders).getAllByRole('link')) expect(link.getAttribute('href')).not.toContain('token');

    const myQuotes = screen.getByRole('region', { name: 'My Quotes' });
    const quoteLink = await within(myQuotes).findByRole('link', { name: 'Quote #Q-100001' });
    expect(quoteLink).toHaveAttribute('href', '/quote/view/quote-1');
    expect(myQuotes).toHaveTextContent('$1,389.90');
    expect(myQuotes).toHaveTextContent('Ready To Order');
    expect(myQuotes).toHaveTextContent('PO PO-77');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("says 'Not provided' for a missing phone, 'No address set' without defaults, and that there are no orders or quotes", async () => {
    installFakeFetch(answers({ [ME]: { body: account({ phone: '', defaults: false }) }, [ORDERS]: { body: { success: true, data: [] } }, [QUOTES]: { body: { success: true, data: [] } } }));
    renderPage();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText(ACCOUNT_MESSAGES.notProvided)).toBeInTheDocument();
    expect(screen.getAllByText(ACCOUNT_MESSAGES.noAddressSet)).toHaveLength(2);
    // spec 8 (views): the empty lists in the spec's words, one under My Orders and one under My Quotes
    expect(await screen.findAllByText('No Data Found')).toHaveLength(2);
    expect(screen.getAllByText('We are sorry, but we could not find any data.')).toHaveLength(2);
  });

  it('without a session goes to sign in, which comes back here', async () => {
    installFakeFetch(answers({ [ME]: { status: 401, body: { message: ACCOUNT_MESSAGES.signInRequired } }, [ORDERS]: { status: 401, body: {} }, [QUOTES]: { status: 401, body: {} } }));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=/my-account'));
  });

  it('an outage of the account shows an error whose Retry asks again', async () => {
    const fetchMock = installFakeFetch(answers({ [ME]: [{ status: 503, body: { message: 'Unavailable' } }, { body: account() }] }));
    renderPage();
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Your account could not be loaded');
    expect(error).toHaveTextContent(ACCOUNT_MESSAGES.accountLoadFailed);
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === ME)).toHaveLength(2);
  });

  it('a list that fails shows its own error with Retry, the rest of the page stays', async () => {
    installFakeFetch(answers({ [ORDERS]: [{ status: 500, body: { message: 'Orders are unavailable right now.' } }, { body: { success: true, data: orders } }] }));
    renderPage();
    const myOrders = await screen.findByRole('region', { name: 'My Orders' });
    const error = await within(myOrders).findByRole('alert');
    expect(error).toHaveTextContent('Your orders could not be loaded');
    expect(error).toHaveTextContent('Orders are unavailable right now.');
    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await within(myOrders).findByRole('link', { name: 'Order #100000124' })).toBeInTheDocument();
  });

  it('Sign Out ends the session, tells the header and goes home', async () => {
    const session = listenForSessionChanges();
    const fetchMock = installFakeFetch(answers({ [SIGN_OUT]: { body: { success: true, message: ACCOUNT_MESSAGES.signedOut } } }));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(session.count()).toBe(1);
    const signOut = fetchMock.mock.calls.find(([url]) => url === SIGN_OUT) as [string, RequestInit];
    expect(signOut[1].method).toBe('POST');
    session.stop();
  });

  it('a failed Sign Out says why and stays', async () => {
    installFakeFetch(answers({ [SIGN_OUT]: { networkError: true } }));
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(screen.getByTestId('location')).toHaveTextContent('/my-account');
  });
});
