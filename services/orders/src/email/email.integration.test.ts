import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JobRunner, createOwnDatabase, createTestApp, freePort, type TestApp } from '@storefront/service-kit';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule, ORDERS_BODY_LIMIT } from '../app.module.js';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { billing, paymentMethods, sswStyle } from '../testing/orders-test-app.js';
import { runBackoffice, type BackofficeIo } from '../backoffice/backoffice.js';
import { createEmailCommands, type DeadLetterSummary } from '../backoffice/email-commands.js';
import { createQuoteCommands } from '../backoffice/quote-commands.js';
import { EMAIL_QUEUE, ORDERS_JOBS_SCHEMA, outboxMessageId, type OrdersJobs } from './email-jobs.js';
import { EmailOutbox } from './email-outbox.js';
import { OrderEmails } from './order-emails.js';
import { SEND_EMAIL_MESSAGES, SendEmailService } from './send-email.service.js';

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
  outbox: EmailOutbox;
  databaseUrl: string;
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
    EMAIL_RETRY_MAX_DELAY_SECONDS: undefined,
    EMAIL_RETRY_FOR_HOURS: undefined,
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
      outbox: testApp.app.get(EmailOutbox),
      databaseUrl: settings.DATABASE_URL!,
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

/** The Message-ID stored on an order's outbox row of this kind, with the row's id. */
async function storedMessageId(h: Harness, orderId: string, kind: string): Promise<{ id: string; messageId: string }> {
  const [row] = await h.db.query(`SELECT id, message_id FROM orders.email_outbox WHERE order_id = $1 AND kind = $2`, [orderId, kind]);
  return { id: row.id, messageId: row.message_id };
}

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
    // a Message-ID of its own, from the outbox row's id, stored on the row
    const customerRow = await storedMessageId(h, order.id, 'order-confirmation');
    const adminRow = await storedMessageId(h, order.id, 'order-confirmation-admin');
    expect(customer.messageId).toBe(outboxMessageId(customerRow.id, NOTIFICATIONS.fromAddress));
    expect(customer.messageId).toBe(customerRow.messageId);
    expect(admin.messageId).toBe(adminRow.messageId);
    expect(customer.messageId).toMatch(/^<outbox-[0-9a-f-]{36}@heartwoodcabinetry\.com>$/);
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
    /** the request, answered, and then its work done (it runs after the answer) */
    const send = async (body: object) => {
      const res = await request(h.testApp.server).post('/api/email/send-email').send(body);
      await h.testApp.app.get(SendEmailService).idle();
      return res;
    };
    const ACCEPTED = { success: true, message: SEND_EMAIL_MESSAGES.accepted };

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
      });
      expect([res.status, res.body]).toEqual([202, ACCEPTED]);
      expect(await outboxRows(h, order.id)).toEqual([
        expect.objectContaining({ kind: 'order-confirmation', recipient: 'ann@example.com', cc: [], subject: `Your order #${order.orderIncrementId} has been received` }),
      ]);

      const again = await send({ type: 'order-confirmation', data: { orderId: order.id } });
      expect([again.status, again.body]).toEqual([202, ACCEPTED]);

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
      expect((await send({ type: 'order-confirmation-admin', data: { orderId: order.id }, recipient: 'attacker@evil.example' })).status).toBe(202);
      expect(await outboxRows(h, order.id)).toEqual([
        expect.objectContaining({ kind: 'order-confirmation-admin', recipient: 'orders@heartwoodcabinetry.com', cc: ['samples@heartwoodcabinetry.com'] }),
      ]);
    });

    it('answers an unknown order, an unpaid one and one without split payment exactly like a paid one, sending nothing; bad input is 400', async () => {
      const unpaid = await placeOrder(h);
      const paid = await placeOrder(h);
      await markPaid(h, paid.id, { queue: false });
      const answers = await Promise.all(
        [
          { type: 'order-confirmation', data: { orderId: 'SF-999999' } },
          { type: 'order-confirmation', data: { orderId: '6a1c0d1e-0000-4000-8000-000000000001' } },
          { type: 'order-confirmation', data: { orderId: unpaid.id } },
          { type: 'split-payment-confirmation', data: { orderId: unpaid.id } },
          { type: 'split-payment-confirmation', data: { orderId: paid.id } },
          { type: 'order-confirmation', data: { orderId: paid.orderIncrementId } },
        ].map(send),
      );
      for (const answer of answers) {
        expect([answer.status, answer.body]).toEqual([202, ACCEPTED]);
      }
      expect(await outboxRows(h, unpaid.id)).toEqual([]);
      expect((await outboxRows(h, paid.id)).map((row) => row.kind)).toEqual(['order-confirmation']);

      expect((await send({ type: 'order-confirmation', data: {} })).body.message).toBe('Order ID is required');
      const spam = await send({ type: 'spam', data: { orderId: unpaid.id } });
      expect([spam.status, spam.body.message]).toEqual([400, expect.stringMatching(/^type must be one of/)]);
      await request(h.testApp.server).post('/api/email/send-email').set('Content-Type', 'application/json').send('{"type":').expect(400);
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
  /** the Message-ID header */
  messageId: string | undefined;
}

/** How the SMTP stand-in answers: a reply code for a recipient or after a message's data (undefined: accepted). */
interface SmtpBehaviour {
  rejectRecipient?(address: string): number | undefined;
  /** called once the message is received (and recorded): a code here is a failure the client sees for a message the server has */
  afterData?(mail: ReceivedMail): number | undefined;
}

const REPLY_TEXT: Record<number, string> = {
  451: '4.7.1 Greylisted, please try again later',
  550: '5.1.1 Recipient address rejected: User unknown',
};

function smtpReply(code: number): Error {
  return Object.assign(new Error(REPLY_TEXT[code] ?? 'No'), { responseCode: code });
}

/** An SMTP server stand-in (smtp-server) that records what it receives and answers as `behaviour` says. */
async function startSmtpServer(port: number, received: ReceivedMail[], behaviour: SmtpBehaviour = {}): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = behaviour.rejectRecipient?.(address.address);
      callback(code ? smtpReply(code) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: mailFrom ? mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          messageId: /^Message-ID:[ \t]*(?:\r?\n[ \t]+)?(<[^>\s]+>)/im.exec(raw)?.[1],
        };
        received.push(mail);
        const code = behaviour.afterData?.(mail);
        callback(code ? smtpReply(code) : null);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function closeSmtp(server: SMTPServer | undefined): Promise<void> {
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}


/** Each wait between two attempts is exactly 1 s (the schedule's floor), so a retry is due a second later. */
const FAST_RETRIES = { EMAIL_RETRY_DELAY_SECONDS: '1', EMAIL_RETRY_MAX_DELAY_SECONDS: '1' };

/** An e-mail's row as the retry tests read it. */
interface RetryRow {
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  retry_count: number;
  next_attempt_at: Date | null;
  failed_at: Date | null;
}

function retryRow(h: Harness, id: string): Promise<RetryRow> {
  return h.db
    .query(`SELECT status, attempts, last_error, message_id, retry_count, next_attempt_at, failed_at FROM orders.email_outbox WHERE id = $1`, [id])
    .then((rows: RetryRow[]) => rows[0]!);
}

/** The e-mail jobs of one outbox row that have not run yet, with the row's attempts each carries. */
function waitingJobs(h: Harness, id: string): Promise<{ id: string; attempts: number | null; due_in_seconds: number }[]> {
  return h.db.query(
    `SELECT id, (data->>'attempts')::int AS attempts, EXTRACT(EPOCH FROM start_after - now())::float8 AS due_in_seconds
       FROM ${ORDERS_JOBS_SCHEMA}.job WHERE name = $1 AND data->>'emailId' = $2 AND state IN ('created', 'retry') ORDER BY created_on`,
    [EMAIL_QUEUE, id],
  );
}

function backofficeIo(): BackofficeIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, env: {}, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

/** `npm run -s backoffice -- email ...` in this process, on the app's database and job runner. */
async function emailCommand(h: Harness, command: Parameters<typeof runBackoffice>[0]): Promise<{ code: number; lines: string[]; errors: string[] }> {
  const io = backofficeIo();
  const code = await runBackoffice(command, h.db, createQuoteCommands(h.db), io, createEmailCommands(h.db, async () => h.outbox));
  return { code, lines: io.lines, errors: io.errors };
}

async function listedDeadLetters(h: Harness): Promise<DeadLetterSummary[]> {
  const { code, lines } = await emailCommand(h, { command: 'email dead-letters', json: true });
  expect(code).toBe(0);
  return lines.map((line) => JSON.parse(line) as DeadLetterSummary);
}

const run = promisify(execFile);
// the built back office, as `npm run backoffice` runs it (integration tests run after the build)
const BACKOFFICE_CLI = path.resolve(__dirname, '..', '..', 'dist', 'backoffice', 'cli.js');

describe('order e-mails through SMTP (SMTP_URL set)', () => {
  let h: Harness;
  let port: number;
  let smtp: SMTPServer | undefined;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    port = await freePort();
    // SMTP's breaker stays closed here: these tests bring SMTP back and send at once, which an open
    // breaker would refuse until CIRCUIT_RESET_MS (smtp-transport.test.ts covers the breaker's refusal)
    h = await startOrdersApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...FAST_RETRIES, CIRCUIT_MIN_CALLS: '100000' });
  });

  afterAll(async () => {
    await h?.close();
    await closeSmtp(smtp);
  });

  it('keeps e-mails queued while SMTP is down, each retry a job of its own after its wait, then delivers each exactly once when it is back', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);

    // SMTP is down (connection refused): nothing is lost; the attempt is recorded and the next one queued, due after its wait
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    let rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['queued', 1],
      ['queued', 1],
    ]);
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const customer = await storedMessageId(h, order.id, 'order-confirmation');
    expect(await retryRow(h, customer.id)).toMatchObject({ retry_count: 1, next_attempt_at: expect.any(Date), failed_at: null });
    const [next] = await waitingJobs(h, customer.id);
    expect(next).toMatchObject({ attempts: 1 });
    expect(next!.due_in_seconds).toBeGreaterThan(0);
    expect(next!.due_in_seconds).toBeLessThanOrEqual(1);
    // not due before its wait (1 s here)
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });
    expect(await runUntil(h, (total) => total.completed >= 2)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['queued', 2],
      ['queued', 2],
    ]);
    const [stillUnsent] = await h.db.query('SELECT email_sent FROM orders.orders WHERE id = $1', [order.id]);
    expect(stillUnsent.email_sent).toBe(false);
    // none of it used pg-boss's own retries, nor made a dead letter of theirs
    expect((await h.jobs.deadLetters()).filter((letter) => (letter.data as { dedupeKey: string }).dedupeKey.endsWith(`:${order.id}`))).toEqual([]);

    // SMTP comes back on the same port; the next retry delivers.
    smtp = await startSmtpServer(port, received);
    expect(await runUntil(h, (total) => total.completed >= 2)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });

    expect(received).toHaveLength(2);
    const toCustomer = received.find((mail) => mail.to.includes('ann@example.com'));
    const toAdmin = received.find((mail) => mail.to.includes('orders@heartwoodcabinetry.com'));
    expect(toCustomer?.to).toEqual(['ann@example.com']);
    expect(toAdmin?.to.sort()).toEqual(['orders@heartwoodcabinetry.com', 'samples@heartwoodcabinetry.com']);
    for (const mail of received) {
      expect(mail.from).toBe('orders@heartwoodcabinetry.com');
      expect(mail.raw).toMatch(/^From: Heartwood Cabinetry <orders@heartwoodcabinetry\.com>/m);
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
    }
    expect(toCustomer?.raw).toContain(`Subject: Your order #${order.orderIncrementId} has been received`);
    // the Message-ID stored before the first attempt is the one that went out
    expect(toCustomer?.messageId).toBe(outboxMessageId(customer.id, NOTIFICATIONS.fromAddress));
    expect(customer.messageId).toBe(toCustomer?.messageId);
    expect(toAdmin?.raw).toMatch(/^Cc: samples@heartwoodcabinetry\.com/m);

    rows = await outboxRows(h, order.id);
    expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['sent', 3, null],
      ['sent', 3, null],
    ]);
    expect(await retryRow(h, customer.id)).toMatchObject({ next_attempt_at: null, failed_at: null });
    const view = await request(h.testApp.server).get(`/api/order/view/${order.id}`).set('X-Order-Token', order.orderToken).expect(200);
    expect(view.body.data.emailSent).toBe(true);
  }, 40_000);

  it('still failing when EMAIL_RETRY_FOR_HOURS is up: parked as a dead letter the back office lists; resent once SMTP is back, under its Message-ID', async () => {
    await closeSmtp(smtp);
    smtp = undefined;
    received.length = 0;
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    // 73 hours on: the first failure is moved back rather than waited for
    await h.db.query(`UPDATE orders.email_outbox SET retrying_since = retrying_since - interval '73 hours' WHERE order_id = $1`, [order.id]);
    expect(await runUntil(h, (total) => total.completed >= 2)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });

    const customer = await storedMessageId(h, order.id, 'order-confirmation');
    const admin = await storedMessageId(h, order.id, 'order-confirmation-admin');
    for (const { id } of [customer, admin]) {
      const row = await retryRow(h, id);
      expect(row).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null, failed_at: expect.any(Date) });
      expect(row.last_error).toMatch(/^Still failing after 73 h of retries: .*(ECONNREFUSED|connect)/i);
      expect(await waitingJobs(h, id)).toEqual([]);
    }
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });

    const listed = (await listedDeadLetters(h)).filter((letter) => letter.orderId === order.id);
    expect(listed.map((letter) => [letter.kind, letter.recipient, letter.attempts]).sort()).toEqual([
      ['order-confirmation', 'ann@example.com', 2],
      ['order-confirmation-admin', 'orders@heartwoodcabinetry.com', 2],
    ]);
    expect(listed.find((letter) => letter.id === customer.id)).toMatchObject({
      subject: `Your order #${order.orderIncrementId} has been received`,
      lastError: expect.stringMatching(/^Still failing after 73 h of retries/),
      failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageId: customer.messageId,
    });

    smtp = await startSmtpServer(port, received);
    for (const { id } of [customer, admin]) {
      const resent = await emailCommand(h, { command: 'email resend', target: { id } });
      expect(resent).toMatchObject({ code: 0, errors: [] });
      expect(JSON.parse(resent.lines[0]!)).toEqual({ resent: [{ id, jobId: expect.any(String) }], notDeadLetters: [] });
      // a fresh retry budget, queued now
      expect(await retryRow(h, id)).toMatchObject({ status: 'queued', attempts: 2, retry_count: 0, failed_at: null });
    }
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    expect((await outboxRows(h, order.id)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 3],
      ['sent', 3],
    ]);
    expect(received).toHaveLength(2);
    expect(received.find((mail) => mail.to.includes('ann@example.com'))?.messageId).toBe(customer.messageId);
    expect((await listedDeadLetters(h)).filter((letter) => letter.orderId === order.id)).toEqual([]);
    const view = await request(h.testApp.server).get(`/api/order/view/${order.id}`).set('X-Order-Token', order.orderToken).expect(200);
    expect(view.body.data.emailSent).toBe(true);
  }, 40_000);

  it('has no local mailbox', async () => {
    await request(h.testApp.server).get('/dev/mailbox').expect(404);
    await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(404);
  });
});

describe("SMTP's answers: a 4xx is retried, a 5xx is a dead letter at once", () => {
  let h: Harness;
  let smtp: SMTPServer;
  const received: ReceivedMail[] = [];
  /** recipient -> the reply codes its next RCPTs get, in turn (then accepted) */
  const rcptReplies = new Map<string, number[]>();
  /** recipient -> the reply codes after its next messages' data (the message was received all the same) */
  const dataReplies = new Map<string, number[]>();

  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtpServer(port, received, {
      rejectRecipient: (address) => rcptReplies.get(address)?.shift(),
      afterData: (mail) => dataReplies.get(mail.to[0] ?? '')?.shift(),
    });
    h = await startOrdersApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...FAST_RETRIES });
  });

  afterAll(async () => {
    await h?.close();
    await closeSmtp(smtp);
  });

  /** Queues one e-mail (a form confirmation, as the forms service would) to `recipient`; its outbox id. */
  async function queueEmail(recipient: string): Promise<string> {
    const dedupeKey = `form:${recipient}:${Date.now()}:confirmation`;
    await h.db.transaction((manager) =>
      h.outbox.enqueue(manager, [
        { orderId: null, kind: 'form-confirmation', dedupeKey, recipient, cc: [], subject: `For ${recipient}`, html: '<p>Thank you</p>', text: 'Thank you' },
      ]),
    );
    const [row] = await h.db.query(`SELECT id FROM orders.email_outbox WHERE dedupe_key = $1`, [dedupeKey]);
    return row.id;
  }

  const mailsTo = (recipient: string) => received.filter((mail) => mail.to.includes(recipient));

  it('451 (greylisting): retried after its wait, then delivered once, under the Message-ID stored on its row; an old job run again sends nothing', async () => {
    const recipient = 'greylisted@example.com';
    rcptReplies.set(recipient, [451]);
    const id = await queueEmail(recipient);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    const failed = await retryRow(h, id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, retry_count: 1, message_id: `<outbox-${id}@heartwoodcabinetry.com>` });
    expect(failed.last_error).toMatch(/451 4\.7\.1 Greylisted/);
    expect(mailsTo(recipient)).toEqual([]);

    // the first job, run again (its completion lost): the row has moved on, so it sends nothing and forks no retry
    await h.jobs.enqueueNow(EMAIL_QUEUE, { emailId: id, kind: 'form-confirmation', dedupeKey: 'unused', attempts: 0 });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(await retryRow(h, id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await waitingJobs(h, id)).toHaveLength(1);

    expect(await runUntil(h, (total) => total.completed >= 1)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(await retryRow(h, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null, message_id: failed.message_id });
    expect(mailsTo(recipient).map((mail) => mail.messageId)).toEqual([failed.message_id]);
  }, 20_000);

  it('an ambiguous failure (the server has the message, the client hears 451): the retry carries the same Message-ID, so the two are one message', async () => {
    const recipient = 'answer-lost@example.com';
    dataReplies.set(recipient, [451]);
    const id = await queueEmail(recipient);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(await retryRow(h, id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await runUntil(h, (total) => total.completed >= 1)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(await retryRow(h, id)).toMatchObject({ status: 'sent', attempts: 2 });
    const copies = mailsTo(recipient);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map((mail) => mail.messageId))).toEqual(new Set([`<outbox-${id}@heartwoodcabinetry.com>`]));
  }, 20_000);

  it('SMTP took the message but marking the row sent failed once: the mark is written again, so the e-mail is received once and never queued to go again', async () => {
    const recipient = 'record-cut@example.com';
    // The UPDATE that marks this recipient's row sent fails once, after SMTP accepted the message (as a
    // connection cut by a PostgreSQL restart does; any error must do the same). A sequence counts the
    // tries, since it is not rolled back with the failed transaction.
    await h.db.query(`CREATE SEQUENCE orders.test_mark_sent_tries`);
    await h.db.query(`
      CREATE FUNCTION orders.test_fail_first_mark_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND NEW.recipient = '${recipient}' AND nextval('orders.test_mark_sent_tries') = 1 THEN
          RAISE EXCEPTION 'the mark-sent write was cut';
        END IF;
        RETURN NEW;
      END $$`);
    await h.db.query(
      `CREATE TRIGGER test_fail_first_mark_sent BEFORE UPDATE ON orders.email_outbox FOR EACH ROW EXECUTE FUNCTION orders.test_fail_first_mark_sent()`,
    );
    try {
      const id = await queueEmail(recipient);
      expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
      const [{ tries }] = await h.db.query(`SELECT last_value::int AS tries FROM orders.test_mark_sent_tries`);
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(await retryRow(h, id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(await waitingJobs(h, id)).toEqual([]);
      expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 0, retried: 0, deadLettered: 0 });
      expect(mailsTo(recipient).map((mail) => mail.messageId)).toEqual([`<outbox-${id}@heartwoodcabinetry.com>`]);
    } finally {
      await h.db.query(`DROP TRIGGER test_fail_first_mark_sent ON orders.email_outbox`);
      await h.db.query(`DROP FUNCTION orders.test_fail_first_mark_sent()`);
      await h.db.query(`DROP SEQUENCE orders.test_mark_sent_tries`);
    }
  }, 20_000);

  it('550 (mailbox unknown): a dead letter at once with the reason, listed by `email dead-letters` (the built command too); `email resend` twice at once queues it once', async () => {
    const recipient = 'unknown@example.com';
    rcptReplies.set(recipient, [550]);
    const id = await queueEmail(recipient);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    const parked = await retryRow(h, id);
    expect(parked).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, failed_at: expect.any(Date) });
    expect(parked.last_error).toMatch(/^Refused for good, not retried: .*550 5\.1\.1 Recipient address rejected: User unknown/);
    expect(await waitingJobs(h, id)).toEqual([]);
    expect(mailsTo(recipient)).toEqual([]);

    const listed = (await listedDeadLetters(h)).find((letter) => letter.id === id);
    expect(listed).toEqual({
      id,
      kind: 'form-confirmation',
      recipient,
      cc: [],
      subject: `For ${recipient}`,
      attempts: 1,
      lastError: parked.last_error,
      failedAt: parked.failed_at!.toISOString(),
      queuedAt: expect.any(String),
      orderId: null,
      messageId: `<outbox-${id}@heartwoodcabinetry.com>`,
    });
    const cliEnv = { ...process.env, DATABASE_URL: h.databaseUrl };
    const table = await run(process.execPath, [BACKOFFICE_CLI, 'email', 'dead-letters'], { env: cliEnv });
    expect(table.stdout).toMatch(/^PARKED \(UTC\) +ID +KIND +RECIPIENT +SUBJECT +ATTEMPTS +LAST ERROR$/m);
    expect(table.stdout).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +${id} +form-confirmation +unknown@example\\.com +For unknown@example\\.com +1 +Refused for good`, 'm'));

    // the address exists now; two people resend it at the same moment: it is queued once
    const both = await Promise.all([emailCommand(h, { command: 'email resend', target: { id } }), emailCommand(h, { command: 'email resend', target: { id } })]);
    expect(both.map((result) => result.code).sort()).toEqual([0, 1]);
    expect(both.find((result) => result.code === 1)?.errors).toEqual([expect.stringContaining(`E-mail ${id} is not a dead letter`)]);
    expect(await waitingJobs(h, id)).toHaveLength(1);
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(await retryRow(h, id)).toMatchObject({ status: 'sent', attempts: 2, failed_at: null });
    expect(mailsTo(recipient).map((mail) => mail.messageId)).toEqual([`<outbox-${id}@heartwoodcabinetry.com>`]);

    // sent now: resending it is refused (exit 1), nothing queued
    const again = await emailCommand(h, { command: 'email resend', target: { id } });
    expect(again).toMatchObject({ code: 1, lines: [], errors: [expect.stringContaining(`E-mail ${id} is not a dead letter`)] });
    expect(await waitingJobs(h, id)).toEqual([]);
  }, 30_000);

  it('`email resend --all` through the built command queues every dead letter again', async () => {
    const recipients = ['gone-1@example.com', 'gone-2@example.com'];
    for (const recipient of recipients) rcptReplies.set(recipient, [550]);
    const ids = [];
    for (const recipient of recipients) ids.push(await queueEmail(recipient));
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    const { stdout } = await run(process.execPath, [BACKOFFICE_CLI, 'email', 'resend', '--all'], { env: { ...process.env, DATABASE_URL: h.databaseUrl } });
    expect(JSON.parse(stdout).resent.map((entry: { id: string }) => entry.id).sort()).toEqual([...ids].sort());
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 2, retried: 0, deadLettered: 0 });
    for (const recipient of recipients) expect(mailsTo(recipient)).toHaveLength(1);
    expect(await listedDeadLetters(h)).toEqual([]);
  }, 30_000);
});
