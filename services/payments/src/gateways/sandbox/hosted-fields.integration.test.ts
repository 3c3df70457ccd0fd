import { createTestApp, type TestApp } from '@storefront/service-kit';
import type { PaymentMethod } from '@storefront/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PAYMENTS_BODY_LIMIT, PaymentsAppModule } from '../../app.module.js';
import { FRAME_PAGE_CSP } from './hosted-fields/frame-page.js';

/** The sandbox's hosted fields as the browser reaches them (through the gateway, same paths). */

const schema = `payments_fields_${process.pid}_${Date.now().toString(36)}`;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp(PaymentsAppModule.register({ schema }), { bodyLimit: PAYMENTS_BODY_LIMIT });
}, 60_000);

afterAll(async () => {
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.close();
});

describe('the sandbox hosted fields', () => {
  it("a card method on the sandbox names the hosted fields script in its config, as a provider's method names Stripe.js", async () => {
    const res = await request(testApp.server).get('/api/payment-methods').query({ scope: 'sample-order' });
    const methods = res.body.paymentMethods as PaymentMethod[];
    const card = methods.find((method) => method.gateway === 'stripe');
    const paypal = methods.find((method) => method.gateway === 'paypal');
    expect(card).toMatchObject({ sandbox: true, config: { publishableKey: '', scriptUrl: '/api/payment/sandbox/hosted-fields.js' } });
    expect(paypal?.sandbox).toBe(true);
    expect(paypal?.config?.scriptUrl).toBeUndefined();
  });

  it('serves the provider script and the frame script as JavaScript, cached briefly and revalidated by ETag', async () => {
    for (const path of ['/api/payment/sandbox/hosted-fields.js', '/api/payment/sandbox/hosted-fields/frame.js']) {
      const res = await request(testApp.server).get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text.length).toBeGreaterThan(500);
      const again = await request(testApp.server).get(path).set('If-None-Match', res.headers.etag!);
      expect(again.status).toBe(304);
    }
    const script = await request(testApp.server).get('/api/payment/sandbox/hosted-fields.js');
    expect(script.text).toContain('SandboxPay');
    // the frame's script carries the card rules' own messages
    const frame = await request(testApp.server).get('/api/payment/sandbox/hosted-fields/frame.js');
    expect(frame.text).toContain('Card number is incomplete or invalid');
    expect(frame.text).toContain('CVV is required');
    expect(frame.text).toContain('4000002500003155');
  });

  it('serves the frame with a CSP for exactly its own script and style, framed by this origin only', async () => {
    const res = await request(testApp.server).get('/api/payment/sandbox/hosted-fields');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(FRAME_PAGE_CSP);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('data-layout="hosted"');
    expect(res.text).toContain('<label for="cardCvc">CVC');
    const direct = await request(testApp.server).get('/api/payment/sandbox/hosted-fields').query({ layout: 'direct' });
    expect(direct.text).toContain('<label for="cardCode">CVV');
    const bad = await request(testApp.server).get('/api/payment/sandbox/hosted-fields').query({ layout: '<script>' });
    expect(bad.status).toBe(400);
  });

  it('no longer takes card numbers: the server-side tokeniser and its table are gone', async () => {
    const res = await request(testApp.server).post('/api/payment/sandbox/payment-methods').send({ cardNumber: '4242424242424242', expMonth: '12', expYear: '30', cvc: '123' });
    expect(res.status).toBe(404);
    const db = testApp.app.get(DataSource);
    const tables = await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`, [schema]);
    expect(tables.map((row: { table_name: string }) => row.table_name)).not.toContain('sandbox_payment_method');
    const columns = await db.query(
      `SELECT column_name, character_maximum_length FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'sandbox_intent' AND column_name LIKE ANY (ARRAY['card_%', 'payment_method_id']) ORDER BY column_name`,
      [schema],
    );
    expect(columns).toEqual([
      { column_name: 'card_brand', character_maximum_length: 16 },
      { column_name: 'card_last4', character_maximum_length: 4 },
      { column_name: 'card_outcome', character_maximum_length: 32 },
      { column_name: 'payment_method_id', character_maximum_length: 128 },
    ]);
  });
});
