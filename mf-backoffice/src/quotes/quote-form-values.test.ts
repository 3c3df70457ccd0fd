import { createQuoteRequestSchema } from '@storefront/contracts';
import { emptyQuoteValues, estimateTotals, formFieldOf, quoteRequestOf, quoteValuesOf, typedNumber, type QuoteFormValues } from './quote-form-values';
import { quote } from './test-support/quote-fixtures';

function typed(overrides: Partial<QuoteFormValues> = {}): QuoteFormValues {
  return {
    ...emptyQuoteValues('US'),
    firstName: ' Ann ',
    lastName: 'Lee',
    email: 'ann@example.com',
    addresses: [{ type: 'billing', firstName: '', lastName: '', phoneNumber: '2125550100', street1: '350 5th Ave', street2: '', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
    shippingMethod: 'freight',
    items: [{ sku: 'SSW-B24', name: 'Base 24', qty: '3', price: '278.99', notes: '' }],
    ...overrides,
  };
}

describe('the quote form as a request', () => {
  it('is what was typed: text trimmed, empty optional fields left out, amounts as the dollars typed, no totals', () => {
    expect(quoteRequestOf(typed({ shippingAmount: '149.50', discountAmount: '', splitPaymentEnabled: false, minimumSplitAmount: '300' }))).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      addresses: [{ type: 'billing', phoneNumber: '2125550100', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
      shippingMethod: 'freight',
      items: [{ sku: 'SSW-B24', name: 'Base 24', qty: 3, price: 278.99 }],
      shippingAmount: 149.5,
      splitPaymentEnabled: false,
    });
  });

  it('reads amounts strictly: a plain decimal is its number, anything else is refused by the schema, empty is none', async () => {
    expect(typedNumber(' 19.99 ')).toBe(19.99);
    expect(typedNumber('5.')).toBe(5);
    expect(typedNumber('')).toBeUndefined();
    for (const junk of ['1e3', '0x10', '$5', '-2', '1,000']) expect(typedNumber(junk)).toBeNaN();
    await expect(createQuoteRequestSchema.validate(quoteRequestOf(typed({ items: [{ sku: 'A-1', name: 'A', qty: '1', price: '1e3', notes: '' }] })))).rejects.toThrow('Price must be an amount in dollars');
  });

  it("is accepted by the contract's schema when complete", async () => {
    await expect(createQuoteRequestSchema.validate(quoteRequestOf(typed()))).resolves.toBeDefined();
  });

  it("names the form's field of a server error key, and nothing for the rest", () => {
    const values = typed();
    expect(formFieldOf('addresses[0].zipCode', values)).toBe('addresses.0.zipCode');
    expect(formFieldOf('items[0].price', values)).toBe('items.0.price');
    expect(formFieldOf('discountAmount', values)).toBe('discountAmount');
    expect(formFieldOf('items[3].price', values)).toBeUndefined();
    expect(formFieldOf('addresses[0].email', values)).toBeUndefined();
    expect(formFieldOf('expiresIn', values)).toBeUndefined();
    expect(formFieldOf('_', values)).toBeUndefined();
  });
});

describe('the totals estimate', () => {
  it('prices the typed lines in cents: unit price × qty, + shipping + tax − discount', () => {
    expect(
      estimateTotals({
        items: [
          { sku: 'A', name: 'A', qty: '3', price: '278.99', notes: '' },
          { sku: 'B', name: 'B', qty: '2', price: '189.5', notes: '' },
        ],
        shippingAmount: '149.50',
        taxAmount: '74.43',
        discountAmount: '50',
      }),
    ).toEqual({ subtotal: 121597, shipping: 14950, tax: 7443, discount: 5000, total: 138990, complete: true });
  });

  it('counts what is not a number yet as 0 and says the estimate is incomplete', () => {
    expect(estimateTotals({ items: [{ sku: 'A', name: 'A', qty: 'x', price: '10', notes: '' }], shippingAmount: '', taxAmount: 'abc', discountAmount: '' })).toEqual({
      subtotal: 0,
      shipping: 0,
      tax: 0,
      discount: 0,
      total: 0,
      complete: false,
    });
  });
});

describe('a saved quote as the form', () => {
  it("reads the server's cents as dollars, leaves the customer's own name and phone out of the addresses and a shipping address equal to billing out", () => {
    const values = quoteValuesOf(quote(), 'US');
    expect(values.addresses).toEqual([{ type: 'billing', firstName: '', lastName: '', phoneNumber: '', street1: '350 5th Ave', street2: '', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }]);
    expect(values.items.map((item) => [item.qty, item.price, item.notes])).toEqual([
      ['3', '278.99', 'soft-close hinges'],
      ['2', '189.50', ''],
    ]);
    expect([values.shippingAmount, values.taxAmount, values.discountAmount, values.minimumSplitAmount]).toEqual(['149.50', '74.43', '50.00', '250.00']);
    expect(values.shippingLabel).toBe('Freight (curbside)');
  });

  it('keeps a shipping address that differs, and sends it back as the same request', async () => {
    const base = quote();
    const shipping = { ...base.addresses[1]!, street1: '1 Dock Rd', city: 'Newark', state: 'NJ', zipCode: '07102', firstName: 'Receiving' };
    const values = quoteValuesOf(quote({ addresses: [base.addresses[0]!, shipping] }), 'US');
    expect(values.addresses[1]).toMatchObject({ type: 'shipping', firstName: 'Receiving', lastName: '', street1: '1 Dock Rd', state: 'NJ' });
    const request = quoteRequestOf(values);
    expect(request.addresses?.[1]).toEqual({ type: 'shipping', firstName: 'Receiving', street1: '1 Dock Rd', city: 'Newark', state: 'NJ', zipCode: '07102', countryId: 'US' });
    expect(request).toMatchObject({ shippingAmount: 149.5, taxAmount: 74.43, discountAmount: 50, splitPaymentEnabled: true, minimumSplitAmount: 250 });
    await expect(createQuoteRequestSchema.validate(request)).resolves.toBeDefined();
  });
});
