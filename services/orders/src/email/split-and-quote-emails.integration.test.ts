import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { runBackoffice, type BackofficeIo } from '../backoffice/backoffice.js';
import { createQuoteCommands } from '../backoffice/quote-commands.js';
import { SEND_NEEDS_SITE_URL } from '../quotes/index.js';
import { OrderPaymentEntity } from '../entities/index.js';
import { QuotesService } from '../quotes/index.js';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { OrderEmails } from './order-emails.js';
import { QuoteEmails } from './quote-emails.js';
import { SendEmailService } from './send-email.service.js';

const run = promisify(execFile);
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'backoffice', 'cli.js');
const EXAMPLE_QUOTE = path.resolve(__dirname, '..', '..', 'examples', 'quote.example.json');
const SITE = 'https://shop.example.com';

let app: OrdersTestApp;
let db: DataSource;
let orderEmails: OrderEmails;
let quoteEmails: QuoteEmails;
let quotes: QuotesService;

const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL, EMAIL_WORKER_ENABLED: process.env.EMAIL_WORKER_ENABLED };

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  process.env.PUBLIC_SITE_URL = `${SITE}/`;
  // the rows stay 'queued' for the assertions: nothing delivers them here
  process.env.EMAIL_WORKER_ENABLED = 'false';
  app = await startOrdersTestApp();
  db = app.db;
  orderEmails = app.app.get(OrderEmails);
  quoteEmails = app.app.get(QuoteEmails);
  quotes = app.app.get(QuotesService);
});

afterAll(async () => {
  await app?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

interface OutboxRow {
  order_id: string | null;
  kind: string;
  dedupe_key: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  job_id: string | null;
}

const outboxOf = (where: string, value: string): Promise<OutboxRow[]> =>
  db.query(`SELECT order_id, kind, dedupe_key, recipient, subject, html, text, job_id FROM orders.email_outbox WHERE ${where} = $1 ORDER BY created_at`, [value]);

/** A $10.83 order with split payment on (minimum $5.00), partly paid: what the payments code leaves behind. */
async function splitOrder(): Promise<{ id: string; orderIncrementId: string }> {
  const created = (await request(app.server).post('/api/order').send(order).expect(201)).body.data as { id: string; orderIncrementId: string; total: number };
  expect(created.total).toBe(1083);
  await db.query(`UPDATE orders.orders SET split_payment_enabled = true, minimum_split_amount_cents = 500, status = 'partially_paid' WHERE id = $1`, [created.id]);
  return created;
}

async function addPayment(orderId: string, cents: number, transactionId: string, additionalData: Record<string, unknown> = {}): Promise<string> {
  const saved = await db.getRepository(OrderPaymentEntity).save({
    order: { id: orderId },
    status: 'completed',
    amount: cents,
    amountPaid: cents,
    transactionId,
    method: 'credit-card',
    methodLabel: 'Credit Card',
    additionalData,
  });
  return saved.id;
}

const splitLink = (orderNumber: string) => `${SITE}/order/split-payment?orderId=${orderNumber}&email=ann%40example.com`;
/** a link as it appears in an HTML attribute */
const inHtml = (link: string) => link.replaceAll('&', '&amp;');

describe('split payment in the order e-mails', () => {
  it("the customer's confirmation shows total, paid, remaining, 'Split Payment' and the link to pay the rest", async () => {
    const created = await splitOrder();
    await addPayment(created.id, 500, 'tx-first', { last4: '4242' });
    await db.transaction((manager) => orderEmails.queueOrderConfirmation(manager, created.id));
    const [row] = await outboxOf('dedupe_key', `order-confirmation:${created.id}`);
    expect(row).toBeDefined();
    for (const part of [row!.text, row!.html]) {
      expect(part).toContain('$10.83');
      expect(part).toContain('Paid so far');
      expect(part).toContain('$5.00');
      expect(part).toContain('Remaining balance');
      expect(part).toContain('$5.83');
      expect(part).toContain('Split Payment');
    }
    expect(row!.text).toContain(`Pay the remaining balance: ${splitLink(created.orderIncrementId)}`);
    expect(row!.html).toContain(`href="${inHtml(splitLink(created.orderIncrementId))}"`);
  });
});

describe('OrderEmails.queueSplitPaymentConfirmation', () => {
  it('queues one e-mail per payment entry, however often it is reported, with the customer-notified history note', async () => {
    const created = await splitOrder();
    await addPayment(created.id, 500, 'tx-first');
    const second = await addPayment(created.id, 300, 'tx-second', { card: { last4: '1111' } });

    for (let i = 0; i < 2; i++) await db.transaction((manager) => orderEmails.queueSplitPaymentConfirmation(manager, created.id, second));

    const rows = await outboxOf('order_id', created.id);
    expect(rows).toHaveLength(1);
    const [row] = rows as [OutboxRow];
    expect(row).toMatchObject({
      kind: 'split-payment-confirmation',
      dedupe_key: `split-payment-confirmation:${created.id}:${second}`,
      recipient: 'ann@example.com',
      subject: `Payment received for order ${created.orderIncrementId}`,
      job_id: expect.any(String),
    });
    expect(row.text).toContain('Amount paid: $3.00');
    expect(row.text).toContain('Payment method: Credit Card (XXXX1111)');
    expect(row.text).toContain('Transaction ID: tx-second');
    expect(row.text).toContain('Order total: $10.83');
    expect(row.text).toContain('Paid so far: $8.00');
    expect(row.text).toContain('Remaining balance: $2.83');
    expect(row.text).toContain(`Pay the remaining balance: ${splitLink(created.orderIncrementId)}`);
    expect(row.html).toContain(inHtml(splitLink(created.orderIncrementId)));

    const history = await db.query(`SELECT status, comment, is_customer_notified FROM orders.order_status_history WHERE order_id = $1 AND comment LIKE 'Split payment confirmation%'`, [
      created.id,
    ]);
    expect(history).toEqual([{ status: 'partially_paid', comment: 'Split payment confirmation email has been sent to ann@example.com', is_customer_notified: true }]);
    const [{ email_sent }] = await db.query('SELECT email_sent FROM orders.orders WHERE id = $1', [created.id]);
    expect(email_sent).toBe(true);
  });

  it('the last instalment: no link, "Your order is paid in full."; a rolled-back transaction queues nothing', async () => {
    const created = await splitOrder();
    await addPayment(created.id, 500, 'tx-a');
    const last = await addPayment(created.id, 583, 'tx-b');

    await expect(
      db.transaction(async (manager) => {
        await orderEmails.queueSplitPaymentConfirmation(manager, created.id, last);
        throw new Error('the payment was not recorded after all');
      }),
    ).rejects.toThrow('not recorded');
    expect(await outboxOf('order_id', created.id)).toEqual([]);

    await db.query(`UPDATE orders.orders SET status = 'ordered' WHERE id = $1`, [created.id]);
    await db.transaction((manager) => orderEmails.queueSplitPaymentConfirmation(manager, created.id, last));
    const [row] = await outboxOf('order_id', created.id);
    expect(row!.text).toContain('Remaining balance: $0.00');
    expect(row!.text).toContain('Your order is paid in full.');
    expect(row!.text).not.toContain('/order/split-payment');
    expect(row!.html).not.toContain('Pay the remaining balance');
  });

  it('POST /api/email/send-email split-payment-confirmation: the latest instalment once; nothing without split payment or a completed instalment, answered alike', async () => {
    const sendEmail = async (body: object) => {
      const res = await request(app.server).post('/api/email/send-email').send(body).expect(202);
      await app.app.get(SendEmailService).idle();
      return res.body;
    };
    const created = await splitOrder();
    await addPayment(created.id, 500, 'tx-1');
    const body = { type: 'split-payment-confirmation', data: { orderId: created.orderIncrementId } };
    const first = await sendEmail(body);
    expect(await sendEmail(body)).toEqual(first);
    expect(await outboxOf('order_id', created.id)).toHaveLength(1);

    const plain = (await request(app.server).post('/api/order').send(order).expect(201)).body.data as { id: string };
    expect(await sendEmail({ type: 'split-payment-confirmation', data: { orderId: plain.id } })).toEqual(first);
    // split payment on, but nothing paid yet
    await db.query(`UPDATE orders.orders SET split_payment_enabled = true WHERE id = $1`, [plain.id]);
    expect(await sendEmail({ type: 'split-payment-confirmation', data: { orderId: plain.id } })).toEqual(first);
    expect(await outboxOf('order_id', plain.id)).toEqual([]);
  });
});

const quoteInput = {
  firstName: 'Bea',
  lastName: 'Cole',
  email: 'bea@example.com',
  addresses: [{ type: 'billing', street1: '1 Main St', city: 'Portland', state: 'OR', zipCode: '97201', countryId: 'US', phoneNumber: '(503) 555-0100' }],
  shippingMethod: 'freight',
  items: [{ name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 2, price: 278.99, notes: 'Left hinge' }],
  shippingAmount: 149.5,
};

describe('QuoteEmails.queueQuotePaymentLink', () => {
  it("e-mails the link to the quote's address with its items, total and expiry; once per link, a new link is a new e-mail", async () => {
    const quote = await quotes.createQuote(quoteInput);
    const send = () =>
      db.transaction(async (manager) => {
        const link = await quotes.issuePaymentLink(quote.id, { manager });
        await quoteEmails.queueQuotePaymentLink(manager, quote.id, { paymentLink: `${SITE}${link.path}`, expiresAt: link.expiresAt });
        return `${SITE}${link.path}`;
      });
    const first = await send();
    const again = await db.transaction((manager) => quoteEmails.queueQuotePaymentLink(manager, quote.id, { paymentLink: first, expiresAt: new Date() }));
    expect(again).toBe(false);

    const rows = await outboxOf('kind', 'quote-payment-link').then((all) => all.filter((row) => row.recipient === 'bea@example.com' && row.subject.includes(quote.quoteIncrementId)));
    expect(rows).toHaveLength(1);
    const [row] = rows as [OutboxRow];
    expect(row).toMatchObject({ order_id: null, subject: `Your quote ${quote.quoteIncrementId} is ready to pay`, job_id: expect.any(String) });
    expect(row.dedupe_key).toMatch(new RegExp(`^quote-payment-link:${quote.id}:[0-9a-f]{64}$`));
    expect(row.dedupe_key).not.toContain('token');
    expect(row.text).toContain(first);
    expect(row.html).toContain(`href="${inHtml(first)}"`);
    for (const part of [row.text, row.html]) {
      expect(part).toContain('SSW-B24');
      expect(part).toContain('Left hinge');
      expect(part).toContain('$557.98');
      expect(part).toContain('$707.48');
      expect(part).toContain('This link works until');
    }

    await send();
    const after = (await outboxOf('kind', 'quote-payment-link')).filter((r) => r.subject.includes(quote.quoteIncrementId));
    expect(after).toHaveLength(2);
  });
});

function io(env: Record<string, string | undefined>): BackofficeIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, env, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

describe('back office --send', () => {
  it('quote link --send: the link and its e-mail in one go; the printed JSON says emailQueued', async () => {
    const quote = await quotes.createQuote(quoteInput);
    const out = io({ PUBLIC_URL: 'https://www.heartwood.example/' });
    const commands = createQuoteCommands(db, async () => quoteEmails);
    expect(await runBackoffice({ command: 'quote link', quote: quote.quoteIncrementId, send: true }, db, commands, out)).toBe(0);
    const printed = JSON.parse(out.lines[0]!) as { token: string; emailQueued: boolean; paymentLink: string };
    expect(printed.emailQueued).toBe(true);
    expect(printed.paymentLink).toBe(`https://www.heartwood.example/quote/payment?quoteId=${quote.id}&token=${printed.token}`);
    const [row] = (await outboxOf('kind', 'quote-payment-link')).filter((r) => r.text.includes(printed.token));
    expect(row).toMatchObject({ recipient: 'bea@example.com' });
    expect(row!.text).toContain(printed.paymentLink);
  });

  it('a link that cannot be issued queues no e-mail (one transaction)', async () => {
    const out = io({ PUBLIC_URL: SITE });
    const before = (await outboxOf('kind', 'quote-payment-link')).length;
    expect(await runBackoffice({ command: 'quote link', quote: 'Q-999999999', send: true }, db, createQuoteCommands(db, async () => quoteEmails), out)).toBe(1);
    expect(out.errors).toEqual(['Quote not found.']);
    expect(await outboxOf('kind', 'quote-payment-link')).toHaveLength(before);
  });

  it('the built command: quote create --send queues the e-mail (row in email_outbox, the link in it); no site address is exit 2', async () => {
    const env = { ...process.env, PUBLIC_URL: 'https://shop.example' };
    const { stdout } = await run(process.execPath, [CLI, 'quote', 'create', '--file', EXAMPLE_QUOTE, '--send'], { env });
    const created = JSON.parse(stdout) as { quoteId: string; quoteIncrementId: string; token: string; emailQueued: boolean; paymentLink: string; paymentPath: string };
    expect(created.emailQueued).toBe(true);
    expect(created.paymentLink).toBe(`https://shop.example/quote/payment?quoteId=${created.quoteId}&token=${created.token}`);
    const rows = (await outboxOf('kind', 'quote-payment-link')).filter((r) => r.dedupe_key.startsWith(`quote-payment-link:${created.quoteId}:`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'ann@example.com', subject: `Your quote ${created.quoteIncrementId} is ready to pay`, job_id: expect.any(String) });
    expect(rows[0]!.text).toContain(created.paymentLink);
    expect(rows[0]!.html).toContain(inHtml(created.paymentLink));

    const bare = { ...process.env };
    delete bare.PUBLIC_URL;
    delete bare.PUBLIC_SITE_URL;
    const failure = await run(process.execPath, [CLI, 'quote', 'link', '--quote', created.quoteIncrementId, '--send'], { env: bare }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stdout: '' });
    // the refusal, then the audit's JSON line (as the service logs it)
    const [refusal, audit, ...rest] = failure!.stderr.trimEnd().split('\n');
    expect(refusal).toBe(SEND_NEEDS_SITE_URL);
    expect(JSON.parse(audit!)).toMatchObject({ event: 'admin.audit', action: 'quote.link', target: created.quoteIncrementId, outcome: 'refused' });
    expect(rest).toEqual([]);
  });
});
