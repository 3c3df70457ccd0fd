import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { CSRF_COOKIE, type AccountAddress, type PaymentMethod } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch, type FakeAnswer, type FakeRoutes } from '@storefront/ui/testing';
import { door, locations, orderFor, paypal, summaryFor } from '../test-support/checkout-fixtures.js';
import { recorder, type RecordedCall } from '../test-support/recorded-calls.js';
import CheckoutPage, { CHECKOUT_LOCATIONS_URL } from './CheckoutPage.js';
import { CheckoutForm } from './form/CheckoutForm.js';
import { browserNavigation, ORDER_URL, PAYMENT_ATTEMPTS_URL, PAYMENT_METHODS_URL } from '../payment/index.js';
import { CART_SUMMARY_URL, type CartSummaryResult } from './useCartSummary.js';
import { prefillFromAccount, type SignedInAccount } from './useCheckoutPrefill.js';

jest.setTimeout(30000);

const ME_URL = '/api/my-account/me';

function address(overrides: Partial<AccountAddress>): AccountAddress {
  return {
    id: 'addr-1',
    firstName: 'Ann',
    lastName: 'Lee',
    company: '',
    street1: '1 Main St',
    street2: '',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    countryId: 'US',
    phoneNumber: '5125550100',
    isDefaultShipping: false,
    isDefaultBilling: false,
    status: 'unverified',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const home = address({ id: 'addr-home', isDefaultBilling: true, status: 'primary' });
const office = address({ id: 'addr-office', firstName: 'Ann', lastName: 'Park', street1: '500 Fifth Ave', city: 'New York', state: 'NY', zipCode: '10118', isDefaultShipping: true, phoneNumber: '2125550100' });

function account(overrides: { addresses?: AccountAddress[]; defaultBilling?: string | null; defaultShipping?: string | null; email?: string } = {}): SignedInAccount {
  const addresses = overrides.addresses ?? [home, office];
  return {
    user: { email: overrides.email ?? 'ann@example.com', firstName: 'Annie', lastName: 'Leeson', phone: '7325550148' },
    customer: {
      id: 'cust-7',
      firstName: 'Annie',
      lastName: 'Leeson',
      phoneNumber: '7325550148',
      addresses,
      defaultBilling: overrides.defaultBilling === undefined ? (addresses.find((a) => a.isDefaultBilling)?.id ?? null) : overrides.defaultBilling,
      defaultShipping: overrides.defaultShipping === undefined ? (addresses.find((a) => a.isDefaultShipping)?.id ?? null) : overrides.defaultShipping,
      emailVerified: true,
    },
  };
}

describe('prefillFromAccount', () => {
  it('fills billing from the default billing address and shipping, shown apart, from the default shipping address', () => {
    expect(prefillFromAccount(account())).toEqual({
      values: {
        bill_first_name: 'Ann',
        bill_last_name: 'Lee',
        bill_email: 'ann@example.com',
        bill_phone: '5125550100',
        bill_address_1: '1 Main St',
        bill_city: 'Austin',
        bill_state: 'TX',
        bill_zip: '78701',
        bill_country: 'US',
        ship_first_name: 'Ann',
        ship_last_name: 'Park',
        ship_email: 'ann@example.com',
        ship_phone: '2125550100',
        ship_address_1: '500 Fifth Ave',
        ship_city: 'New York',
        ship_state: 'NY',
        ship_zip: '10118',
        ship_country: 'US',
        same_as_billing: false,
      },
      customerId: 'cust-7',
      lockEmail: true,
    });
  });

  it("takes the first address without a default billing one, and the account's names and phone where an address has none", () => {
    const bare = address({ id: 'addr-x', firstName: '', lastName: '', phoneNumber: '' });
    const { values } = prefillFromAccount(account({ addresses: [bare], defaultBilling: null, defaultShipping: null }));
    expect(values).toMatchObject({ bill_first_name: 'Annie', bill_last_name: 'Leeson', bill_phone: '7325550148', bill_address_1: '1 Main St' });
    // no default shipping address: shipping stays the billing address (same as billing as it starts)
    expect(values).not.toHaveProperty('same_as_billing');
    expect(values).not.toHaveProperty('ship_address_1');
  });

  it("keeps same as billing when the default shipping address is the billing one; without addresses, the account's names and e-mail", () => {
    const both = address({ id: 'addr-both', isDefaultBilling: true, isDefaultShipping: true });
    expect(prefillFromAccount(account({ addresses: [both] })).values).not.toHaveProperty('same_as_billing');
    const { values } = prefillFromAccount(account({ addresses: [] }));
    expect(values).toEqual({
      bill_first_name: 'Annie',
      bill_last_name: 'Leeson',
      bill_email: 'ann@example.com',
      bill_phone: '7325550148',
      ship_first_name: 'Annie',
      ship_last_name: 'Leeson',
      ship_email: 'ann@example.com',
      ship_phone: '7325550148',
    });
  });

  it('locks the e-mail only when the account has one', () => {
    const prefill = prefillFromAccount(account({ email: '' }));
    expect(prefill.lockEmail).toBe(false);
    expect(prefill.values).not.toHaveProperty('bill_email');
  });
});

describe('the checkout of a signed-in customer', () => {
  let calls: RecordedCall[];
  const recorded = (url: string, answer: (call: RecordedCall) => FakeAnswer) => recorder(calls)(url, answer);

  function install(me: FakeAnswer | undefined, methods: PaymentMethod[] = [{ ...paypal, isDefault: true }], extra: FakeRoutes = {}) {
    installFakeFetch({
      [PAYMENT_METHODS_URL]: { body: { success: true, paymentMethods: methods } },
      [CHECKOUT_LOCATIONS_URL]: { body: locations },
      [CART_SUMMARY_URL]: (init) => {
        const request = JSON.parse(String(init?.body)) as { destination?: unknown };
        return {
          body: request.destination
            ? summaryFor([door], { shipping: { method: 'standard-ground', label: 'Standard Ground', amount: 9.99 }, total: 1244.49 })
            : summaryFor([door]),
        };
      },
      ...(me ? { [ME_URL]: recorded(ME_URL, () => me) } : {}),
      ...extra,
    });
  }

  const signIn = () => {
    document.cookie = `${CSRF_COOKIE}=csrf-1; path=/`;
  };

  function checkout() {
    return (
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutPage />
      </MemoryRouter>
    );
  }

  const billing = () => screen.findByRole('group', { name: 'Billing address' });

  beforeEach(() => {
    calls = [];
    window.localStorage.clear();
    window.sessionStorage.clear();
    sampleCartStore.getState().clearCart();
    sampleCartStore.getState().addSample(door);
    window.innerWidth = 1440;
  });

  afterEach(() => {
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    jest.restoreAllMocks();
  });

  it('prefills billing and shipping from the account, the e-mail read-only, and the order still carries the e-mail', async () => {
    signIn();
    const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    install(
      { body: { success: true, data: account() } },
      [{ ...paypal, isDefault: true }],
      {
        [ORDER_URL]: recorded(ORDER_URL, () => ({ status: 201, body: { success: true, status: 201, data: orderFor(), orderToken: 'tok-1' } })),
        [PAYMENT_ATTEMPTS_URL]: recorded(PAYMENT_ATTEMPTS_URL, () => ({
          status: 201,
          body: { attempt: { id: 'att-1', status: 'requires_action', nextAction: { type: 'redirect', url: 'https://sandbox.example/approve?token=PP-1' }, message: null }, orderIncrementId: '100000123', testPayment: true },
        })),
      },
    );
    const user = userEvent.setup();
    render(checkout());

    const bill = await billing();
    await waitFor(() => expect(within(bill).getByLabelText(/^First name/)).toHaveValue('Ann'));
    expect(within(bill).getByLabelText(/^Address line 1/)).toHaveValue('1 Main St');
    expect(within(bill).getByLabelText(/^City/)).toHaveValue('Austin');
    expect(within(bill).getByLabelText(/^State/)).toHaveValue('TX');
    expect(within(bill).getByLabelText(/^ZIP/)).toHaveValue('78701');
    expect(within(bill).getByLabelText(/^Phone/)).toHaveValue('5125550100');
    const email = within(bill).getByLabelText(/^Email/);
    expect(email).toHaveValue('ann@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAttribute('aria-readonly', 'true');
    expect(email).toBeEnabled();
    // the shopper cannot change it
    await user.type(email, 'x');
    expect(email).toHaveValue('ann@example.com');

    // the default shipping address is another one: shipping is shown apart, filled from it
    expect(screen.getByLabelText('Shipping address same as billing')).not.toBeChecked();
    const ship = screen.getByRole('group', { name: 'Shipping address' });
    expect(within(ship).getByLabelText(/^Address line 1/)).toHaveValue('500 Fifth Ave');
    expect(within(ship).getByLabelText(/^State/)).toHaveValue('NY');
    expect(within(ship).getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(within(ship).getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    // the prefilled zip gets its shipping quote
    expect(await screen.findByText('Standard Ground')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const [order] = calls.filter((call) => call.url === ORDER_URL);
    expect(order?.body).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', customerId: 'cust-7' });
    expect((order?.body.addresses as { type: string; email: string; zipCode: string }[]).map((a) => [a.type, a.email, a.zipCode])).toEqual([
      ['billing', 'ann@example.com', '78701'],
      ['shipping', 'ann@example.com', '10118'],
    ]);
    // the account was read once, with the cookies
    expect(calls.filter((call) => call.url === ME_URL)).toHaveLength(1);
  });

  it('leaves what the shopper typed while the account was being read', async () => {
    signIn();
    install({ body: { success: true, data: account() } });
    let answerMe: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answerMe = resolve));
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === ME_URL) await gate;
      return fakeFetch(input, init);
    }) as typeof fetch;
    const user = userEvent.setup();
    render(checkout());

    const bill = await billing();
    await user.type(within(bill).getByLabelText(/^First name/), 'Bea');
    await user.selectOptions(within(bill).getByLabelText(/^State/), 'NY');
    await act(async () => answerMe());

    await waitFor(() => expect(within(bill).getByLabelText(/^Address line 1/)).toHaveValue('1 Main St'));
    expect(within(bill).getByLabelText(/^First name/)).toHaveValue('Bea');
    expect(within(bill).getByLabelText(/^State/)).toHaveValue('NY');
    expect(within(bill).getByLabelText(/^Last name/)).toHaveValue('Lee');
  });

  it("Reset returns to the account's details (a locked e-mail is never left empty)", async () => {
    signIn();
    install({ body: { success: true, data: account() } });
    const user = userEvent.setup();
    render(checkout());
    const bill = await billing();
    await waitFor(() => expect(within(bill).getByLabelText(/^Address line 1/)).toHaveValue('1 Main St'));
    await user.clear(within(bill).getByLabelText(/^City/));
    await user.type(within(bill).getByLabelText(/^City/), 'Dallas');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(within(bill).getByLabelText(/^City/)).toHaveValue('Austin'));
    expect(within(bill).getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    expect(within(bill).getByLabelText(/^Email/)).toHaveAttribute('readonly');
  });

  it('a guest (no session cookie) never asks for an account: nothing filled, nothing locked', async () => {
    install({ body: { success: true, data: account() } });
    render(checkout());
    const bill = await billing();
    expect(await screen.findByRole('radio', { name: /PayPal/ })).toBeInTheDocument();
    expect(within(bill).getByLabelText(/^First name/)).toHaveValue('');
    expect(within(bill).getByLabelText(/^Email/)).not.toHaveAttribute('readonly');
    expect(calls.filter((call) => call.url === ME_URL)).toHaveLength(0);
  });

  it('a session that has ended (401) leaves the guest checkout as it is', async () => {
    signIn();
    install({ status: 401, body: { success: false, message: 'Please sign in to continue.' } });
    const user = userEvent.setup();
    render(checkout());
    const bill = await billing();
    await waitFor(() => expect(calls.filter((call) => call.url === ME_URL)).toHaveLength(1));
    const email = within(bill).getByLabelText(/^Email/);
    expect(email).not.toHaveAttribute('readonly');
    await user.type(email, 'bea@example.com');
    expect(email).toHaveValue('bea@example.com');
    expect(within(bill).getByLabelText(/^First name/)).toHaveValue('');
    expect(screen.getByLabelText('Shipping address same as billing')).toBeChecked();
  });
});

describe('the checkout form hydrated over what was typed before hydration', () => {
  const summary: CartSummaryResult = { status: 'idle', calculating: false, retry: () => undefined };
  function Form() {
    return (
      <MemoryRouter initialEntries={['/checkout']}>
        <CheckoutForm items={[door]} summary={summary} methods={[{ ...paypal, isDefault: true }]} locations={locations} onDestinationChange={() => undefined} />
      </MemoryRouter>
    );
  }

  afterEach(() => {
    document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it("draws the guest's form on the server whoever asks, keeps what was typed into it before hydration, and fills the rest from the account", async () => {
    document.cookie = `${CSRF_COOKIE}=csrf-1; path=/`;
    installFakeFetch({ [ME_URL]: { body: { success: true, data: account() } } });
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Form />);
    // the session is only known after hydration: the HTML is the guest's, the same for every visitor
    expect(container.innerHTML).not.toContain('readonly');
    expect(container.innerHTML).not.toContain('1 Main St');

    // typed while the page is still the server's HTML (no handler yet)
    container.querySelector<HTMLInputElement>('input[name="bill_first_name"]')!.value = 'Bea';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = await act(async () => hydrateRoot(container, <Form />));
    const bill = within(container).getByRole('group', { name: 'Billing address' });
    await waitFor(() => expect(within(bill).getByLabelText(/^Address line 1/)).toHaveValue('1 Main St'));
    expect(within(bill).getByLabelText(/^First name/)).toHaveValue('Bea');
    expect(within(bill).getByLabelText(/^Last name/)).toHaveValue('Lee');
    expect(within(bill).getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    expect(within(bill).getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root.unmount());
    container.remove();
  });
});
