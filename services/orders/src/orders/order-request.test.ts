import { BadRequestException } from '@nestjs/common';
import { parseCartSummaryRequest, parseCreateOrderRequest, parseUpdateOrderRequest } from './order-request.js';

function errorOf(run: () => unknown): { message: string; errors?: Record<string, string> } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse() as { message: string; errors?: Record<string, string> };
  }
  throw new Error('expected a BadRequestException');
}

const billing = {
  type: 'billing',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  street1: '1 Main St',
  city: 'Austin',
  state: 'tx',
  zipCode: '78701',
  countryId: 'us',
  phoneNumber: '512-555-0100',
};

describe('parseCartSummaryRequest', () => {
  it('keeps sku, qty and finish and drops anything else', () => {
    expect(
      parseCartSummaryRequest({ items: [{ sku: ' SSW-1 ', qty: '1', price: 0.01, finish: { type: 'paint', value: 'white', label: 'x' } }] }),
    ).toEqual({ items: [{ sku: 'SSW-1', qty: 1, finish: { type: 'paint', value: 'white' } }] });
  });

  it('names the bad part of a malformed cart', () => {
    expect(errorOf(() => parseCartSummaryRequest({ items: [{ sku: 'A', qty: 0 }] })).errors).toEqual({
      'items[0].qty': 'qty must be a whole number of at least 1',
    });
    expect(errorOf(() => parseCartSummaryRequest({ items: [], destination: { zip: 10001 } })).errors).toEqual({
      'destination.zip': 'zip must be text',
    });
    expect(errorOf(() => parseCartSummaryRequest('cart')).message).toBe('Request body must be a JSON object with items');
    expect(errorOf(() => parseCartSummaryRequest({ items: Array(51).fill({ sku: 'A', qty: 1 }) })).message).toBe(
      'Invalid cart: A cart can hold at most 50 lines',
    );
  });
});

describe('parseCreateOrderRequest', () => {
  const order = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', items: [{ sku: 'A', qty: 1 }], addresses: [billing] };

  it('normalises codes and ships to the billing address when no shipping address is given', () => {
    const parsed = parseCreateOrderRequest(order);
    expect(parsed.billing).toMatchObject({ state: 'TX', countryId: 'US' });
    expect(parsed.shipping).toMatchObject({ type: 'shipping', street1: '1 Main St', zipCode: '78701' });
  });

  it('requires a billing address and an e-mail', () => {
    expect(errorOf(() => parseCreateOrderRequest({ ...order, email: undefined, addresses: [] })).errors).toEqual({
      email: 'This field is required',
      addresses: 'A billing address is required',
    });
  });

  it('answers the empty cart on its own', () => {
    expect(errorOf(() => parseCreateOrderRequest({ ...order, items: [] })).message).toBe(
      'Your cart is empty. Add at least one sample before placing an order.',
    );
  });

  it('limits the notes', () => {
    expect(errorOf(() => parseCreateOrderRequest({ ...order, additionalNotes: 'x'.repeat(2001) })).errors).toEqual({
      additionalNotes: "Notes can't exceed 2000 characters",
    });
  });
});

describe('parseUpdateOrderRequest', () => {
  const order = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', items: [{ sku: 'A', qty: 1 }], addresses: [billing] };
  const id = '3f1e8a4c-1111-4222-8333-444455556666';

  it('is a create request plus the order id', () => {
    expect(parseUpdateOrderRequest({ ...order, id, customerId: 'x', paymentMethod: 'credit-card' })).toEqual({
      ...parseCreateOrderRequest(order),
      id,
      paymentMethod: 'credit-card',
    });
  });

  it('refuses every field the store owns, naming each, before anything else', () => {
    const error = errorOf(() =>
      parseUpdateOrderRequest({ id, status: 'ordered', state: 'complete', paymentStatus: 'completed', payments: [], statusHistory: [], emailSent: true, total: 0, email: 'x' }),
    ) as { message: string; errors?: Record<string, string>; errorType?: string };
    expect(error.errorType).toBe('forbiddenFields');
    expect(error.message).toBe(
      'These fields are set by the store and cannot be changed: status, state, paymentStatus, payments, statusHistory, emailSent, total.',
    );
    expect(Object.keys(error.errors ?? {})).toEqual(['status', 'state', 'paymentStatus', 'payments', 'statusHistory', 'emailSent', 'total']);
  });

  it('needs the order id', () => {
    expect(errorOf(() => parseUpdateOrderRequest(order)).message).toBe('Order ID is required');
    expect(errorOf(() => parseUpdateOrderRequest({ ...order, id: 7 })).message).toBe('Order ID is required');
  });
});

describe('address locations', () => {
  const order = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', items: [{ sku: 'A', qty: 1 }] };

  it('accepts DC and any known country', () => {
    expect(() => parseCreateOrderRequest({ ...order, addresses: [{ ...billing, state: 'dc' }] })).not.toThrow();
    expect(() => parseCreateOrderRequest({ ...order, addresses: [{ ...billing, countryId: 'ca', state: 'ON' }] })).not.toThrow();
  });

  it('keys an unknown country or US state like the checkout form', () => {
    expect(errorOf(() => parseCreateOrderRequest({ ...order, addresses: [{ ...billing, countryId: 'USA' }] })).errors).toEqual({
      bill_country: 'Please select a valid country',
    });
    expect(
      errorOf(() => parseCreateOrderRequest({ ...order, addresses: [billing, { ...billing, type: 'shipping', state: 'PR' }] })).errors,
    ).toEqual({ ship_state: 'Please select a valid state' });
  });
});
