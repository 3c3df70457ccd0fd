/**
 * The e-mail integration suites' shared set-up (src/email/*.integration.test.ts): an orders app on a
 * database of its own with the given e-mail environment, an SMTP stand-in that records what it gets
 * and answers as told, and readers of the outbox rows and their jobs.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JobRunner, createOwnDatabase, createTestApp, type TestApp } from '@storefront/service-kit';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule, ORDERS_BODY_LIMIT } from '../../app.module.js';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity } from '../../entities/index.js';
import { billing, paymentMethods, sswStyle } from '../../testing/orders-test-app.js';
import { runBackoffice, type BackofficeIo } from '../../backoffice/backoffice.js';
import { createEmailCommands, type DeadLetterSummary } from '../../backoffice/email-commands.js';
import { createQuoteCommands } from '../../backoffice/quote-commands.js';
import { EMAIL_QUEUE, ORDERS_JOBS_SCHEMA, type OrdersJobs } from '../email-jobs.js';
import { EmailOutbox } from '../email-outbox.js';
import { OrderEmails } from '../order-emails.js';

// --- set-up: each describe gets its own app, database and content ----------------------------------

export const repoContent = path.resolve(__dirname, '..', '..', '..', '..', '..', 'content');

export const NOTIFICATIONS = {
  adminEmails: ['orders@heartwoodcabinetry.com', 'samples@heartwoodcabinetry.com'],
  fromAddress: 'orders@heartwoodcabinetry.com',
  fromName: 'Heartwood Cabinetry',
};

/** A one-style catalog; shipping, tax and site settings are the site's real files. */
export async function createTestContent(): Promise<string> {
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
export const ORDER_REQUEST = {
  email: 'ann.lee@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  items: [{ sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } }],
  addresses: [billing, { ...billing, type: 'shipping', street1: '1 Main St' }],
  paymentMethod: 'credit-card',
};

export interface Harness {
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
export async function startOrdersApp(env: Record<string, string | undefined>, databaseUrl?: string): Promise<Harness> {
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

export function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

export async function placeOrder(h: Harness, body: object = ORDER_REQUEST): Promise<{ id: string; orderIncrementId: string; orderToken: string }> {
  const res = await request(h.testApp.server).post('/api/order').send(body).expect(201);
  return { id: res.body.data.id, orderIncrementId: res.body.data.orderIncrementId, orderToken: res.body.orderToken };
}

/** What the orders code does when a payment completes: order 'ordered' and, optionally, e-mails queued. */
export async function markPaid(h: Harness, orderId: string, options: { queue?: boolean; thenFail?: boolean } = {}): Promise<void> {
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

export interface OutboxRow {
  kind: string;
  recipient: string;
  cc: string[];
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

export function outboxRows(h: Harness, orderId: string): Promise<OutboxRow[]> {
  return h.db.query(
    `SELECT kind, recipient, cc, subject, status, attempts, last_error FROM orders.email_outbox WHERE order_id = $1 ORDER BY kind`,
    [orderId],
  );
}

/** The e-mail jobs of an order, by their dedupe keys (`{kind}:{orderId}`). */
export function emailJobs(h: Harness, orderId: string): Promise<{ id: string; kind: string; state: string }[]> {
  return h.db.query(
    `SELECT id, data->>'kind' AS kind, state FROM ${ORDERS_JOBS_SCHEMA}.job WHERE name = $1 AND data->>'dedupeKey' LIKE $2 ORDER BY data->>'kind'`,
    [EMAIL_QUEUE, `%:${orderId}`],
  );
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Message-ID stored on an order's outbox row of this kind, with the row's id. */
export async function storedMessageId(h: Harness, orderId: string, kind: string): Promise<{ id: string; messageId: string }> {
  const [row] = await h.db.query(`SELECT id, message_id FROM orders.email_outbox WHERE order_id = $1 AND kind = $2`, [orderId, kind]);
  return { id: row.id, messageId: row.message_id };
}

/** Runs due e-mail jobs again and again (retries wait for their backoff) until `done` or the timeout; the totals. */
export async function runUntil(h: Harness, done: (total: RunTotals) => boolean, timeoutMs = 15_000): Promise<RunTotals> {
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
export type RunTotals = { completed: number; retried: number; deadLettered: number };


// --- SMTP --------------------------------------------------------------------------------------------

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  /** the Message-ID header */
  messageId: string | undefined;
}

/** How the SMTP stand-in answers: a reply code for a recipient or after a message's data (undefined: accepted). */
export interface SmtpBehaviour {
  rejectRecipient?(address: string): number | undefined;
  /** called once the message is received (and recorded): a code here is a failure the client sees for a message the server has */
  afterData?(mail: ReceivedMail): number | undefined;
}

export const REPLY_TEXT: Record<number, string> = {
  451: '4.7.1 Greylisted, please try again later',
  550: '5.1.1 Recipient address rejected: User unknown',
};

export function smtpReply(code: number): Error {
  return Object.assign(new Error(REPLY_TEXT[code] ?? 'No'), { responseCode: code });
}

/** An SMTP server stand-in (smtp-server) that records what it receives and answers as `behaviour` says. */
export async function startSmtpServer(port: number, received: ReceivedMail[], behaviour: SmtpBehaviour = {}): Promise<SMTPServer> {
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

export function closeSmtp(server: SMTPServer | undefined): Promise<void> {
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}


/** Each wait between two attempts is exactly 1 s (the schedule's floor), so a retry is due a second later. */
export const FAST_RETRIES = { EMAIL_RETRY_DELAY_SECONDS: '1', EMAIL_RETRY_MAX_DELAY_SECONDS: '1' };

/** An e-mail's row as the retry tests read it. */
export interface RetryRow {
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  retry_count: number;
  next_attempt_at: Date | null;
  failed_at: Date | null;
}

export function retryRow(h: Harness, id: string): Promise<RetryRow> {
  return h.db
    .query(`SELECT status, attempts, last_error, message_id, retry_count, next_attempt_at, failed_at FROM orders.email_outbox WHERE id = $1`, [id])
    .then((rows: RetryRow[]) => rows[0]!);
}

/** The e-mail jobs of one outbox row that have not run yet, with the row's attempts each carries. */
export function waitingJobs(h: Harness, id: string): Promise<{ id: string; attempts: number | null; due_in_seconds: number }[]> {
  return h.db.query(
    `SELECT id, (data->>'attempts')::int AS attempts, EXTRACT(EPOCH FROM start_after - now())::float8 AS due_in_seconds
       FROM ${ORDERS_JOBS_SCHEMA}.job WHERE name = $1 AND data->>'emailId' = $2 AND state IN ('created', 'retry') ORDER BY created_on`,
    [EMAIL_QUEUE, id],
  );
}

export function backofficeIo(): BackofficeIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, env: {}, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

/** `npm run -s backoffice -- email ...` in this process, on the app's database and job runner. */
export async function emailCommand(h: Harness, command: Parameters<typeof runBackoffice>[0]): Promise<{ code: number; lines: string[]; errors: string[] }> {
  const io = backofficeIo();
  const code = await runBackoffice(command, h.db, createQuoteCommands(h.db), io, createEmailCommands(h.db, async () => h.outbox));
  return { code, lines: io.lines, errors: io.errors };
}

export async function listedDeadLetters(h: Harness): Promise<DeadLetterSummary[]> {
  const { code, lines } = await emailCommand(h, { command: 'email dead-letters', json: true });
  expect(code).toBe(0);
  return lines.map((line) => JSON.parse(line) as DeadLetterSummary);
}

export const run = promisify(execFile);
// the built back office, as `npm run backoffice` runs it (integration tests run after the build)
export const BACKOFFICE_CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'backoffice', 'cli.js');

