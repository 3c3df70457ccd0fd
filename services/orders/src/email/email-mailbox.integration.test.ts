// Order e-mails without SMTP_URL: queued with the payment, delivered to the local mailbox, once each.
import request from 'supertest';
import { EMAIL_QUEUE, outboxMessageId } from './email-jobs.js';
import { SEND_EMAIL_MESSAGES, SendEmailService } from './send-email.service.js';
import { NOTIFICATIONS, ORDER_REQUEST, type Harness, startOrdersApp, placeOrder, markPaid, outboxRows, emailJobs, storedMessageId } from './testing/email-harness.js';

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
    await h.jobs.enqueueNow(EMAIL_QUEUE, { emailId: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts: 0 });
    expect(await h.jobs.runDue(EMAIL_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    const res = await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(200);
    expect(res.body.filter((message: { subject: string }) => message.subject === `Your order #${order.orderIncrementId} has been received`)).toHaveLength(1);
    expect((await outboxRows(h, order.id)).map((entry) => [entry.kind, entry.status, entry.attempts])).toEqual([
      ['order-confirmation', 'sent', 1],
      ['order-confirmation-admin', 'sent', 1],
    ]);
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
