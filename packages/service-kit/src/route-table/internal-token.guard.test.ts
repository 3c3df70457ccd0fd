import type { Request } from 'express';
import { INTERNAL_SECRET_VARIABLES, signInternalRequest } from './internal-signature.js';
import { internalCallAllowed, isLoopbackAddress } from './internal-token.guard.js';

/** A request as the guard sees it: the socket's remote address and headers (a forwarded-for header to ignore). */
function call(remoteAddress: string, headers: Record<string, string> = {}): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { socket: { remoteAddress }, headers: lower, method: 'GET', originalUrl: '/internal/x', get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

const ROUTE = { callers: ['payments'] as const };
const saved = { secret: process.env.PAYMENTS_INTERNAL_SECRET, ordersSecret: process.env.ORDERS_INTERNAL_SECRET, nodeEnv: process.env.NODE_ENV };
afterEach(() => {
  for (const [name, value] of [['PAYMENTS_INTERNAL_SECRET', saved.secret], ['ORDERS_INTERNAL_SECRET', saved.ordersSecret], ['NODE_ENV', saved.nodeEnv]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('internal calls without the caller secret (development)', () => {
  beforeEach(() => {
    delete process.env.PAYMENTS_INTERNAL_SECRET;
  });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('accepts a call from this machine (%s)', (address) => {
    expect(internalCallAllowed(call(address), ROUTE)).toBe(true);
    expect(internalCallAllowed(call(address, { 'X-Internal-Caller': 'payments' }), ROUTE)).toBe(true);
  });

  it.each(['10.0.0.7', '172.18.0.3', '192.168.1.20', '::ffff:10.0.0.7', 'fe80::1'])('refuses a call from %s', (address) => {
    expect(internalCallAllowed(call(address), ROUTE)).toBe(false);
  });

  it('never believes X-Forwarded-For', () => {
    expect(internalCallAllowed(call('10.0.0.7', { 'X-Forwarded-For': '127.0.0.1' }), ROUTE)).toBe(false);
  });

  it('refuses a caller the route does not name, even from this machine', () => {
    expect(internalCallAllowed(call('127.0.0.1', { 'X-Internal-Caller': 'forms' }), ROUTE)).toBe(false);
    expect(internalCallAllowed(call('127.0.0.1', { 'X-Internal-Caller': 'gateway' }), ROUTE)).toBe(false);
  });

  it('accepts nobody in production, not even this machine', () => {
    process.env.NODE_ENV = 'production';
    expect(internalCallAllowed(call('127.0.0.1'), ROUTE)).toBe(false);
  });
});

describe('internal calls with the caller secret set', () => {
  it('refuses an unsigned call from this machine', () => {
    process.env.PAYMENTS_INTERNAL_SECRET = 'payments-secret-0123456789abcdefghijklmnop';
    expect(internalCallAllowed(call('127.0.0.1'), ROUTE)).toBe(false);
    expect(internalCallAllowed(call('127.0.0.1', { 'X-Internal-Caller': 'payments' }), ROUTE)).toBe(false);
  });
});

describe("orders calling the payments service's routes (refunds)", () => {
  const PAYMENTS_ROUTE = { callers: ['orders'] as const };
  const ORDERS_SECRET = 'orders-secret-0123456789abcdefghijklmnopqr';
  const signed = (caller: 'orders' | 'payments', secret: string) => call('10.0.0.7', signInternalRequest({ caller, secret, method: 'GET', url: '/internal/x' }));

  it('has a secret of its own', () => {
    expect(INTERNAL_SECRET_VARIABLES.orders).toBe('ORDERS_INTERNAL_SECRET');
    expect(new Set(Object.values(INTERNAL_SECRET_VARIABLES)).size).toBe(Object.keys(INTERNAL_SECRET_VARIABLES).length);
  });

  it("accepts orders' signature, and nobody else's, on a route that names orders", () => {
    process.env.ORDERS_INTERNAL_SECRET = ORDERS_SECRET;
    process.env.PAYMENTS_INTERNAL_SECRET = 'payments-secret-0123456789abcdefghijklmnop';
    expect(internalCallAllowed(signed('orders', ORDERS_SECRET), PAYMENTS_ROUTE)).toBe(true);
    expect(internalCallAllowed(signed('orders', process.env.PAYMENTS_INTERNAL_SECRET), PAYMENTS_ROUTE)).toBe(false);
    expect(internalCallAllowed(signed('payments', process.env.PAYMENTS_INTERNAL_SECRET), PAYMENTS_ROUTE)).toBe(false);
    expect(internalCallAllowed(call('127.0.0.1'), PAYMENTS_ROUTE)).toBe(false);
    // and orders' signature opens none of the routes that name payments
    expect(internalCallAllowed(signed('orders', ORDERS_SECRET), ROUTE)).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it('knows only the socket forms of this machine', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([true, true, true]);
    expect([undefined, '', 'localhost', '0.0.0.0', '127.0.0.1, 10.0.0.7'].map(isLoopbackAddress)).toEqual([false, false, false, false, false]);
  });
});
