import { deadLetterSummarySchema } from '@storefront/contracts';
import { deadLetterSummary, errorSummary, jobDataSummary } from './dead-letter-summary.js';

const SUBMISSION = '3a195f0f-9ca2-4d80-b183-4cc6dde19164';

describe('what a dead letter shows of its job', () => {
  it("keeps a form e-mail job's keys and its submission id, never the answers, the e-mail address or the trace", () => {
    const notification = {
      formName: 'contact',
      formTitle: 'Contact Us',
      submissionId: SUBMISSION,
      kind: 'form',
      submitterEmail: 'ann@example.com',
      submitterName: 'Ann Lee',
      fields: [{ label: 'Message', value: 'Call me on 555 0148' }],
      _trace: { requestId: 'req-1', traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    };
    const summary = jobDataSummary(notification);
    expect(summary).toEqual({ keys: ['fields', 'formName', 'formTitle', 'kind', 'submissionId', 'submitterEmail', 'submitterName'], ids: { submissionId: SUBMISSION } });
    const text = JSON.stringify(summary);
    for (const secret of ['ann@example.com', 'Ann Lee', '555 0148', 'req-1', 'Contact Us']) expect(text).not.toContain(secret);
  });

  it('takes ids named id, …Id or …_id that read as ids: uuids, short tokens, whole numbers', () => {
    expect(jobDataSummary({ id: 7, outboxId: SUBMISSION, attempt_id: 'pi_3Nabc-01', kind: 'order-confirmation', dedupeKey: `order:${SUBMISSION}` })).toEqual({
      keys: ['attempt_id', 'dedupeKey', 'id', 'kind', 'outboxId'],
      ids: { id: '7', outboxId: SUBMISSION, attempt_id: 'pi_3Nabc-01' },
    });
  });

  it('leaves out an id-named value that is no id (text with spaces, an address, an object), and keys that name a credential', () => {
    expect(jobDataSummary({ orderId: 'ann@example.com', customerId: 'not an id', cartId: { id: SUBMISSION }, tokenId: SUBMISSION, apiKeyId: SUBMISSION, resetTokenHashId: 'abc', longId: 'x'.repeat(101) }).ids).toEqual({});
  });

  it('a job without an object (none, a list, text) has no keys', () => {
    for (const data of [null, undefined, [1, 2], 'text', 42]) expect(jobDataSummary(data)).toEqual({ keys: [], ids: {} });
  });

  it('cuts an error message to 500 characters, with an ellipsis, and keeps a shorter one whole', () => {
    expect(errorSummary(null)).toBeNull();
    expect(errorSummary('orders answered 503')).toBe('orders answered 503');
    const cut = errorSummary('é'.repeat(600))!;
    expect([...cut]).toHaveLength(500);
    expect(cut.endsWith('é…')).toBe(true);
    expect(errorSummary('x'.repeat(500))).toBe('x'.repeat(500));
  });

  it('answers what the route table says a dead letter is', () => {
    const summary = deadLetterSummary({
      id: SUBMISSION,
      queue: 'form-notification',
      deadLetterQueue: 'form-notification.dead-letter',
      data: { submissionId: SUBMISSION, submitterEmail: 'ann@example.com' },
      error: 'x'.repeat(2000),
      deadLetteredAt: new Date('2026-03-01T10:00:00.123Z'),
      attempts: 15,
    });
    expect(summary).toMatchObject({ id: SUBMISSION, queue: 'form-notification', failedAt: '2026-03-01T10:00:00.123Z', attempts: 15, data: { keys: ['submissionId', 'submitterEmail'], ids: { submissionId: SUBMISSION } } });
    expect(summary.error).toHaveLength(500);
    expect(deadLetterSummarySchema.validateSync(summary, { strict: true })).toEqual(summary);
  });
});
