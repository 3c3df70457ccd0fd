// Order e-mails through SMTP: kept queued while it is down, retried on the outbox's schedule, parked when the time is up.
import { freePort } from '@storefront/service-kit';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { EMAIL_QUEUE, outboxMessageId } from './email-jobs.js';
import { NOTIFICATIONS, type Harness, startOrdersApp, placeOrder, markPaid, outboxRows, storedMessageId, runUntil, type ReceivedMail, startSmtpServer, closeSmtp, FAST_RETRIES, retryRow, waitingJobs, emailCommand, listedDeadLetters } from './testing/email-harness.js';

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
