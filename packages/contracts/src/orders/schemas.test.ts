import { checkRouteInput } from '../http/route-input.js';
import type { RouteSpec } from '../http/route.js';
import { orderRoutes } from './routes.js';

function body(route: RouteSpec, value: unknown) {
  return checkRouteInput(route.body!, value, { part: 'body', invalidMessage: route.invalidMessage });
}
function problemOf(route: RouteSpec, value: unknown) {
  const result = body(route, value);
  if (result.ok) throw new Error('expected a refusal');
  return result.problem;
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
const order = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', items: [{ sku: 'A', qty: 1 }], addresses: [billing], paymentMethod: 'credit-card' };

describe('POST /api/order/cart-summary body', () => {
  it('keeps sku, qty and finish and drops anything else (a price above all)', () => {
    expect(body(orderRoutes.cartSummary, { items: [{ sku: ' SSW-1 ', qty: '1', price: 0.01, finish: { type: 'paint', value: 'white', label: 'x' } }] })).toEqual({
      ok: true,
      value: { items: [{ sku: 'SSW-1', qty: 1, finish: { type: 'paint', value: 'white' } }] },
    });
  });

  it('names the bad part of a malformed cart', () => {
    expect(problemOf(orderRoutes.cartSummary, { items: [{ sku: 'A', qty: 0 }] }).errors).toEqual({ 'items[0].qty': 'qty must be a whole number of at least 1' });
    expect(problemOf(orderRoutes.cartSummary, { items: [], destination: { zip: 'x'.repeat(11) } }).errors).toEqual({ 'destination.zip': 'zip must be text' });
    expect(problemOf(orderRoutes.cartSummary, 'cart').message).toBe('Request body must be a JSON object');
    expect(problemOf(orderRoutes.cartSummary, { items: Array(51).fill({ sku: 'A', qty: 1 }) }).message).toBe('Invalid cart: A cart can hold at most 50 lines');
  });
});

describe('POST /api/order body', () => {
  it('upper-cases codes and trims what the shopper typed', () => {
    const result = body(orderRoutes.create, { ...order, email: ' ann@example.com ' });
    expect(result).toMatchObject({ ok: true, value: { email: 'ann@example.com', addresses: [{ state: 'TX', countryId: 'US' }] } });
  });

  it("checks addresses with the checkout's rules, keyed by the form's field names", () => {
    expect(problemOf(orderRoutes.create, { ...order, email: undefined, addresses: [] })).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { email: 'This field is required', addresses: 'A billing address is required' },
    });
    expect(problemOf(orderRoutes.create, { ...order, addresses: [{ ...billing, zipCode: '7a' }, { ...billing, type: 'shipping', firstName: 'A' }] }).errors).toEqual({
      bill_zip: expect.any(String),
      ship_first_name: expect.any(String),
    });
  });

  it('answers the empty cart on its own, with its reason', () => {
    expect(problemOf(orderRoutes.create, { ...order, items: [] })).toMatchObject({
      message: 'Your cart is empty. Add at least one sample before placing an order.',
      errorType: 'emptyCart',
    });
  });

  it('requires a payment method, as the checkout form does (spec §5)', () => {
    const { paymentMethod: _omitted, ...withoutMethod } = order;
    expect(problemOf(orderRoutes.create, withoutMethod).errors).toEqual({ paymentMethod: 'Please select a payment method' });
    expect(problemOf(orderRoutes.create, { ...order, paymentMethod: ' ' }).errors).toEqual({ paymentMethod: 'Please select a payment method' });
    expect(problemOf(orderRoutes.update, { ...withoutMethod, id: 'x' }).errors).toEqual({ paymentMethod: 'Please select a payment method' });
  });

  it('limits the notes', () => {
    expect(problemOf(orderRoutes.create, { ...order, additionalNotes: 'x'.repeat(2001) }).errors).toEqual({ additionalNotes: "Notes can't exceed 2000 characters" });
  });
});

describe('PATCH /api/order body', () => {
  const id = '3f1e8a4c-1111-4222-8333-444455556666';

  it('is a create request plus the order id', () => {
    expect(body(orderRoutes.update, { ...order, id, paymentMethod: 'credit-card' })).toMatchObject({ ok: true, value: { id, paymentMethod: 'credit-card', email: 'ann@example.com' } });
  });

  it('refuses every field the store owns, naming each', () => {
    const problem = problemOf(orderRoutes.update, { ...order, id, status: 'ordered', state: 'complete', paymentStatus: 'completed', payments: [], statusHistory: [], emailSent: true, total: 0 });
    expect(problem.errorType).toBe('forbiddenFields');
    expect(problem.message).toBe('These fields are set by the store and cannot be changed: status, state, paymentStatus, payments, statusHistory, emailSent, total.');
    expect(problem.errors).toMatchObject({ status: 'This field cannot be changed', total: 'This field cannot be changed' });
  });

  it('needs the order id', () => {
    expect(problemOf(orderRoutes.update, order).message).toBe('Order ID is required');
  });
});

describe('POST /api/email/send-email body', () => {
  it('keeps only the type and the order id, whatever else the browser sends', () => {
    expect(
      body(orderRoutes.sendEmail, { type: 'order-confirmation', data: { orderId: ' SF-100001 ', total: 0.01 }, recipient: 'someone@elsewhere.example', cc: ['x@y.zz'], isAdmin: true }),
    ).toEqual({ ok: true, value: { type: 'order-confirmation', data: { orderId: 'SF-100001' } } });
  });

  it('refuses an unknown type, a missing or overlong order id', () => {
    expect(problemOf(orderRoutes.sendEmail, { type: 'newsletter', data: { orderId: 'SF-1' } }).message).toContain('type must be one of');
    expect(problemOf(orderRoutes.sendEmail, { type: 'order-confirmation', data: {} }).message).toBe('Order ID is required');
    expect(problemOf(orderRoutes.sendEmail, { type: 'order-confirmation' }).message).toBe('Order ID is required');
    expect(problemOf(orderRoutes.sendEmail, { type: 'order-confirmation', data: { orderId: 'x'.repeat(65) } }).message).toBe('Order ID is invalid');
  });
});
