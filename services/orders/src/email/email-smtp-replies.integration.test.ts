// What SMTP answers decides what the outbox does: a 4xx is retried, a 5xx is a dead letter, an accepted message is recorded once.
import { freePort } from '@storefront/service-kit';
import { SMTPServer } from 'smtp-server';
import { EMAIL_QUEUE } from './email-jobs.js';
import { type Harness, startOrdersApp, runUntil, type ReceivedMail, startSmtpServer, closeSmtp, FAST_RETRIES, retryRow, waitingJobs, emailCommand, listedDeadLetters, run, BACKOFFICE_CLI } from './testing/email-harness.js';

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
