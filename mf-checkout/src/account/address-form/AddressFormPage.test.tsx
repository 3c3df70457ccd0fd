import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, ACCOUNT_PATHS, CHECKOUT_LOCATIONS_URL, IDEMPOTENCY_KEY_HEADER } from '@storefront/contracts';
import { installFakeFetch, type FakeRoutes } from '@storefront/ui/testing';
import { locations } from '../../test-support/checkout-fixtures.js';
import { LocationNotice } from '../shared/notice.js';
import { bodyOf, renderRoute, savedAddress, setCookie } from '../test-support/account-harness.js';
import AddressFormPage from './AddressFormPage.js';

const CREATE = '/api/my-account/address';
const LIST = '/api/my-account/addresses';

function renderAt(entry: string) {
  const path = entry.startsWith('/my-account/address/edit/') ? ACCOUNT_PATHS.addressEdit : entry === ACCOUNT_PATHS.addressAdd ? ACCOUNT_PATHS.addressAdd : ACCOUNT_PATHS.addressNew;
  return renderRoute(entry, path, <AddressFormPage />, [{ path: ACCOUNT_PATHS.addresses, element: <LocationNotice /> }]);
}

function routes(more: FakeRoutes = {}): FakeRoutes {
  return { [CHECKOUT_LOCATIONS_URL]: { body: locations }, ...more };
}

async function fillValidAddress() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^First Name/), 'Ann');
  await user.type(screen.getByLabelText(/^Last Name/), 'Lee');
  await user.type(screen.getByLabelText(/^Company/), 'Lee Kitchens');
  await user.type(screen.getByLabelText(/^Phone/), '512-555-0100');
  await user.type(screen.getByLabelText(/^Address 1/), '1 Main St');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), 'TX');
  await user.type(screen.getByLabelText(/^ZIP/), '78701');
  return user;
}

beforeEach(() => setCookie('sf_csrf', 'csrf-1'));
afterEach(() => setCookie('sf_csrf', undefined));

describe('/my-account/address/new', () => {
  it('has the address fields, US states from the checkout locations, United States only, and the two default boxes', async () => {
    installFakeFetch(routes());
    renderAt('/my-account/address/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Address' })).toBeInTheDocument();
    for (const label of [/^First Name/, /^Last Name/, /^Company/, /^Phone/, /^Address 1/, /^Address 2/, /^City/, /^State/, /^ZIP/, /^Country/]) {
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    }
    const state = screen.getByLabelText(/^State/);
    expect(within(state).getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a state', 'New York', 'Texas']);
    const country = screen.getByLabelText(/^Country/);
    expect(within(country).getAllByRole('option').map((option) => option.textContent)).toEqual(['United States']);
    expect(country).toHaveValue('US');
    expect(screen.getByRole('checkbox', { name: 'Use as default shipping address' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Use as default billing address' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/my-account/addresses');
  });

  it("checks the address with the checkout's rules and messages before saving", async () => {
    const fetchMock = installFakeFetch(routes());
    renderAt('/my-account/address/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First Name/), 'A1');
    await user.type(screen.getByLabelText(/^Phone/), '555');
    await user.type(screen.getByLabelText(/^ZIP/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Only alphabets are allowed')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Only numbers are allowed')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByLabelText(/^First Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => url === CREATE)).toHaveLength(0);
  });

  it('saves the address (with an Idempotency-Key) and goes back to the list, which says so', async () => {
    const fetchMock = installFakeFetch(routes({ [CREATE]: { status: 201, body: { success: true, data: savedAddress() } } }));
    renderAt('/my-account/address/new');
    const user = await fillValidAddress();
    await user.click(screen.getByRole('checkbox', { name: 'Use as default shipping address' }));
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account\/addresses$/));
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.addressSaved);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === CREATE) as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]).toEqual(expect.any(String));
    expect(bodyOf(init)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      company: 'Lee Kitchens',
      phoneNumber: '512-555-0100',
      street1: '1 Main St',
      street2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      countryId: 'US',
      isDefaultShipping: true,
      isDefaultBilling: false,
    });
  });

  it("shows the server's field errors beside their fields, and its message", async () => {
    installFakeFetch(routes({ [CREATE]: { status: 400, body: { message: 'Please check the address.', errors: { zipCode: 'ZIP/Postal code seems too short', city: 'Special characters are not allowed' } } } }));
    renderAt('/my-account/address/new');
    const user = await fillValidAddress();
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('ZIP/Postal code seems too short')).toBeInTheDocument();
    expect(screen.getByLabelText(/^ZIP/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Special characters are not allowed')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Please check the address.'))).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent('/my-account/address/new');
  });

  it('/my-account/addresses/add is the same form', async () => {
    installFakeFetch(routes());
    renderAt('/my-account/addresses/add');
    expect(await screen.findByRole('form', { name: 'New address' })).toBeInTheDocument();
  });

  it('without a session (no CSRF cookie) goes to sign in first, which comes back to the form', async () => {
    setCookie('sf_csrf', undefined);
    installFakeFetch(routes());
    renderAt('/my-account/address/new');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=/my-account/address/new'));
  });

  it('the state list failing to load shows an error with Retry', async () => {
    installFakeFetch({ [CHECKOUT_LOCATIONS_URL]: [{ status: 503, body: { message: 'Unavailable' } }, { body: locations }] });
    renderAt('/my-account/address/new');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The address form could not be loaded');
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^First Name/)).toBeInTheDocument();
  });
});

describe('/my-account/address/edit/:id', () => {
  const saved = savedAddress({ id: 'addr-1', isDefaultBilling: true, status: 'primary' });

  it('loads the address into the form and saves the change with PUT, then goes back to the list', async () => {
    const fetchMock = installFakeFetch(routes({ [LIST]: { body: { success: true, data: [saved] } }, '/api/my-account/address/addr-1': { body: { success: true, data: saved } } }));
    renderAt('/my-account/address/edit/addr-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Address' })).toBeInTheDocument();
    const city = await screen.findByLabelText(/^City/);
    expect(city).toHaveValue('Austin');
    expect(screen.getByLabelText(/^State/)).toHaveValue('TX');
    expect(screen.getByLabelText(/^Company/)).toHaveValue('Lee Kitchens');
    expect(screen.getByRole('checkbox', { name: 'Use as default billing address' })).toBeChecked();
    const user = userEvent.setup();
    await user.clear(city);
    await user.type(city, 'Round Rock');
    await user.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/my-account\/addresses$/));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/my-account/address/addr-1') as [string, RequestInit];
    expect(init.method).toBe('PUT');
    expect(bodyOf(init)).toEqual(expect.objectContaining({ city: 'Round Rock', street1: '1 Main St', isDefaultBilling: true, isDefaultShipping: false }));
  });

  it("an id that is not among the customer's addresses reads 'Address not found.'", async () => {
    installFakeFetch(routes({ [LIST]: { body: { success: true, data: [saved] } } }));
    renderAt('/my-account/address/edit/someone-elses');
    expect(await screen.findByText('Address not found.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('a save answered 404 (deleted meanwhile) says so', async () => {
    installFakeFetch(routes({ [LIST]: { body: { success: true, data: [saved] } }, '/api/my-account/address/addr-1': { status: 404, body: { message: 'Address not found.' } } }));
    renderAt('/my-account/address/edit/addr-1');
    await screen.findByLabelText(/^City/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Address not found.');
  });

  it('without a session goes to sign in, which comes back to this address', async () => {
    installFakeFetch(routes({ [LIST]: { status: 401, body: { message: ACCOUNT_MESSAGES.signInRequired } } }));
    renderAt('/my-account/address/edit/addr-1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?returnTo=/my-account/address/edit/addr-1'));
  });

  it('an outage shows an error whose Retry asks again', async () => {
    installFakeFetch(routes({ [LIST]: [{ status: 503, body: { message: 'Unavailable right now.' } }, { body: { success: true, data: [saved] } }] }));
    renderAt('/my-account/address/edit/addr-1');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Your address could not be loaded');
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^City/)).toHaveValue('Austin');
  });
});
