import { checkoutFormFieldName, type CheckoutAddressField } from '@storefront/commerce-rules';
import { SHIPPING_COUNTRY, type AddressType, type PaymentMethod, type SelectedSample } from '@storefront/contracts';
import { addressOf, destinationOf, toOrderRequest } from './checkout-request.js';

const ADDRESS: Partial<Record<CheckoutAddressField, string>> = {
  email: ' ann@example.com ',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: '5551234567',
  street1: '1 Main St',
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  countryId: 'US',
};

function groupOf(type: AddressType, overrides: Partial<Record<CheckoutAddressField, string>> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ ...ADDRESS, ...overrides }).map(([name, value]) => [checkoutFormFieldName(type, name as CheckoutAddressField), value]));
}

const items: SelectedSample[] = [{ name: 'Shaker door', sku: 'DOOR-1', qty: 2, finish: { type: 'stained', value: 'walnut' } }];
const card = { name: 'credit-card' } as PaymentMethod;

describe('addressOf', () => {
  it('reads the group trimmed, leaves an empty second street line out and names the customer', () => {
    const address = addressOf(groupOf('billing'), 'billing', 'billing', 'customer-1');
    expect(address).toEqual({
      type: 'billing',
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      street1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      countryId: 'US',
      phoneNumber: '5551234567',
      customerId: 'customer-1',
    });
  });

  it('saves the billing group as the shipping address when asked, without a customer for a guest', () => {
    const address = addressOf(groupOf('billing', { street2: 'Apt 2' }), 'billing', 'shipping');
    expect(address.type).toBe('shipping');
    expect(address.street2).toBe('Apt 2');
    expect(address).not.toHaveProperty('customerId');
  });
});

describe('toOrderRequest', () => {
  it('ships to the billing address while same_as_billing is on, and sends no price', () => {
    const values = { ...groupOf('billing'), ...groupOf('shipping', { city: 'Chicago' }), same_as_billing: true };
    const request = toOrderRequest(values, items, card);
    expect(request.addresses.map((address) => [address.type, address.city])).toEqual([
      ['billing', 'Springfield'],
      ['shipping', 'Springfield'],
    ]);
    expect(request).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', paymentMethod: 'credit-card', items: [{ sku: 'DOOR-1', qty: 2, finish: { type: 'stained', value: 'walnut' } }] });
    expect(JSON.stringify(request)).not.toMatch(/price|total|amount/i);
  });

  it('ships to the shipping group otherwise, and names the signed-in customer', () => {
    const values = { ...groupOf('billing'), ...groupOf('shipping', { city: 'Chicago' }), same_as_billing: false };
    const request = toOrderRequest(values, items, card, 'customer-1');
    expect(request.addresses[1]).toMatchObject({ type: 'shipping', city: 'Chicago', customerId: 'customer-1' });
    expect(request.customerId).toBe('customer-1');
  });
});

describe('destinationOf', () => {
  it('is none until the zip is a zip', () => {
    expect(destinationOf('US', 'IL', '')).toBeUndefined();
    expect(destinationOf('US', 'IL', '12')).toBeUndefined();
  });

  it('is the trimmed zip with its state, in the shipping country when none is chosen', () => {
    expect(destinationOf('', 'IL', '62701 ')).toEqual({ country: SHIPPING_COUNTRY, state: 'IL', zip: '62701' });
    expect(destinationOf('US', '', '62701')).toEqual({ country: 'US', zip: '62701' });
  });
});
