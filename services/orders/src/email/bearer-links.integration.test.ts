import request from 'supertest';
import { hashOrderToken, newOrderViewToken } from '../orders/order-token.js';
import { QuotesService } from '../quotes/quotes.service.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { order as sampleOrder } from '../testing/orders-test-app.js';
import { EmailOutbox } from './email-outbox.js';
import { QuoteEmails } from './quote-emails.js';
import { RetentionTasks } from './retention.js';

// Bearer links (order view, quote payment, password reset) in stored e-mail bodies, over real
// PostgreSQL: gone from the record once the e-mail is sent or dead-lettered.

let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsTestApp();
});

afterAll(async () => {
  await app?.close();
});

const TOKEN_IN_LINK = /token=[A-Za-z0-9_-]{43}/;

interface StoredBody {
  id: string;
  kind: string;
  status: string;
  html: string;
  text: string;
}

const bodiesOf = (where: string, value: string): Promise<StoredBody[]> =>
  app.db.query(`SELECT id, kind, status, html, text FROM orders.email_outbox WHERE ${where} = $1 ORDER BY kind`, [value]);

async function paidOrder(): Promise<{ id: string; orderIncrementId: string }> {
  const created = (await request(app.server).post('/api/order').set('X-Forwarded-For', app.nextAddress()).send(sampleOrder).expect(201)).body.data;
  await request(app.server)
    .post(`/internal/orders/${created.id}/payment-result`)
    .send({
      attemptId: crypto.randomUUID(),
      gateway: 'sandbox',
      method: 'credit-card',
      methodLabel: 'Credit Card',
      status: 'completed',
      amount: created.total,
      transactionId: `tx-${created.id}`,
      additionalData: {},
    })
    .expect(200);
  return created;
}

describe('stored e-mail bodies', () => {
  it("an order confirmation's view link and a quote's payment link are in the body while queued, and their tokens are gone once sent; the mail itself carried them", async () => {
    const order = await paidOrder();
    const quotes = app.app.get(QuotesService);
    const quote = await quotes.createQuote({
      firstName: 'Bea',
      lastName: 'Ray',
      email: `bea-${Date.now()}@example.com`,
      phone: '(212) 555-0100',
      addresses: [{ type: 'billing', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
      shippingMethod: 'freight',
      items: [{ name: 'Base cabinet', sku: 'B24', qty: 1, price: 1400 }],
    });
    const link = await app.db.transaction(async (manager) => {
      const issued = await quotes.issuePaymentLink(quote.id, { manager });
      await app.app.get(QuoteEmails).queueQuotePaymentLink(manager, quote.id, { paymentLink: `https://shop.example${issued.path}`, expiresAt: issued.expiresAt });
      return issued;
    });

    const queued = [...(await bodiesOf('order_id', order.id)).filter((row) => row.kind === 'order-confirmation'), ...(await bodiesOf('recipient', quote.email))];
    expect(queued.map((row) => [row.kind, row.status])).toEqual([
      ['order-confirmation', 'queued'],
      ['quote-payment-link', 'queued'],
    ]);
    for (const row of queued) expect(`${row.html}\n${row.text}`).toMatch(TOKEN_IN_LINK);

    await app.deliverEmails();

    const sent = [...(await bodiesOf('order_id', order.id)), ...(await bodiesOf('recipient', quote.email))];
    expect(sent.every((row) => row.status === 'sent')).toBe(true);
    for (const row of sent) {
      expect(row.html).not.toMatch(TOKEN_IN_LINK);
      expect(row.text).not.toMatch(TOKEN_IN_LINK);
    }
    expect(sent.map((row) => row.text).join('\n')).not.toContain(link.token);
    // the rest of the record stays: what was said, with the link's place marked
    const quoteMail = sent.find((row) => row.kind === 'quote-payment-link')!;
    expect(quoteMail.text).toContain('token=removed');
    expect(quoteMail.text).toContain('$1,400.00');
    // the mail that went out had the working link
    const delivered = (await app.mailbox()).find((message) => message.to === quote.email);
    expect(delivered?.text).toContain(link.token);
  });

  it('a dead letter loses its tokens as well', async () => {
    const outbox = app.app.get(EmailOutbox);
    const token = 'A'.repeat(40) + 'b-_';
    const dedupeKey = `form:dead-${Date.now()}:confirmation`;
    await app.db.transaction((manager) =>
      outbox.enqueue(manager, [
        {
          orderId: null,
          kind: 'form-confirmation',
          dedupeKey,
          recipient: 'nobody@example.com',
          cc: [],
          subject: 'A link',
          html: `<a href="https://shop.example/order/view/x?token=${token}">open</a>`,
          text: `open https://shop.example/order/view/x?token=${token}`,
        },
      ]),
    );
    const [row] = (await bodiesOf('dedupe_key', dedupeKey)) as [StoredBody];
    const outcome = await outbox.recordFailedAttempt({ id: row.id, kind: 'form-confirmation', dedupeKey }, 0, () => ({ deadLetter: 'Refused for good' }));
    expect(outcome.outcome).toBe('dead-letter');
    const [parked] = (await bodiesOf('dedupe_key', dedupeKey)) as [StoredBody];
    expect(parked.status).toBe('failed');
    expect(parked.html).toBe('<a href="https://shop.example/order/view/x?token=removed">open</a>');
    expect(parked.text).not.toContain(token);
  });
});

describe('retention (housekeeping)', () => {
  it('deletes sent and dead e-mails past EMAIL_OUTBOX_RETENTION_DAYS, old mailbox copies and expired view tokens; keeps the rest', async () => {
    const tag = `keep-${Date.now()}`;
    const insert = (suffix: string, status: string, daysAgo: number) =>
      app.db.query(
        `INSERT INTO orders.email_outbox (kind, dedupe_key, recipient, subject, html, text, status, created_at)
         VALUES ('form-confirmation', $1, 'r@example.com', $2, '', '', $3, now() - $4::integer * interval '1 day')`,
        [`form:${tag}-${suffix}:confirmation`, tag, status, daysAgo],
      );
    await insert('old-sent', 'sent', 181);
    await insert('old-dead', 'failed', 400);
    await insert('old-queued', 'queued', 400);
    await insert('new-sent', 'sent', 10);
    await app.db.query(`INSERT INTO orders.mailbox_message ("to", subject, html, text, sent_at) VALUES ('r@example.com', $1, '', '', now() - interval '8 days')`, [tag]);
    await app.db.query(`INSERT INTO orders.mailbox_message ("to", subject, html, text) VALUES ('r@example.com', $1, '', '')`, [tag]);

    const order = (await request(app.server).post('/api/order').set('X-Forwarded-For', app.nextAddress()).send(sampleOrder).expect(201)).body.data;
    const expired = await newOrderViewToken(app.db.manager, order.id, 1);
    const current = await newOrderViewToken(app.db.manager, order.id, 1);
    await app.db.query(`UPDATE orders.order_view_token SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [hashOrderToken(expired)]);

    const signal = new AbortController().signal;
    const counts = Object.fromEntries(await Promise.all(app.app.get(RetentionTasks).tasks().map(async (task) => [task.name, await task.run(signal)] as const)));
    expect(counts['email-outbox']).toBeGreaterThanOrEqual(2);
    expect(counts['mailbox-messages']).toBeGreaterThanOrEqual(1);
    expect(counts['order-view-tokens']).toBeGreaterThanOrEqual(1);

    const left = (await app.db.query(`SELECT dedupe_key FROM orders.email_outbox WHERE subject = $1 ORDER BY dedupe_key`, [tag])) as { dedupe_key: string }[];
    expect(left.map((row) => row.dedupe_key)).toEqual([`form:${tag}-new-sent:confirmation`, `form:${tag}-old-queued:confirmation`]);
    expect(await app.db.query(`SELECT count(*)::int AS n FROM orders.mailbox_message WHERE subject = $1`, [tag])).toEqual([{ n: 1 }]);
    const tokens = (await app.db.query(`SELECT token_hash FROM orders.order_view_token WHERE order_id = $1`, [order.id])) as { token_hash: string }[];
    expect(tokens.map((row) => row.token_hash)).toEqual([hashOrderToken(current)]);
  });
});
