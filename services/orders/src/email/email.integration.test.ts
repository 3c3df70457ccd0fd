import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { JobRunner, createTestApp, type TestApp } from '@storefront/service-kit';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule, ORDERS_BODY_LIMIT } from '../app.module.js';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { billing, paymentMethods, sswStyle } from '../testing/orders-test-app.js';
import { EMAIL_QUEUE, ORDERS_JOBS_SCHEMA, messageIdFor, type OrdersJobs } from './email-jobs.js';
import { OrderEmails } from './order-emails.js';
import { SEND_EMAIL_MESSAGES } from './send-email.service.js';

// --- set-up: each describe gets its own app, database and content ----------------------------------

const repoContent = path.resolve(__dirname, '..', '..', '..', '..', 'content');

const NOTIFICATIONS = {
  adminEmails: ['orders@heartwoodcabinetry.com', 'samples@heartwoodcabinetry.com'],
  fromAddress: 'orders@heartwoodcabinetry.com',
  fromName: 'Heartwood Cabinetry',
};

/** A one-style catalog; shipping, tax and site settings are the site's real files. */
async function createTestContent(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'orders-email-content-'));
  await mkdir(path.join(dir, 'catalogs'));
  await mkdir(path.join(dir, 'settings'));
  await mkdir(path.join(dir, 'site'));
  await writeFile(
    path.join(dir, 'catalogs', 'product-styles.json'),
    JSON.stringify([
      sswStyle([
        { sku: 'SSW-SMPL-SNW', name: 'Shaker Snow White Sample Door - Snow White', price: 9.99, weight: 3.2, isSample: true, finish: { type: 'paint', value: 'snow-white' } },
        { sku: 'SSW-B24', name: 'Shaker Snow White Base Cabinet 24"', price: 278.99, weight: 48 },
      ]),
    ]),
  );
  await writeFile(
    path.join(dir, 'settings', 'payment-methods.json'),
    JSON.stringify(paymentMethods.slice(0, 1)),
  );
  await writeFile(path.join(dir, 'settings', 'notifications.json'), JSON.stringify(NOTIFICATIONS));
  await copyFile(path.join(repoContent, 'settings', 'shipping.json'), path.join(dir, 'settings', 'shipping.json'));
  await copyFile(path.join(repoContent, 'settings', 'tax.json'), path.join(dir, 'settings', 'tax.json'));
  await copyFile(path.join(repoContent, 'site', 'site.json'), path.join(dir, 'site', 'site.json'));
  return dir;
}

/** Creates a fresh database next to DATABASE_URL's and returns its URL. */
async function createOwnDatabase(prefix: string): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}


/** A POST /api/order body: billing e-mail differs from the order's, to see which one is used. */
const ORDER_REQUEST = {
  email: 'ann.lee@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  items: [{ sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } }],
  addresses: [billing, { ...billing, type: 'shipping', street1: '1 Main St' }],
  paymentMethod: 'credit-card',
};

interface Harness {
  testApp: TestApp;
  db: DataSource;
  jobs: JobRunner<OrdersJobs>;
  orderEmails: OrderEmails;
  contentDir: string;
  close(): Promise<void>;
}

/** Starts the orders app against its own database with the given e-mail environment. */
async function startOrdersApp(env: Record<string, string | undefined>, databaseUrl?: string): Promise<Harness> {
  const contentDir = await createTestContent();
  const settings: Record<string, string | undefined> = {
    DATABASE_URL: databaseUrl ?? (await createOwnDatabase('orders_email')),
    CONTENT_DIR: contentDir,
    SMTP_URL: undefined,
    EMAIL_WORKER_ENABLED: 'false',
    EMAIL_RETRY_DELAY_SECONDS: undefined,
    EMAIL_RETRY_LIMIT: undefined,
    EMAIL_POLL_INTERVAL_MS: undefined,
    ...env,
  };
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  setEnv(settings);
  try {
    const testApp = await createTestApp(AppModule, { name: 'orders', bodyLimit: ORDERS_BODY_LIMIT });
    return {
      testApp,
      db: testApp.app.get(DataSource),
      jobs: testApp.app.get(JobRunner) as JobRunner<OrdersJobs>,
      orderEmails: testApp.app.get(OrderEmails),
      contentDir,
      close: async () => {
        await testApp.close();
        await rm(contentDir, { recursive: true, force: true });
      },
    };
  } finally {
    setEnv(saved);
  }
}

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

async function placeOrder(h: Harness, body: object = ORDER_REQUEST): Promise<{ id: string; orderIncrementId: string; orderToken: string }> {
  const res = await request(h.testApp.server).post('/api/order').send(body).expect(201);
  return { id: res.body.data.id, orderIncrementId: res.body.data.orderIncrementId, orderToken: res.body.orderToken };
}

/** What the orders code does when a payment completes: order 'ordered' and, optionally, e-mails queued. */
async function markPaid(h: Harness, orderId: string, options: { queue?: boolean; thenFail?: boolean } = {}): Promise<void> {
  await h.db.transaction(async (manager) => {
    await manager.update(OrderEntity, { id: orderId }, { state: 'processing', status: 'ordered', paymentStatus: 'completed' });
    await manager.update(
      OrderPaymentEntity,
      { order: { id: orderId } },
      { status: 'completed', amountPaid: 2171, transactionId: 'pi_test', additionalData: { card: { brand: 'visa', last4: '4242' } } },
    );
    await manager.insert(OrderStatusHistoryEntity, { order: { id: orderId }, status: 'ordered', comment: 'Order has been paid', isCustomerNotified: false });
    if (options.queue ?? true) await h.orderEmails.queueOrderConfirmation(manager, orderId);
    if (options.thenFail) throw new Error('the payment step failed after queuing');
  });
}

interface OutboxRow {
  kind: string;
  recipient: string;
  cc: string[];
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

function outboxRows(h: Harness, orderId: string): Promise<OutboxRow[]> {
  return h.db.query(
    `SELECT kind, recipient, cc, subject, status, attempts, last_error FROM orders.email_outbox WHERE order_id = $1 ORDER BY kind`,
    [orderId],
  );
}

/** The e-mail jobs of an order, by their dedupe keys (`{kind}:{orderId}`). */
function emailJobs(h: Harness, orderId: string): Promise<{ id: string; kind: string; state: string }[]> {
  return h.db.query(
    `SELECT id, data->>'kind' AS kind, state FROM ${ORDERS_JOBS_SCHEMA}.job WHERE name = $1 AND data->>'dedupeKey' LIKE $2 ORDER BY data->>'kind'`,
    [EMAIL_QUEUE, `%:${orderId}`],
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs due e-mail jobs again and again (retries wait for their backoff) until `done` or the timeout; the totals. */
async function runUntil(h: Harness, done: (total: RunTotals) => boolean, timeoutMs = 15_000): Promise<RunTotals> {
  const total: RunTotals = { completed: 0, retried: 0, deadLettered: 0 };
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await h.jobs.runDue(EMAIL_QUEUE);
    total.completed += result.completed;
    total.retried += result.retried;
    total.deadLettered += result.deadLettered;
    if (done(total) || Date.now() > until) return total;
    await wait(200);
  }
}
type RunTotals = { completed: number; retried: number; deadLettered: number };

// --- local mailbox ---------------------------------------------------------------------------------

describe('order e-mails through the local mailbox (no SMTP_URL)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startOrdersApp({});
  });

  afterAll(async () => {
    await h?.close();
  });

  it('queues nothing when the transaction that pays the order rolls back', async () => {
    const order = await placeOrder(h);
    await expect(markPaid(h, order.id, { thenFail: true })).rejects.toThrow('the payment step failed');
    expect(await outboxRows(h, order.id)).toEqual([]);
    expect(await emailJobs(h, order.id)).toEqual([]);
    const [row] = await h.db.query('SELECT status FROM orders.orders WHERE id = $1', [order.id]);
    expect(row.status).toBe('pending');
  });

  it('queues the customer and admin e-mails with the payment, and only once however often it is asked', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    const expected = [
      {
        kind: 'order-confirmation',
        recipient: 'ann@example.com',
        cc: [],
        subject: `Your order #${order.orderIncrementId} has been received`,
        status: 'queued',
        attempts: 0,
        last_error: null,
      },
      {
        kind: 'order-confirmation-admin',
        recipient: 'orders@heartwoodcabinetry.com',
        cc: ['samples@heartwoodcabinetry.com'],
        subject: `New Order #${order.orderIncrementId}`,
        status: 'queued',
        attempts: 0,
        last_error: null,
      },
    ];
    expect(await outboxRows(h, order.id)).toEqual(expected);
    // one job each, written in the same transaction, and named on its row
    const jobs = await emailJobs(h, order.id);
    expect(jobs).toEqual([
      { id: expect.any(String), kind: 'order-confirmation', state: 'created' },
      { id: expect.any(String), kind: 'order-confirmation-admin', state: 'created' },
    ]);
    const linked = await h.db.query(`SELECT job_id FROM orders.email_outbox WHERE order_id = $1 ORDER BY kind`, [order.id]);
    expect(linked.map((row: { job_id: string }) => row.job_id)).toEqual(jobs.map((job) => job.id));

    await h.db.transaction((manager) => h.orderEmails.queueOrderConfirmation(manager, order.id));
    await h.db.transaction((manager) => h.orderEmails.queueOrderConfirmation(manager, order.id));
    expect(await outboxRows(h, order.id)).toEqual(expected);
    expect(await emailJobs(h, order.id)).toHaveLength(2);
  });

  it('delivers both to the mailbox, notes it on the order, and sends nothing twice', async () => {
    await h.jobs.runDue(EMAIL_QUEUE);
    const order = await placeOrder(h);
    await markPaid(h, order.id);

    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });
    expect((await emailJobs(h, order.id)).map((job) => job.state)).toEqual(['completed', 'completed']);
    expect((await outboxRows(h, order.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);

    const res = await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(200);
    const mine = res.body.filter((message: { subject: string }) => message.subject.includes(order.orderIncrementId));
    expect(mine).toHaveLength(2);
    const customer = mine.find((message: { to: string }) => message.to === 'ann@example.com');
    const admin = mine.find((message: { to: string }) => message.to === 'orders@heartwoodcabinetry.com');
    expect(customer).toMatchObject({ cc: [], subject: `Your order #${order.orderIncrementId} has been received` });
    // a Message-ID of its own, derived from the e-mail's dedupe key
    expect(customer.messageId).toBe(messageIdFor(`order-confirmation:${order.id}`, NOTIFICATIONS.fromAddress));
    expect(admin.messageId).toBe(messageIdFor(`order-confirmation-admin:${order.id}`, NOTIFICATIONS.fromAddress));
    expect(customer.messageId).toMatch(/^<[0-9a-f]{32}@heartwoodcabinetry\.com>$/);
    expect(customer.html).toContain('Credit Card (XXXX4242)');
    expect(customer.text).toContain('Shaker Snow White Sample Door - Snow White');
    expect(admin).toMatchObject({ cc: ['samples@heartwoodcabinetry.com'], subject: `New Order #${order.orderIncrementId}` });
    expect(admin.html).toContain('>New Order</h1>');
    // newest first
    const times = res.body.map((message: { sentAt: string }) => Date.parse(message.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const view = await request(h.testApp.server).get(`/api/order/view/${order.id}`).set('X-Order-Token', order.orderToken).expect(200);
    expect(view.body.data.emailSent).toBe(true);
    const notes = view.body.data.statusHistory.filter((entry: { comment: string }) => entry.comment.startsWith('Confirmation email'));
    expect(notes).toEqual([{ status: 'ordered', comment: 'Confirmation email has been sent to ann@example.com', isCustomerNotified: true, createdAt: expect.any(String) }]);

    // the customer's e-mail links to the order's page with a view token of its own: it reads the order, and nothing else does
    const link = /View your order: (\S+)/.exec(customer.text)?.[1];
    expect(link).toMatch(new RegExp(`^http://localhost:8080/order/view/${order.id}\\?token=[A-Za-z0-9_-]{43}$`));
    expect(admin.text).not.toContain('/order/view/');
    const viewToken = new URL(link!).searchParams.get('token')!;
    expect(viewToken).not.toBe(order.orderToken);
    const byLink = await request(h.testApp.server).get(`/api/order/view/${order.id}`).query({ token: viewToken }).expect(200);
    expect(byLink.body.data.orderIncrementId).toBe(order.orderIncrementId);
    await request(h.testApp.server).get(`/api/order/view/${order.id}`).query({ token: `${viewToken.slice(0, -1)}x` }).expect(404);
    // a view token only reads: it cannot change the order
    await request(h.testApp.server).patch('/api/order').set('X-Order-Token', viewToken).send({ ...ORDER_REQUEST, id: order.id }).expect(403);
  });

  it('shows the mailbox as an accessible page and each message under a strict, sandboxed CSP', async () => {
    const page = await request(h.testApp.server).get('/dev/mailbox').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('<title>Local mailbox</title>');
    expect(page.text).toContain('<h1>Local mailbox</h1>');
    const [list] = await request(h.testApp.server)
      .get('/dev/mailbox/messages.json')
      .then((res) => [res.body as { id: string; subject: string }[]]);
    const first = list?.[0];
    if (!first) throw new Error('expected messages in the mailbox');
    expect(page.text).toContain(`href="/dev/mailbox/messages/${first.id}"`);

    const message = await request(h.testApp.server).get(`/dev/mailbox/messages/${first.id}`).expect(200);
    expect(message.headers['content-type']).toMatch(/^text\/html/);
    expect(message.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox");
    expect(message.text).toContain('<!DOCTYPE html>');

    const missing = await request(h.testApp.server).get('/dev/mailbox/messages/6a1c0d1e-0000-4000-8000-000000000001').expect(404);
    expect(missing.body).toMatchObject({ success: false, message: 'Message not found.' });
    await request(h.testApp.server).get('/dev/mailbox/messages/not-an-id').expect(404);
  });

  it('never sends a sent e-mail again, whatever job runs for it (a repeated or re-driven job)', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    await h.jobs.runDue(EMAIL_QUEUE);
    const [row] = await h.db.query(`SELECT id, kind, dedupe_key FROM orders.email_outbox WHERE order_id = $1 AND kind = 'order-confirmation'`, [order.id]);
    await h.jobs.enqueueNow(EMAIL_QUEUE, { emailId: row.id, kind: row.kind, dedupeKey: row.dedupe_key });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    const res = await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(200);
    expect(res.body.filter((message: { subject: string }) => message.subject === `Your order #${order.orderIncrementId} has been received`)).toHaveLength(1);
    expect((await outboxRows(h, order.id)).map((entry) => [entry.kind, entry.status, entry.attempts])).toEqual([
      ['order-confirmation', 'sent', 1],
      ['order-confirmation-admin', 'sent', 1],
    ]);
  });

  it('gives e-mails queued before the job runner (no job yet) their job when the service starts', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id, { queue: false });
    // what a row of the former outbox worker looks like after the migration
    await h.db.query(
      `INSERT INTO orders.email_outbox (order_id, kind, dedupe_key, recipient, subject, html, text)
       VALUES ($1, 'order-confirmation', $2, 'ann@example.com', 'Before the runner', '<p>Hello</p>', 'Hello')`,
      [order.id, `order-confirmation:${order.id}`],
    );
    const databaseUrl = h.db.options.type === 'postgres' ? (h.db.options.url as string) : undefined;
    const restarted = await startOrdersApp({}, databaseUrl);
    try {
      const [adopted] = await h.db.query(`SELECT job_id FROM orders.email_outbox WHERE order_id = $1`, [order.id]);
      expect(adopted.job_id).toMatch(/^[0-9a-f-]{36}$/);
      await restarted.jobs.runDue(EMAIL_QUEUE);
      expect((await outboxRows(h, order.id)).map((entry) => [entry.subject, entry.status])).toEqual([['Before the runner', 'sent']]);
    } finally {
      await restarted.close();
    }
  });

  describe('POST /api/email/send-email', () => {
    const send = (body: object) => request(h.testApp.server).post('/api/email/send-email').send(body);

    it('sends to the order\'s own billing e-mail, whatever recipient, cc or subject the browser names', async () => {
      await h.jobs.runDue(EMAIL_QUEUE);
      const order = await placeOrder(h);
      await markPaid(h, order.id, { queue: false });
      const res = await send({
        type: 'order-confirmation',
        data: { orderId: order.orderIncrementId, total: 1 },
        recipient: 'attacker@evil.example',
        cc: ['more@evil.example'],
        subject: 'Free money',
        isAdmin: true,
      }).expect(202);
      expect(res.body).toEqual({ success: true, message: SEND_EMAIL_MESSAGES.queued });
      expect(await outboxRows(h, order.id)).toEqual([
        expect.objectContaining({ kind: 'order-confirmation', recipient: 'ann@example.com', cc: [], subject: `Your order #${order.orderIncrementId} has been received` }),
      ]);

      const again = await send({ type: 'order-confirmation', data: { orderId: order.id } }).expect(200);
      expect(again.body).toEqual({ success: true, message: SEND_EMAIL_MESSAGES.alreadyQueued });

      await h.jobs.runDue(EMAIL_QUEUE);
      const mailbox = await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(200);
      const everyone = mailbox.body.flatMap((message: { to: string; cc: string[] }) => [message.to, ...message.cc]);
      expect(everyone).not.toContain('attacker@evil.example');
      expect(everyone).not.toContain('more@evil.example');
      expect(mailbox.body.filter((message: { subject: string }) => message.subject.includes(order.orderIncrementId))).toHaveLength(1);

      // the payment's own queuing afterwards adds only the admin e-mail
      await h.db.transaction((manager) => h.orderEmails.queueOrderConfirmation(manager, order.id));
      expect((await outboxRows(h, order.id)).map((row) => row.kind)).toEqual(['order-confirmation', 'order-confirmation-admin']);
    });

    it('sends the admin e-mail to the admins from content', async () => {
      const order = await placeOrder(h);
      await markPaid(h, order.id, { queue: false });
      await send({ type: 'order-confirmation-admin', data: { orderId: order.id }, recipient: 'attacker@evil.example' }).expect(202);
      expect(await outboxRows(h, order.id)).toEqual([
        expect.objectContaining({ kind: 'order-confirmation-admin', recipient: 'orders@heartwoodcabinetry.com', cc: ['samples@heartwoodcabinetry.com'] }),
      ]);
    });

    it('refuses an unknown order, an unpaid order, split payment and bad input, sending nothing', async () => {
      const unpaid = await placeOrder(h);
      const notFound = await send({ type: 'order-confirmation', data: { orderId: 'SF-999999' } }).expect(404);
      expect(notFound.body).toMatchObject({ success: false, message: 'Order not found.' });
      await send({ type: 'order-confirmation', data: { orderId: '6a1c0d1e-0000-4000-8000-000000000001' } }).expect(404);

      const conflict = await send({ type: 'order-confirmation', data: { orderId: unpaid.id } }).expect(409);
      expect(conflict.body).toMatchObject({ success: false, message: SEND_EMAIL_MESSAGES.notPaid(unpaid.orderIncrementId) });

      const split = await send({ type: 'split-payment-confirmation', data: { orderId: unpaid.id } }).expect(400);
      expect(split.body).toMatchObject({ success: false, message: 'Split payment is not enabled for this order.' });

      expect((await send({ type: 'order-confirmation', data: {} }).expect(400)).body.message).toBe('Order ID is required');
      expect((await send({ type: 'spam', data: { orderId: unpaid.id } }).expect(400)).body.message).toMatch(/^type must be one of/);
      await request(h.testApp.server).post('/api/email/send-email').set('Content-Type', 'application/json').send('{"type":').expect(400);
      expect(await outboxRows(h, unpaid.id)).toEqual([]);
    });
  });

  it('delivers on its own when the worker is enabled', async () => {
    const databaseUrl = h.db.options.type === 'postgres' ? (h.db.options.url as string) : undefined;
    const running = await startOrdersApp({ EMAIL_WORKER_ENABLED: 'true', EMAIL_POLL_INTERVAL_MS: '50' }, databaseUrl);
    try {
      const order = await placeOrder(running);
      await markPaid(running, order.id);
      const deadline = Date.now() + 10_000;
      let statuses: string[] = [];
      while (Date.now() < deadline) {
        statuses = (await outboxRows(running, order.id)).map((row) => row.status);
        if (statuses.every((status) => status === 'sent')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statuses).toEqual(['sent', 'sent']);
    } finally {
      await running.close();
    }
  });
});

// --- SMTP --------------------------------------------------------------------------------------------

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** An SMTP server stand-in (smtp-server) that records what it receives. */
async function startSmtpServer(port: number, received: ReceivedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('order e-mails through SMTP (SMTP_URL set)', () => {
  let h: Harness;
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    port = await freePort();
    h = await startOrdersApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_RETRY_DELAY_SECONDS: '1', EMAIL_RETRY_LIMIT: '2' });
  });

  afterAll(async () => {
    await h?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('keeps e-mails queued while SMTP is down, then delivers each exactly once when it is back', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);

    // SMTP is down: nothing is lost, attempts are counted, the next try waits for its backoff.
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 2, deadLettered: 0 });
    let rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    // not due again before the backoff (1 to 2 s) has passed
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });
    expect(await runUntil(h, (total) => total.retried >= 2)).toEqual({ completed: 0, retried: 2, deadLettered: 0 });
    rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['queued', 2],
      ['queued', 2],
    ]);
    const [stillUnsent] = await h.db.query('SELECT email_sent FROM orders.orders WHERE id = $1', [order.id]);
    expect(stillUnsent.email_sent).toBe(false);

    // SMTP comes back on the same port; the last retry (2 to 4 s later) delivers.
    smtp = await startSmtpServer(port, received);
    expect(await runUntil(h, (total) => total.completed >= 2)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });

    expect(received).toHaveLength(2);
    const customer = received.find((mail) => mail.to.includes('ann@example.com'));
    const admin = received.find((mail) => mail.to.includes('orders@heartwoodcabinetry.com'));
    expect(customer?.to).toEqual(['ann@example.com']);
    expect(admin?.to.sort()).toEqual(['orders@heartwoodcabinetry.com', 'samples@heartwoodcabinetry.com']);
    for (const mail of received) {
      expect(mail.from).toBe('orders@heartwoodcabinetry.com');
      expect(mail.raw).toMatch(/^From: Heartwood Cabinetry <orders@heartwoodcabinetry\.com>/m);
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
    }
    expect(customer?.raw).toContain(`Subject: Your order #${order.orderIncrementId} has been received`);
    expect(customer?.raw).toContain(`Message-ID: ${messageIdFor(`order-confirmation:${order.id}`, NOTIFICATIONS.fromAddress)}`);
    expect(admin?.raw).toMatch(/^Cc: samples@heartwoodcabinetry\.com/m);

    rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['sent', 3, null],
      ['sent', 3, null],
    ]);
    const view = await request(h.testApp.server).get(`/api/order/view/${order.id}`).set('X-Order-Token', order.orderToken).expect(200);
    expect(view.body.data.emailSent).toBe(true);
  }, 40_000);

  it('after EMAIL_RETRY_LIMIT retries the job is a dead letter; re-driven once SMTP is back, the e-mail goes out once, under its Message-ID', async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    smtp = undefined;
    received.length = 0;
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    // attempts at once, after 1 to 2 s, after 2 to 4 s more
    expect(await runUntil(h, (total) => total.deadLettered >= 2, 20_000)).toEqual({ completed: 0, retried: 4, deadLettered: 2 });
    expect((await outboxRows(h, order.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });

    const letters = (await h.jobs.deadLetters()).filter((letter) => (letter.data as { dedupeKey: string }).dedupeKey.endsWith(`:${order.id}`));
    expect(letters.map((letter) => [letter.queue, (letter.data as { kind: string }).kind]).sort()).toEqual([
      ['email', 'order-confirmation'],
      ['email', 'order-confirmation-admin'],
    ]);
    expect(letters[0]?.error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpServer(port, received);
    const { redriven } = await h.jobs.retryDeadLetters(letters.map((letter) => letter.id));
    expect(redriven).toHaveLength(2);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    expect((await outboxRows(h, order.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 4],
      ['sent', 4],
    ]);
    expect(received).toHaveLength(2);
    const customer = received.find((mail) => mail.to.includes('ann@example.com'));
    expect(customer?.raw).toContain(`Message-ID: ${messageIdFor(`order-confirmation:${order.id}`, NOTIFICATIONS.fromAddress)}`);
    const view = await request(h.testApp.server).get(`/api/order/view/${order.id}`).set('X-Order-Token', order.orderToken).expect(200);
    expect(view.body.data.emailSent).toBe(true);
  }, 40_000);

  it('has no local mailbox', async () => {
    await request(h.testApp.server).get('/dev/mailbox').expect(404);
    await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(404);
  });
});
