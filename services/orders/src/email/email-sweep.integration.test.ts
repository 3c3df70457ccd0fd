// A queued e-mail whose delivery job ended without recording its attempt (the process died and the job
// expired; the database stayed away for the whole attempt) is taken up by the sweep: one retry schedule
// and one dead-letter list, the outbox's; pg-boss neither retries nor dead-letters an e-mail job.
import request from 'supertest';
import { EMAIL_QUEUE, EMAIL_SWEEP_QUEUE, ORDERS_JOBS_SCHEMA, outboxMessageId } from './email-jobs.js';
import { FAST_RETRIES, markPaid, placeOrder, retryRow, runUntil, startOrdersApp, storedMessageId, waitingJobs, type Harness } from './testing/email-harness.js';

describe('the e-mail sweep', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startOrdersApp(FAST_RETRIES);
  });

  afterAll(async () => {
    await h?.close();
  });

  /** Ends the row's current job as pg-boss ends one whose worker died: failed at its expiry, with its note. */
  async function jobDiedMidAttempt(outboxId: string): Promise<void> {
    await h.db.query(
      `UPDATE ${ORDERS_JOBS_SCHEMA}.job j SET state = 'failed', completed_on = now(), output = $2::jsonb
         FROM orders.email_outbox o WHERE o.id = $1 AND j.name = $3 AND j.id = o.job_id`,
      [outboxId, JSON.stringify({ value: { message: 'job failed by timeout in active state' } }), EMAIL_QUEUE],
    );
  }

  /** One tick of the sweep, as its cron schedule queues it. */
  async function sweepOnce(): Promise<void> {
    await h.jobs.enqueueNow(EMAIL_SWEEP_QUEUE, {});
    expect(await h.jobs.runDue(EMAIL_SWEEP_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
  }

  it('gives a row whose job died its next attempt on the row\'s schedule, with the job\'s error; then it is sent once, under its Message-ID', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    const { id } = await storedMessageId(h, order.id, 'order-confirmation');
    await jobDiedMidAttempt(id);

    await sweepOnce();
    const row = await retryRow(h, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, retry_count: 1, last_error: 'Not sent: its delivery job failed: job failed by timeout in active state' });
    expect(row.next_attempt_at).toBeInstanceOf(Date);
    const next = await waitingJobs(h, id);
    expect(next).toEqual([{ id: expect.any(String), attempts: 1, due_in_seconds: expect.any(Number) }]);
    expect(next[0]!.due_in_seconds).toBeGreaterThan(0);
    expect(next[0]!.due_in_seconds).toBeLessThanOrEqual(1.5);

    // a second tick finds the row's new job waiting: nothing more is queued
    await sweepOnce();
    expect(await waitingJobs(h, id)).toHaveLength(1);

    await runUntil(h, (total) => total.completed >= 2);
    expect(await retryRow(h, id)).toMatchObject({ status: 'sent', attempts: 2 });
    const mailbox = await request(h.testApp.server).get('/dev/mailbox/messages.json').expect(200);
    const confirmations = (mailbox.body as { subject: string; messageId: string }[]).filter((message) => message.subject === `Your order #${order.orderIncrementId} has been received`);
    expect(confirmations.map((message) => message.messageId)).toEqual([outboxMessageId(id, 'orders@heartwoodcabinetry.com')]);
  }, 20_000);

  it('gives a queued row with no job at all its next attempt', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    const { id } = await storedMessageId(h, order.id, 'order-confirmation-admin');
    await h.db.query(`DELETE FROM ${ORDERS_JOBS_SCHEMA}.job j USING orders.email_outbox o WHERE o.id = $1 AND j.name = $2 AND j.id = o.job_id`, [id, EMAIL_QUEUE]);

    await sweepOnce();
    expect(await retryRow(h, id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Not sent: its delivery job is gone' });
    expect(await waitingJobs(h, id)).toHaveLength(1);
  });

  it('parks a row whose job died after its retries were spent (EMAIL_RETRY_FOR_HOURS) as the one dead letter the back office lists', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    const { id } = await storedMessageId(h, order.id, 'order-confirmation');
    await h.db.query(`UPDATE orders.email_outbox SET retrying_since = now() - interval '73 hours', retry_count = 140 WHERE id = $1`, [id]);
    await jobDiedMidAttempt(id);

    await sweepOnce();
    const parked = await retryRow(h, id);
    expect(parked).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null, failed_at: expect.any(Date) });
    expect(parked.last_error).toBe('Still failing after 73 h of retries: Not sent: its delivery job failed: job failed by timeout in active state');
    expect(await waitingJobs(h, id)).toEqual([]);
    // pg-boss keeps no second list of it
    expect(await h.jobs.deadLetters()).toEqual([]);
  });

  it('leaves alone rows whose job is still waiting or running, and rows sent or parked', async () => {
    const order = await placeOrder(h);
    await markPaid(h, order.id);
    const before = await h.db.query(`SELECT id, attempts, job_id FROM orders.email_outbox WHERE order_id = $1 ORDER BY kind`, [order.id]);
    await sweepOnce();
    expect(await h.db.query(`SELECT id, attempts, job_id FROM orders.email_outbox WHERE order_id = $1 ORDER BY kind`, [order.id])).toEqual(before);
  });
});
