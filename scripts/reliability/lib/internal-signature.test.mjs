// The harness's signer against vectors made with openssl (not with node:crypto, which it uses):
// the format of the shared decision, byte for byte.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { callerOf, signInternal } from './internal-signature.mjs';

test('a POST is signed over "<t>.<METHOD>.<path with query>.<sha256 of the body>" with the caller named', () => {
  const headers = signInternal({ caller: 'payments', secret: 'secret-of-payments', method: 'post', path: '/internal/orders/o-1/payment-result?x=1', body: '{"a":1}', at: 1795000000 });
  assert.deepEqual(headers, { 'x-internal-caller': 'payments', 'x-internal-signature': 't=1795000000,v1=96033e87e870c14c6e37d3ddd6042ea28fe76afb7e4180a04b7bce7cd9a5e853' });
});

test('a request without a body is signed over the sha256 of the empty string', () => {
  const headers = signInternal({ caller: 'payments', secret: 'secret-of-payments', path: '/internal/orders/o-1/payable', at: 1795000000 });
  assert.equal(headers['x-internal-signature'], 't=1795000000,v1=2f0263c6755d1cdc74e82de71f9df60e6957009ecb1449d39ce9ab33ac3612c9');
});

test("a route's caller comes from its callers, else from its path", () => {
  assert.equal(callerOf({ path: '/internal/email/queue', callers: ['forms'] }), 'forms');
  assert.equal(callerOf({ path: '/internal/email/queue' }), 'forms');
  assert.equal(callerOf({ path: '/internal/orders/:id/payable' }), 'payments');
});
