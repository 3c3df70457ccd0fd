import { checkRouteInput } from '../http/route-input.js';
import { createQuoteRequestSchema, quotePaymentPath, QUOTE_MESSAGES } from './schemas.js';

const check = (value: unknown) => checkRouteInput(createQuoteRequestSchema, value, { part: 'body' });
const billing = { type: 'billing', street1: '1 Pine St', city: 'Portland', state: 'or', zipCode: '97201' };
const quote = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: ' ann@example.com ',
  phone: '503-555-0100',
  addresses: [billing],
  shippingMethod: 'freight',
  items: [{ name: 'Base 24', sku: 'SSW-B24', qty: '2', price: '278.99' }],
};

describe('a quote as staff write it', () => {
  it('is read with defaults: amounts 0, no split payment, the label from the method, the customer in each address, shipping = billing', () => {
    const result = check({ ...quote, total: 1, subtotal: 1 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '503-555-0100',
      addresses: [
        { type: 'billing', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '1 Pine St', city: 'Portland', state: 'OR', zipCode: '97201', countryId: 'US', phoneNumber: '503-555-0100' },
        { type: 'shipping', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '1 Pine St', city: 'Portland', state: 'OR', zipCode: '97201', countryId: 'US', phoneNumber: '503-555-0100' },
      ],
      shippingMethod: 'freight',
      items: [{ name: 'Base 24', sku: 'SSW-B24', qty: 2, price: 278.99 }],
      shippingAmount: 0,
      taxAmount: 0,
      discountAmount: 0,
      splitPaymentEnabled: false,
    });
  });

  it('keeps an address of its own and a shipping address staff wrote', () => {
    const shipping = { ...billing, type: 'shipping', firstName: 'Bo', lastName: 'Lee', email: 'bo@example.com', phoneNumber: '503-555-0199', street1: '9 Elm St' };
    const result = check({ ...quote, addresses: [billing, shipping] });
    expect(result.ok && result.value.addresses[1]).toMatchObject({ type: 'shipping', firstName: 'Bo', email: 'bo@example.com', street1: '9 Elm St' });
  });

  it.each([
    [{ items: [] }, { items: QUOTE_MESSAGES.itemsRequired }],
    [{ items: [{ name: 'Door', sku: 'D', qty: 1.5, price: 1 }] }, { 'items[0].qty': 'Quantity must be a whole number of at least 1' }],
    [{ items: [{ name: 'Door', sku: 'D', qty: 1, price: 'ten' }] }, { 'items[0].price': 'Price must be an amount in dollars' }],
    [{ items: [{ name: 'Door', sku: 'D', qty: 1, price: 0.005 }] }, { 'items[0].price': 'Price must have at most 2 decimals' }],
    [{ items: [{ name: 'Door', sku: '', qty: 1, price: 1 }] }, { 'items[0].sku': 'Item SKU is required' }],
    [{ taxAmount: -0.01 }, { taxAmount: 'Tax amount cannot be negative' }],
    [{ splitPaymentEnabled: true }, { minimumSplitAmount: QUOTE_MESSAGES.minimumSplitRequired }],
    [{ splitPaymentEnabled: true, minimumSplitAmount: 0 }, { minimumSplitAmount: 'Minimum split amount must be greater than 0' }],
    [{ shippingMethod: '' }, { shippingMethod: 'Shipping method is required' }],
    [{ email: '' }, { email: 'Email is required', 'addresses[0].email': 'This field is required', 'addresses[1].email': 'This field is required' }],
    [{ phone: '555' }, { phone: 'Phone number must be at least 10 digits', 'addresses[0].phoneNumber': 'Phone number must be at least 10 digits', 'addresses[1].phoneNumber': 'Phone number must be at least 10 digits' }],
    [{ addresses: [{ ...billing, type: 'shipping' }] }, { addresses: QUOTE_MESSAGES.billingRequired }],
    [{ addresses: [billing, billing] }, { addresses: QUOTE_MESSAGES.oneAddressPerType }],
    [{ firstName: 'A' }, { firstName: 'Name must be at least 2 characters', 'addresses[0].firstName': 'Name must be at least 2 characters', 'addresses[1].firstName': 'Name must be at least 2 characters' }],
  ])('%j is refused: %j', (change, errors) => {
    const result = check({ ...quote, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.errors).toEqual(errors);
  });

  it('has a payment link path the payment page reads', () => {
    expect(quotePaymentPath('0b7a4a52-3d3b-4a55-9d0e-6f0f7c2b8e11', 'a-b_c')).toBe('/quote/payment?quoteId=0b7a4a52-3d3b-4a55-9d0e-6f0f7c2b8e11&token=a-b_c');
  });
});
