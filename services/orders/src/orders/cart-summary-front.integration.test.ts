import request from 'supertest';
import { compareWithFront, comparedAnswer, type ComparedAnswers, type FrontComparison } from '../testing/front-comparison.js';

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

/** Each call's answer, with a fixed request id, so two answers can be compared byte for byte. */
async function answers(server: Parameters<typeof request>[0]): Promise<ComparedAnswers> {
  const result: ComparedAnswers = {};
  for (const [index, call] of CALLS.entries()) {
    const res = await request(server)
      .post('/api/order/cart-summary')
      .set('content-type', call.contentType ?? 'application/json')
      .set('x-request-id', `cart-summary-${index}-0000`)
      .send(call.body);
    result[call.label] = comparedAnswer(res);
  }
  return result;
}

describe('POST /api/order/cart-summary answered in front of express and Nest', () => {
  let throughNest: FrontComparison['throughNest'];
  let inFront: FrontComparison['inFront'];
  let pipeCallsThroughNest = 0;
  let pipeCallsInFront = 0;

  beforeAll(async () => {
    ({ throughNest, inFront, pipeCallsThroughNest, pipeCallsInFront } = await compareWithFront(answers));
  });

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
