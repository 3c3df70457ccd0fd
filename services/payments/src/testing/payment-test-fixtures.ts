import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Order } from '@storefront/contracts';
import { JobRunner, createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PAYMENTS_BODY_LIMIT, PaymentsAppModule, type PaymentsAppOptions } from '../app.module.js';
import { ORDERS_MAIN, OrdersServiceProcess } from './orders-service.js';

/** the orders service's built back-office command (beside its main) */
const ORDERS_BACKOFFICE_CLI = path.join(path.dirname(ORDERS_MAIN), 'backoffice', 'cli.js');

/**
 * TEST ONLY (excluded from the build): what the payments integration tests share: the shopper's
 * address, the real orders service (its own process) with the orders a test places on it, and the
 * payments app over the test's own schemas. Each test keeps its own env, stand-in and schema name.
 */

/** The shopper's billing address on every test order (the shipping address is a copy unless a test names another). */
export const BILLING = {
  type: 'billing',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  street1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  zipCode: '10118',
  countryId: 'US',
  phoneNumber: '(212) 555-0100',
};

/** An order address as the orders service takes it (BILLING's shape). */
export type TestAddress = typeof BILLING;

/** The one line of every test order: a free sample door from the site's catalog (the order costs shipping + tax). */
const SAMPLE_DOOR = { sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } };

/** The PAYMENTS_INTERNAL_SECRET the orders process checks and the payments app signs with. */
export const PAYMENTS_SECRET = 'payments-internal-secret-0123456789abcdef';
/**
 * An API key for the orders process's back office over HTTP (how these tests make quotes, as staff
 * do), issued as staff issue one: `npm run -s backoffice -- api-keys create --json` on the test's
 * database. Call it after `start()` (the orders service has migrated its schema by then).
 */
export async function createAdminApiKey(name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [ORDERS_BACKOFFICE_CLI, 'api-keys', 'create', '--name', name, '--json'], { env: { ...process.env } });
  return (JSON.parse(stdout) as { key: string }).key;
}

/** Report jobs after 1 s, retries from 1 s; the scheduled sweep only for attempts quiet an hour (the tests sweep by hand). */
export const TEST_JOBS = { reportDelaySeconds: 1, reportRetryDelaySeconds: 1, pollIntervalMs: 100, reconcileQuietSeconds: 3600 };

/** Polls `check` every 50 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One test file's world: the real orders service process, the payments app over `schema` (and
 * `${schema}_jobs` for its job runner) reporting to it, and each order's token. `start()` in the
 * file's beforeAll (after its own env and stand-in), `stop()` in its afterAll (drops both schemas).
 */
export class PaymentsTestHarness {
  /** the real orders service, its own process, started by `start()` */
  readonly orders = new OrdersServiceProcess({ paymentsSecret: PAYMENTS_SECRET, env: { RATE_LIMIT_ADMIN_PER_MINUTE: '100000' } });
  /** each created order's X-Order-Token: the order view and the payment calls need it, as the checkout's do */
  readonly orderTokens = new Map<string, string>();
  /** this file's own job runner schema: another test file's workers never take its jobs */
  readonly jobsSchema: string;
  private app: TestApp | undefined;
  private dataSource: DataSource | undefined;

  constructor(readonly schema: string) {
    this.jobsSchema = `${schema}_jobs`;
  }

  /** The payments app `start()` made. */
  get testApp(): TestApp {
    if (!this.app) throw new Error('The payments test app has not been started.');
    return this.app;
  }

  /** Its database connection (both services' schemas are in the one test database). */
  get db(): DataSource {
    if (!this.dataSource) throw new Error('The payments test app has not been started.');
    return this.dataSource;
  }

  /** Starts the orders process, then the payments app on it; answers both for the file's own variables. */
  async start(options: Pick<PaymentsAppOptions, 'contentDir'> = {}): Promise<{ testApp: TestApp; db: DataSource }> {
    process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
    await this.orders.start();
    const testApp = await this.createApp(options);
    const db = testApp.app.get(DataSource);
    this.app = testApp;
    this.dataSource = db;
    return { testApp, db };
  }

  /** Another payments app over the same schemas and orders process (e.g. with a shorter gateway timeout); the caller closes it. */
  createApp(options: Pick<PaymentsAppOptions, 'contentDir' | 'gatewayTimeoutMs'> = {}): Promise<TestApp> {
    return createTestApp(
      PaymentsAppModule.register({ schema: this.schema, jobsSchema: this.jobsSchema, orders: { baseUrl: this.orders.url, internalSecret: PAYMENTS_SECRET }, jobs: TEST_JOBS, ...options }),
      { bodyLimit: PAYMENTS_BODY_LIMIT },
    );
  }

  /** Stops the job runner, drops the file's schemas, closes the app and stops the orders process (whatever of them started). */
  async stop(): Promise<void> {
    await this.app?.app.get(JobRunner).stop();
    await this.dataSource?.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
    await this.dataSource?.query(`DROP SCHEMA IF EXISTS "${this.jobsSchema}" CASCADE`);
    await this.app?.close();
    await this.orders.stop();
  }

  /** A real order on the orders service (POST /api/order, expected 201): one sample door, billed to BILLING; its token is kept. */
  async createOrder({ paymentMethod = 'credit-card', shipping = { ...BILLING, type: 'shipping' } }: { paymentMethod?: string; shipping?: TestAddress } = {}): Promise<Order> {
    const res = await request(this.orders.url)
      .post('/api/order')
      .send({ email: BILLING.email, firstName: BILLING.firstName, lastName: BILLING.lastName, items: [SAMPLE_DOOR], addresses: [BILLING, shipping], paymentMethod });
    expect(res.status).toBe(201);
    this.orderTokens.set(res.body.data.id, res.body.orderToken);
    return res.body.data as Order;
  }

  /** The order as the orders service has it now (the order view, with its token); `expectOk` also expects the 200. */
  async viewOrder(id: string, { expectOk = false }: { expectOk?: boolean } = {}): Promise<Order> {
    const res = await request(this.orders.url).get(`/api/order/view/${id}`).set('X-Order-Token', this.orderTokens.get(id) ?? '');
    if (expectOk) expect(res.status).toBe(200);
    return res.body.data as Order;
  }

  /** POST /api/payment/attempts for an order with its token (`token: null` sends none, a string sends that one). */
  async startAttempt(orderId: string, body: Record<string, unknown>, { key, token = this.orderTokens.get(orderId) }: { key: string; token?: string | null }): Promise<request.Response> {
    const req = request(this.testApp.server).post('/api/payment/attempts').set('Idempotency-Key', key);
    if (token != null) req.set('X-Order-Token', token);
    return req.send({ orderId, ...body });
  }

  /** An order's payment_attempt rows, oldest first, with the columns named (e.g. 'status, transaction_id'). */
  attemptRows<Row extends object>(orderId: string, columns: string): Promise<Row[]> {
    return this.db.query(`SELECT ${columns} FROM "${this.schema}".payment_attempt WHERE order_id = $1 ORDER BY created_at`, [orderId]) as Promise<Row[]>;
  }

  /** One payment_attempt row by its id, with the columns named. */
  async attemptRow<Row extends object>(attemptId: string, columns: string): Promise<Row> {
    return ((await this.db.query(`SELECT ${columns} FROM "${this.schema}".payment_attempt WHERE id = $1`, [attemptId])) as Row[])[0]!;
  }
}
