import { Logger } from '@nestjs/common';
import type { JobContext, JobRunner } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import { readEmailConfig } from './email-config.js';
import { EmailDelivery } from './email-delivery.js';
import { outboxMessageId, type EmailJob, type OrdersJobs } from './email-jobs.js';
import type { EmailOutbox, FailedAttempt, OutboxEmail, RetryDecision } from './email-outbox.js';
import type { EmailSettings } from './email-settings.js';
import type { MailTransport, OutgoingEmail } from './mail-transport.js';

const ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const FROM = 'orders@heartwood.example';
const HOUR = 3_600_000;

const row = (fields: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id: ID,
  orderId: null,
  kind: 'form-confirmation',
  dedupeKey: 'form:1:confirmation',
  recipient: 'ann@example.com',
  cc: [],
  subject: 'Thank you',
  html: '<p>Thank you</p>',
  text: 'Thank you',
  status: 'queued',
  attempts: 0,
  messageId: null,
  ...fields,
});

const job = (attempts = 0): EmailJob => ({ emailId: ID, kind: 'form-confirmation', dedupeKey: 'form:1:confirmation', attempts });
const context = (): JobContext => ({ id: 'job-1', queue: 'email', attempt: 1, retryLimit: 0, final: true, signal: new AbortController().signal });

function smtpError(message: string, responseCode?: number): Error {
  return Object.assign(new Error(message), responseCode ? { responseCode, permanent: responseCode >= 500 && responseCode !== 503 } : { code: 'ESOCKET' });
}

/**
 * The delivery with its outbox, settings and transport faked: what it sends, and what it asks the
 * outbox to record (each retry decision taken for the row's budget in `budget`).
 */
function delivery(options: { email?: OutboxEmail; sendError?: Error; budget?: { retry: number; elapsedMs: number }; recordError?: Error; lostJobs?: string[] }) {
  const sent: OutgoingEmail[] = [];
  const decisions: RetryDecision[] = [];
  const fixed: string[] = [];
  const outbox = {
    find: async () => options.email ?? row(),
    fixMessageId: async (_id: string, candidate: string) => {
      fixed.push(candidate);
      return candidate;
    },
    recordFailedAttempt: async (_email: unknown, _expected: number, decide: (budget: { retry: number; elapsedMs: number }) => RetryDecision): Promise<FailedAttempt> => {
      if (options.recordError) throw options.recordError;
      return outcomeOf(decide(options.budget ?? { retry: 1, elapsedMs: 0 }));
    },
    redriveLostJobs: async (decide: (budget: { retry: number; elapsedMs: number; jobError: string }) => RetryDecision) =>
      (options.lostJobs ?? []).map((jobError) => ({ id: ID, ...outcomeOf(decide({ ...(options.budget ?? { retry: 1, elapsedMs: 0 }), jobError })) })),
  } as unknown as EmailOutbox;
  function outcomeOf(decision: RetryDecision): FailedAttempt {
    decisions.push(decision);
    return 'deadLetter' in decision ? { outcome: 'dead-letter', attempts: 1 } : { outcome: 'retry', attempts: 1, retryInSeconds: decision.retryInSeconds, jobId: 'job-2' };
  }
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (email) => {
      sent.push(email);
      if (options.sendError) throw options.sendError;
    },
    close: async () => undefined,
  };
  const settings = { notifications: async () => ({ fromAddress: FROM, fromName: 'Heartwood', adminEmails: [] }) } as unknown as EmailSettings;
  const subject = new EmailDelivery(readEmailConfig({}), transport, outbox, settings, {} as JobRunner<OrdersJobs>, {} as DataSource);
  return { subject, sent, decisions, fixed };
}

beforeAll(() => {
  // the delivery logs every failure; the assertions here are on what it records
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
});

describe('EmailDelivery: a failed send', () => {
  it('a transient failure is retried after a wait within the first ceiling (30 s)', async () => {
    const { subject, decisions, sent } = delivery({ sendError: smtpError('connect ECONNREFUSED 127.0.0.1:1') });
    await subject.deliver(job(), context());
    expect(sent).toHaveLength(1);
    expect(decisions).toEqual([{ retryInSeconds: expect.any(Number), error: 'connect ECONNREFUSED 127.0.0.1:1' }]);
    const [decision] = decisions as { retryInSeconds: number }[];
    expect(decision!.retryInSeconds).toBeGreaterThanOrEqual(1);
    expect(decision!.retryInSeconds).toBeLessThanOrEqual(30);
  });

  it('a 5xx reply is a dead letter at once, with the reply as its reason', async () => {
    const { subject, decisions } = delivery({ sendError: smtpError('Message failed: 550 5.1.1 User unknown', 550) });
    await subject.deliver(job(), context());
    expect(decisions).toEqual([{ deadLetter: 'Refused for good, not retried: Message failed: 550 5.1.1 User unknown' }]);
  });

  it('a 4xx reply after EMAIL_RETRY_FOR_HOURS is a dead letter; just before, the last wait ends on the deadline', async () => {
    const late = delivery({ sendError: smtpError('451 4.7.1 Try again later', 451), budget: { retry: 140, elapsedMs: 73 * HOUR } });
    await late.subject.deliver(job(), context());
    expect(late.decisions).toEqual([{ deadLetter: 'Still failing after 73 h of retries: 451 4.7.1 Try again later' }]);

    const almost = delivery({ sendError: smtpError('451 4.7.1 Try again later', 451), budget: { retry: 140, elapsedMs: 72 * HOUR - 5000 } });
    await almost.subject.deliver(job(), context());
    expect((almost.decisions[0] as { retryInSeconds: number }).retryInSeconds).toBeLessThanOrEqual(5);
  });

  it('an attempt that cannot be recorded throws, so its job fails (the sweep takes the row up)', async () => {
    const recordError = new Error('connection terminated');
    const broken = delivery({ email: row({ attempts: 3 }), sendError: smtpError('connect ECONNREFUSED 127.0.0.1:1'), recordError });
    await expect(broken.subject.deliver(job(3), context())).rejects.toThrow('connect ECONNREFUSED 127.0.0.1:1 (and the attempt could not be recorded: connection terminated)');
  });
});

describe('EmailDelivery: the sweep of rows whose job failed without recording an attempt', () => {
  it('gives each its next attempt on the same schedule as a failed send, with the job\'s error', async () => {
    const { subject, decisions, sent } = delivery({ lostJobs: ['its delivery job failed: job failed by timeout in active state'] });
    expect(await subject.sweep()).toEqual([{ id: ID, outcome: 'retry', attempts: 1, retryInSeconds: expect.any(Number), jobId: 'job-2' }]);
    expect(decisions).toEqual([{ retryInSeconds: expect.any(Number), error: 'Not sent: its delivery job failed: job failed by timeout in active state' }]);
    expect((decisions[0] as { retryInSeconds: number }).retryInSeconds).toBeLessThanOrEqual(30);
    expect(sent).toEqual([]);
  });

  it('parks one whose retries are spent (EMAIL_RETRY_FOR_HOURS) as a dead letter', async () => {
    const { subject, decisions } = delivery({ lostJobs: ['its delivery job is gone'], budget: { retry: 140, elapsedMs: 73 * HOUR } });
    expect(await subject.sweep()).toEqual([{ id: ID, outcome: 'dead-letter', attempts: 1 }]);
    expect(decisions).toEqual([{ deadLetter: 'Still failing after 73 h of retries: Not sent: its delivery job is gone' }]);
  });
});

describe('EmailDelivery: which job sends, under which Message-ID', () => {
  it('a job queued before the row last moved sends nothing', async () => {
    const stale = delivery({ email: row({ attempts: 2 }) });
    await stale.subject.deliver(job(1), context());
    expect(stale.sent).toEqual([]);

    // sent, then recordSent (no database here) is tried again until the attempt's time is up
    const current = delivery({ email: row({ status: 'failed', attempts: 1 }) });
    const attempt = new AbortController();
    const running = current.subject.deliver(job(1), { ...context(), signal: attempt.signal });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(current.sent).toHaveLength(1);
    attempt.abort();
    await expect(running).rejects.toThrow();
    expect(current.sent).toHaveLength(1);
  });

  it('stores <outbox-{id}@{From domain}> before the first attempt; a stored one is used as it is', async () => {
    const first = delivery({ sendError: smtpError('connect ECONNREFUSED 127.0.0.1:1') });
    await first.subject.deliver(job(), context());
    expect(first.fixed).toEqual([outboxMessageId(ID, FROM)]);
    expect(first.sent[0]?.messageId).toBe(`<outbox-${ID}@heartwood.example>`);

    const stored = delivery({ email: row({ attempts: 5, messageId: '<outbox-x@heartwood.example>' }), sendError: smtpError('connect ECONNREFUSED 127.0.0.1:1') });
    await stored.subject.deliver(job(5), context());
    expect(stored.fixed).toEqual([]);
    expect(stored.sent[0]?.messageId).toBe('<outbox-x@heartwood.example>');
  });
});
