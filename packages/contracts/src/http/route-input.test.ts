import { accountRoutes } from '../accounts/routes.js';
import { orderRoutes } from '../orders/routes.js';
import { checkRouteInput } from './route-input.js';

// Payloads the reliability fuzz found answered 500 (or, in the orders service's cart-summary front
// handler, crashing the process): each is the client's mistake and must read as a 400's problem.
describe('checkRouteInput with values its schema cannot even cast', () => {
  it('refuses an object where a trimmed string belongs', () => {
    const checked = checkRouteInput(accountRoutes.forgotPassword.body!, { email: {} }, { part: 'body' });
    expect(checked).toEqual({
      ok: false,
      problem: expect.objectContaining({ message: 'Request body is not valid: a field has a value of the wrong type or an unexpected name' }),
    });
  });

  it('refuses a cart line whose sku is an object', () => {
    const route = orderRoutes.cartSummary;
    const checked = checkRouteInput(route.body, { items: [{ sku: {}, qty: 1 }] }, { part: 'body', invalidMessage: route.invalidMessage });
    expect(checked.ok).toBe(false);
  });

  it('refuses a body with a key named like an Object.prototype property', () => {
    const checked = checkRouteInput(accountRoutes.signIn.body!, { email: 'a@b.co', password: 'x', constructor: 1 }, { part: 'body' });
    expect(checked.ok).toBe(false);
  });

  it('still answers a plain wrong value with its field message', () => {
    const checked = checkRouteInput(accountRoutes.forgotPassword.body!, { email: 'not an e-mail' }, { part: 'body' });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.problem.errors)).toEqual(['email']);
  });
});
