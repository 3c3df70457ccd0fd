import { RouteValidationPipe } from '@storefront/service-kit';
import request from 'supertest';
import { startOrdersTestApp } from '../testing/orders-test-app.js';

/** One cart-summary call: a raw body (some are not JSON) with a fixed request id, so two answers can be compared byte for byte. */
interface Call {
  label: string;
  body: string;
  contentType?: string;
}

const CALLS: Call[] = [
  { label: 'a valid cart', body: JSON.stringify({ items: [{ sku: 'SSW-SMPL-SNW', qty: 1 }, { sku: 'ssw-b24', qty: 2, finish: { type: 'paint', value: 'snow-white' } }, { sku: 'GONE-1', qty: 1 }], destination: { country: 'US', state: 'NY', zip: '10118' } }) },
  { label: 'a cart without destination, charset given', body: JSON.stringify({ items: [{ sku: 'SSW-B24', qty: 1 }] }), contentType: 'application/json; charset=utf-8' },
  { label: 'an item without sku', body: JSON.stringify({ items: [{ qty: 1 }] }) },
  { label: 'items not a list', body: JSON.stringify({ items: 'SSW' }) },
  { label: 'a sample over its limit', body: JSON.stringify({ items: [{ sku: 'SSW-SMPL-SNW', qty: 2 }] }) },
  { label: 'broken JSON', body: '{"items": [' },
  { label: 'JSON that is not an object', body: '"SSW-SMPL-SNW"' },
];

/** Status, headers (but the connection's and the date) and the exact bytes of each answer. */
async function answers(server: Parameters<typeof request>[0]): Promise<Record<string, { status: number; headers: Record<string, string>; body: string }>> {
  const result: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
  for (const [index, call] of CALLS.entries()) {
    const res = await request(server)
      .post('/api/order/cart-summary')
      .set('content-type', call.contentType ?? 'application/json')
      .set('x-request-id', `cart-summary-${index}-0000`)
      .send(call.body);
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers as Record<string, string>;
    result[call.label] = { status: res.status, headers, body: res.text };
  }
  return result;
}

describe('POST /api/order/cart-summary answered in front of express and Nest', () => {
  // Nest's validation pipe runs for every request the controller sees (looked up per call, so it can be watched)
  const pipeCalls = jest.spyOn(RouteValidationPipe.prototype, 'transform');
  let throughNest: Awaited<ReturnType<typeof answers>>;
  let inFront: Awaited<ReturnType<typeof answers>>;
  let pipeCallsThroughNest = 0;
  let pipeCallsInFront = 0;

  beforeAll(async () => {
    // the same app, first without the front handler (every request through the pipe and the controller) ...
    const nestOnly = await startOrdersTestApp({ front: false });
    try {
      pipeCalls.mockClear();
      throughNest = await answers(nestOnly.server);
      pipeCallsThroughNest = pipeCalls.mock.calls.length;
    } finally {
      await nestOnly.close();
    }
    // ... then as main.ts runs it
    const withFront = await startOrdersTestApp();
    try {
      pipeCalls.mockClear();
      inFront = await answers(withFront.server);
      pipeCallsInFront = pipeCalls.mock.calls.length;
    } finally {
      await withFront.close();
    }
  });

  afterAll(() => pipeCalls.mockRestore());

  it('answers what the controller answered: same status, headers and bytes for every call', () => {
    expect(inFront).toEqual(throughNest);
  });

  it('prices a valid cart (200, the API security headers and the request id)', () => {
    const answer = inFront['a valid cart']!;
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'x-request-id': 'cart-summary-0-0000',
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(JSON.parse(answer.body)).toMatchObject({ unknownSkus: ['GONE-1'], itemCount: 3, shipping: { method: 'standard-ground' }, currency: 'USD' });
  });

  it("refuses an invalid body with the validation pipe's 400", () => {
    expect(inFront['an item without sku']!.status).toBe(400);
    expect(JSON.parse(inFront['an item without sku']!.body)).toEqual({
      success: false,
      statusCode: 400,
      message: 'Invalid cart: sku is required',
      errors: { 'items[0].sku': 'sku is required' },
      requestId: 'cart-summary-2-0000',
    });
    expect(inFront['broken JSON']!.status).toBe(400);
    expect(JSON.parse(inFront['broken JSON']!.body)).toMatchObject({ message: 'Request body is not valid JSON' });
  });

  it('refuses a quantity over the limit as before (400 sampleQuantity)', () => {
    expect(inFront['a sample over its limit']!.status).toBe(400);
    expect(JSON.parse(inFront['a sample over its limit']!.body)).toMatchObject({ success: false, statusCode: 400, errorType: 'sampleQuantity' });
  });

  it('answers every one of those calls without Nest', () => {
    // through Nest, the pipe saw each body that was JSON (five); in front, none
    expect(pipeCallsThroughNest).toBe(5);
    expect(pipeCallsInFront).toBe(0);
  });
});
