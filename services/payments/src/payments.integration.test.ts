import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JobRunner, createTestApp, type TestApp } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PaymentsAppModule } from './app.module.js';
import { RECONCILIATION_QUEUE, type PaymentsJobs } from './payment-jobs/payment-jobs.js';

const schema = `payments_test_${process.pid}_${Date.now().toString(36)}`;
let contentRoot: string;
let testApp: TestApp;

const base = { description: 'Pay securely.', isDefault: false, gateway: 'stripe' };

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'payments-service-'));
  await mkdir(path.join(contentRoot, 'settings'));
  await writeFile(
    path.join(contentRoot, 'settings/payment-methods.json'),
    JSON.stringify([
      { ...base, name: 'online-payment', title: 'PayPal', enabled: true, sortOrder: 2, gateway: 'paypal',
        scopes: ['sample-order', 'convert-to-order'], config: { clientId: '' } },
      { ...base, name: 'credit-card', title: 'Card', enabled: true, isDefault: true, sortOrder: 1,
        config: { publishableKey: '' } },
      { ...base, name: 'credit-card', title: 'Authorize.net', enabled: false, sortOrder: 0, gateway: 'authorizenet' },
      { ...base, name: 'split-payment', title: 'Split', enabled: true, sortOrder: 3, scopes: ['complete-order-payment'] },
    ]),
  );
  testApp = await createTestApp(PaymentsAppModule.register({ schema, jobsSchema: `${schema}_jobs`, contentDir: contentRoot }), { name: 'payments' });
});

afterAll(async () => {
  await testApp?.app.get(JobRunner).stop();
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  await testApp?.close();
  await rm(contentRoot, { recursive: true, force: true });
});

describe('payments service', () => {
  it('lists enabled payment methods by sortOrder', async () => {
    const res = await request(testApp.server).get('/api/payment-methods');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.paymentMethods.map((m: { title: string }) => m.title)).toEqual(['Card', 'PayPal', 'Split']);
    // on the sandbox (no keys): the card method's script is the sandbox's hosted fields
    expect(res.body.paymentMethods[0].config).toEqual({ publishableKey: '', scriptUrl: '/api/payment/sandbox/hosted-fields.js' });
    // how each takes a card, as its provider declares it: the browser reads this, never the gateway's name
    expect(res.body.paymentMethods.map((m: { cardEntry: string }) => m.cardEntry)).toEqual(['hosted', 'none', 'hosted']);
  });

  it('refuses a settings file that holds a key, without repeating the key (keys come from the environment)', async () => {
    const leaky = await mkdtemp(path.join(os.tmpdir(), 'payments-leaky-'));
    await mkdir(path.join(leaky, 'settings'));
    await writeFile(
      path.join(leaky, 'settings/payment-methods.json'),
      JSON.stringify([{ ...base, name: 'credit-card', title: 'Card', enabled: true, isDefault: true, sortOrder: 1, config: { publishableKey: 'pk_test_1', secretKey: 'sk_test_SECRET' } }]),
    );
    const refused = (await new ContentStore(leaky).loadPaymentMethods().catch((error: unknown) => error)) as Error;
    expect(refused.message).toBe(
      'Invalid content file settings/payment-methods.json: [0].config.publishableKey must be empty: keys come from environment variables (the value is not repeated here); [0].config.secretKey is not a known field (check the spelling)',
    );
    await rm(leaky, { recursive: true, force: true });
  });

  it('filters by scope, keeping methods offered everywhere', async () => {
    const res = await request(testApp.server).get('/api/payment-methods').query({ scope: 'complete-order-payment' });
    expect(res.body.paymentMethods.map((m: { title: string }) => m.title)).toEqual(['Card', 'Split']);
  });

  it('rejects a malformed scope with 400', async () => {
    const res = await request(testApp.server).get('/api/payment-methods').query({ scope: '../../x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400 });
  });

  it('has created the payment_attempt table with a unique idempotency key', async () => {
    const dataSource = testApp.app.get(DataSource);
    const insert = `INSERT INTO "${schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key)
                    VALUES ('o1', 'credit-card', 'stripe', 1235, 'pending', 'key-1') RETURNING amount_cents`;
    const [row] = await dataSource.query(insert);
    expect(row.amount_cents).toBe('1235');
    await expect(dataSource.query(insert)).rejects.toThrow(/duplicate key/);
  });

  it('reports a healthy database', async () => {
    const res = await request(testApp.server).get('/health');
    expect(res.body).toMatchObject({ status: 'ok', service: 'payments', database: 'up' });
  });

  it('shows the reconciliation sweep on /metrics: since its last run, and the open attempts it has yet to settle', async () => {
    const metric = (text: string, name: string): number | undefined => {
      const match = new RegExp(`^${name}\\{service="payments"\\} (\\S+)$`, 'm').exec(text);
      return match ? Number(match[1]) : undefined;
    };
    await testApp.app.get(DataSource).query(
      `INSERT INTO "${schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, updated_at)
       VALUES ('o-quiet', 'credit-card', 'stripe', 500, 'processing', 'key-quiet', now() - interval '5 minutes')`,
    );
    const before = (await request(testApp.server).get('/metrics').expect(200)).text;
    expect(before).toContain('# TYPE storefront_payments_reconciliation_lag_seconds gauge');
    expect(metric(before, 'storefront_payments_reconciliation_lag_seconds')).toBeUndefined(); // no sweep has run yet: left out, not 0
    expect(metric(before, 'storefront_payments_reconciliation_due_attempts')).toBe(1);
    expect(metric(before, 'storefront_payments_open_attempt_oldest_seconds')).toBeGreaterThanOrEqual(299);

    // a sweep (for attempts quiet an hour: this one is left alone) completes
    const jobs = testApp.app.get(JobRunner) as JobRunner<PaymentsJobs>;
    await jobs.enqueueNow(RECONCILIATION_QUEUE, { quietSeconds: 3600 });
    let after = '';
    for (let i = 0; i < 100 && metric(after, 'storefront_payments_reconciliation_lag_seconds') === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await request(testApp.server).get('/metrics').expect(200)).text;
    }
    expect(metric(after, 'storefront_payments_reconciliation_lag_seconds')).toBeLessThan(30);
    expect(after).toMatch(/storefront_job_queue_depth\{queue="payment-reconciliation",service="payments"\} 0/);
  });

  it('runs a sweep while an earlier one is left active by a process that died (until it expires, minutes later)', async () => {
    const dataSource = testApp.app.get(DataSource);
    const jobsSchema = `${schema}_jobs`;
    // what a replica killed mid-sweep leaves: its job active, under the queue's own policy
    await dataSource.query(
      `INSERT INTO "${jobsSchema}".job (name, data, state, started_on, expire_in, policy)
       SELECT name, '{}', 'active', now(), make_interval(secs => expire_seconds), policy FROM "${jobsSchema}".queue WHERE name = $1`,
      [RECONCILIATION_QUEUE],
    );
    const jobs = testApp.app.get(JobRunner) as JobRunner<PaymentsJobs>;
    const id = await jobs.enqueueNow(RECONCILIATION_QUEUE, { quietSeconds: 3600 });
    expect(id).toEqual(expect.any(String));
    let state = '';
    for (let i = 0; i < 100 && state !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = (await dataSource.query(`SELECT state FROM "${jobsSchema}".job WHERE id = $1`, [id])) as { state: string }[];
      state = rows[0]?.state ?? '';
    }
    expect(state).toBe('completed');
  });
});
