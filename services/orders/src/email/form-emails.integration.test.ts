import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MailboxMessage } from '@storefront/contracts';
import { JobRunner, createTestApp, signInternalRequest, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule, ORDERS_BODY_LIMIT } from '../app.module.js';
import { EMAIL_QUEUE } from './email-jobs.js';

/**
 * The orders side of form e-mails at its HTTP boundary: POST /internal/email/queue -> outbox row and
 * its job -> job runner -> local mailbox (no SMTP_URL), over real HTTP and PostgreSQL. The forms side (the job that
 * calls this) is tested in services/forms; e2e/tests/form-notifications.spec.ts runs both.
 */

const FORMS_SECRET = 'forms-internal-secret-for-tests-0123456789';

/** POST /internal/email/queue as the forms service sends it: signed with its own secret over the exact body. */
function queueAsForms(body: unknown, secret = FORMS_SECRET) {
  const json = JSON.stringify(body);
  return request(testApp.server)
    .post('/internal/email/queue')
    .set({ ...signInternalRequest({ caller: 'forms', secret, method: 'POST', url: '/internal/email/queue', body: json }), 'Content-Type': 'application/json' })
    .send(json);
}
const submissionId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

const emails = [
  {
    kind: 'form-confirmation',
    dedupeKey: `form:${submissionId}:confirmation`,
    recipient: 'ann.form-emails@example.com',
    cc: [],
    subject: 'We have received your message',
    html: '<p>Thank you, Ann &lt;3</p>',
    text: 'Thank you, Ann <3',
  },
  {
    kind: 'form-staff-notification',
    dedupeKey: `form:${submissionId}:staff`,
    recipient: 'hello@heartwood.test',
    cc: ['design@heartwood.test'],
    subject: 'New Contact Us submission',
    html: '<p>New message</p>',
    text: 'New message',
  },
];

let contentDir: string;
let testApp: TestApp;
let db: DataSource;
const saved: Record<string, string | undefined> = {};

function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in saved)) saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'orders-form-emails-'));
  await mkdir(path.join(contentDir, 'settings'));
  await writeFile(
    path.join(contentDir, 'settings', 'notifications.json'),
    JSON.stringify({ adminEmails: ['orders@heartwood.test'], fromAddress: 'orders@heartwood.test', fromName: 'Heartwood Cabinetry' }),
  );
  setEnv({ CONTENT_DIR: contentDir, SMTP_URL: undefined, EMAIL_WORKER_ENABLED: 'false', FORMS_INTERNAL_SECRET: FORMS_SECRET });
  testApp = await createTestApp(AppModule, { name: 'orders', bodyLimit: ORDERS_BODY_LIMIT });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  setEnv(saved);
  await rm(contentDir, { recursive: true, force: true });
});

// Other suites share the database and its mailbox: this one's recipients are its own.
async function mailboxFor(recipients: string[]): Promise<MailboxMessage[]> {
  const res = await request(testApp.server).get('/dev/mailbox/messages.json').expect(200);
  return (res.body as MailboxMessage[]).filter((message) => recipients.includes(message.to));
}

describe('POST /internal/email/queue', () => {
  it("refuses a call not signed with forms' secret", async () => {
    const res = await request(testApp.server).post('/internal/email/queue').send({ emails }).expect(401);
    expect(res.body.message).toBe('This internal call is not signed by a service allowed to make it.');
    await request(testApp.server).post('/internal/email/queue').set('X-Internal-Token', FORMS_SECRET).send({ emails }).expect(401);
    await queueAsForms({ emails }, 'another-secret-0123456789abcdefghijklmn').expect(401);
  });

  it('answers 400 with the problem for an e-mail that is not a form e-mail, and queues nothing', async () => {
    const res = await queueAsForms({ emails: [{ ...emails[0], recipient: 'ann.form-emails@example.com\r\nBcc: eve@example.com' }] }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'emails[0]: recipient must be an e-mail address' });
    // this suite's own submission only: other suites share the database and queue form e-mails of their own
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM orders.email_outbox WHERE dedupe_key LIKE $1`, [`form:${submissionId}:%`]);
    expect(n).toBe(0);
  });

  it('queues the e-mails once; the worker delivers them to the local mailbox; a retried job sends nothing twice', async () => {
    const first = await queueAsForms({ emails }).expect(200);
    expect(first.body).toEqual({ queued: emails.map((email) => email.dedupeKey), alreadyQueued: [] });

    // the forms job lost the answer and runs again: nothing new
    const retried = await queueAsForms({ emails }).expect(200);
    expect(retried.body).toEqual({ queued: [], alreadyQueued: emails.map((email) => email.dedupeKey) });

    const rows = await db.query(`SELECT kind, order_id, recipient, cc, status FROM orders.email_outbox WHERE dedupe_key LIKE $1 ORDER BY kind`, [
      `form:${submissionId}:%`,
    ]);
    expect(rows).toEqual([
      { kind: 'form-confirmation', order_id: null, recipient: 'ann.form-emails@example.com', cc: [], status: 'queued' },
      { kind: 'form-staff-notification', order_id: null, recipient: 'hello@heartwood.test', cc: ['design@heartwood.test'], status: 'queued' },
    ]);

    await testApp.app.get(JobRunner).runDue(EMAIL_QUEUE);
    const delivered = await mailboxFor(['ann.form-emails@example.com', 'hello@heartwood.test']);
    expect(delivered.map(({ to, cc, subject, text }) => ({ to, cc, subject, text })).sort((a, b) => a.to.localeCompare(b.to))).toEqual([
      { to: 'ann.form-emails@example.com', cc: [], subject: 'We have received your message', text: 'Thank you, Ann <3' },
      { to: 'hello@heartwood.test', cc: ['design@heartwood.test'], subject: 'New Contact Us submission', text: 'New message' },
    ]);

    // a retry after delivery queues nothing and sends nothing
    await queueAsForms({ emails }).expect(200);
    await testApp.app.get(JobRunner).runDue(EMAIL_QUEUE);
    expect(await mailboxFor(['ann.form-emails@example.com', 'hello@heartwood.test'])).toHaveLength(2);
  });
});
