import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, type AccountAddress } from '@storefront/contracts';
import { installFakeFetch, type FakeAnswer } from '@storefront/ui/testing';
import { bodyOf, renderRoute, savedAddress } from '../test-support/account-harness.js';
import AddressesPage from './AddressesPage.js';

const LIST = '/api/my-account/addresses';
const home = savedAddress({ id: 'addr-1', isDefaultShipping: true, isDefaultBilling: true, status: 'primary' });
const office = savedAddress({ id: 'addr-2', firstName: 'Bo', lastName: 'Chen', company: '', street1: '350 5th Ave', street2: '', city: 'New York', state: 'NY', zipCode: '10118', phoneNumber: '2125550100' });

function listOf(...addresses: AccountAddress[]): FakeAnswer {
  return { body: { success: true, data: addresses } };
}

function renderPage() {
  return renderRoute('/my-account/addresses', ACCOUNT_PATHS.addresses, <AddressesPage />);
}

/** What an alert says (its text without the Dismiss button's ×). */
function alertMessage(alert: HTMLElement): string | null | undefined {
  return alert.querySelector('.sf-alert__body')?.textContent;
}

/** The card of one saved address, by its visible name. */
async function card(name: string) {
  return (await screen.findByRole('article', { name: new RegExp(name) })) as HTMLElement;
}

describe('/my-account/addresses', () => {
  it('lists the saved addresses: name, company, street, city, state, zip, phone, status badge, default labels, actions', async () => {
    installFakeFetch({ [LIST]: listOf(home, office) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your addresses…');

    const first = await card('Ann Lee');
    for (const text of ['Lee Kitchens', '1 Main St', 'Suite 4', 'Austin, TX 78701', '5125550100']) expect(first).toHaveTextContent(text);
    expect(within(first).getByText('Primary')).toHaveClass('sf-status--primary');
    expect(within(first).getByText('Default shipping')).toBeInTheDocument();
    expect(within(first).getByText('Default billing')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Set as default shipping' })).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/my-account/address/edit/addr-1');

    const second = await card('Bo Chen');
    expect(second).toHaveTextContent('New York, NY 10118');
    expect(within(second).getByText('Unverified')).toHaveClass('sf-status--warning');
    expect(within(second).queryByText('Default shipping')).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Set as default shipping' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Set as default billing' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute('href', '/my-account/address/new');
  });

  it("without addresses: 'No addresses saved yet.' and Add New Address", async () => {
    installFakeFetch({ [LIST]: listOf() });
    renderPage();
    expect(await screen.findByText('No addresses saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute('href', '/my-account/address/new');
  });

  it('without a session goes to sign in, which comes back here', async () => {
    installFakeFetch({ [LIST]: { status: 401, body: { message: ACCOUNT_MESSAGES.signInRequired } } });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=/my-account/addresses'));
  });

  it('an outage shows an error whose Retry asks again', async () => {
    installFakeFetch({ [LIST]: [{ status: 503, body: { message: 'Accounts are unavailable right now.' } }, listOf(home)] });
    renderPage();
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Your addresses could not be loaded');
    expect(error).toHaveTextContent('Accounts are unavailable right now.');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await card('Ann Lee')).toBeInTheDocument();
  });

  it('Delete removes the address from the list', async () => {
    const fetchMock = installFakeFetch({
      [LIST]: listOf(home, office),
      '/api/my-account/address/addr-2': (init) => (init?.method === 'DELETE' ? { body: { success: true, message: 'Address deleted.' } } : { status: 405 }),
    });
    renderPage();
    await userEvent.setup().click(within(await card('Bo Chen')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Address deleted.');
    expect(screen.queryByRole('article', { name: /Bo Chen/ })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: /Ann Lee/ })).toBeInTheDocument();
    // the pressed button is gone: the message has the focus
    await waitFor(() => expect(document.activeElement).toHaveClass('sf-account-notice'));
    expect(fetchMock).toHaveBeenCalledWith('/api/my-account/address/addr-2', expect.objectContaining({ method: 'DELETE' }));
  });

  it("a refused Delete shows the body's message, or exactly 'Unknown error' without one, and keeps the address", async () => {
    installFakeFetch({
      [LIST]: listOf(home, office),
      '/api/my-account/address/addr-2': [{ status: 404, body: { success: false, message: 'Address not found.' } }, { status: 500 }],
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await card('Bo Chen')).getByRole('button', { name: 'Delete' }));
    expect(alertMessage(await screen.findByRole('alert'))).toBe('Address not found.');
    await user.click(within(await card('Bo Chen')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alertMessage(screen.getByRole('alert'))).toBe('Unknown error'));
    expect(screen.getByRole('article', { name: /Bo Chen/ })).toBeInTheDocument();
  });

  it("a Delete that reaches no server says 'Failed to delete address. Please try again.'", async () => {
    installFakeFetch({ [LIST]: listOf(home, office), '/api/my-account/address/addr-2': { networkError: true } });
    renderPage();
    await userEvent.setup().click(within(await card('Bo Chen')).getByRole('button', { name: 'Delete' }));
    expect(alertMessage(await screen.findByRole('alert'))).toBe('Failed to delete address. Please try again.');
    expect(screen.getByRole('article', { name: /Bo Chen/ })).toBeInTheDocument();
  });

  it("Set as default shipping saves the address's own fields with the flag, and the label moves to it", async () => {
    const promoted = { ...office, isDefaultShipping: true, status: 'primary' as const };
    const fetchMock = installFakeFetch({
      [LIST]: [listOf(home, office), listOf({ ...home, isDefaultShipping: false }, promoted)],
      '/api/my-account/address/addr-2': { body: { success: true, data: promoted } },
    });
    renderPage();
    await userEvent.setup().click(within(await card('Bo Chen')).getByRole('button', { name: 'Set as default shipping' }));
    const second = await card('Bo Chen');
    await waitFor(() => expect(within(second).getByText('Default shipping')).toBeInTheDocument());
    await waitFor(() => expect(within(second).getByText('Primary')).toBeInTheDocument());
    expect(within(await card('Ann Lee')).queryByText('Default shipping')).not.toBeInTheDocument();
    expect(within(await card('Ann Lee')).getByText('Default billing')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/my-account/address/addr-2') as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({
      firstName: 'Bo',
      lastName: 'Chen',
      company: '',
      street1: '350 5th Ave',
      street2: '',
      city: 'New York',
      state: 'NY',
      zipCode: '10118',
      countryId: 'US',
      phoneNumber: '2125550100',
      isDefaultShipping: true,
      isDefaultBilling: false,
    });
  });

  it('Set as default billing that the server refuses shows its message', async () => {
    installFakeFetch({ [LIST]: listOf(home, office), '/api/my-account/address/addr-2': { status: 404, body: { message: 'Address not found.' } } });
    renderPage();
    await userEvent.setup().click(within(await card('Bo Chen')).getByRole('button', { name: 'Set as default billing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address not found.');
    expect(within(await card('Bo Chen')).queryByText('Default billing')).not.toBeInTheDocument();
  });
});
