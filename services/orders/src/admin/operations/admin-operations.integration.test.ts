import { randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ADMIN_OPERATIONS_MESSAGES,
  DEAD_LETTER_MESSAGES,
  adminApi,
  adminDeadLettersResponseSchema,
  adminEmailResendResponseSchema,
  adminJobRetryResponseSchema,
  apiUrl,
  type AdminDeadLettersResponse,
} from '@storefront/contracts';
import { JobRunner, freePort, signInternalRequest } from '@storefront/service-kit';
import request from 'supertest';
import { EMAIL_QUEUE } from '../../email/index.js';
import { startFormsService, type FormsService } from '../../testing/forms-service.js';
import { useOwnDatabase, type OwnDatabase } from '../../testing/own-database.js';
import { startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey } from '../api-keys/api-keys.js';

// The back office's operations over HTTP on real PostgreSQL: an e-mail parked by the outbox (queued
// through its intake, then SMTP down past EMAIL_RETRY_FOR_HOURS, as the outbox's own tests park one) and a dead letter of the REAL
// forms service's job runner (its built process, whose hand-over to a missing orders fails for good)
// listed together through the orders service's admin route; each sent back (audited), a second try
// 404; payments down is one source marked unavailable, and so is forms once it is stopped.

const ORDERS_SECRET = randomBytes(32).toString('hex');
const FORMS_SECRET = randomBytes(32).toString('hex');
const CONTACT = 'ops-contact';
const contact = {
  name: CONTACT,
  title: 'Talk to Us',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true },
  ],
  buttons: { submit: 'Send' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact-confirmation' },
};

let forms: FormsService;
// this suite's own: the other suites of the workspace share theirs (their e-mail queue, the per-address limits)
let database: OwnDatabase;
let app: OrdersTestApp;
let jobs: JobRunner;
let manager: string;
let managerName: string;
let sales: string;
let lastAddress = 0;
const saved = { ...process.env };

const as = (key: string) => {
  const address = `203.0.113.${(++lastAddress % 250) + 1}`;
  const set = <T extends request.Test>(test: T) => test.set('Authorization', `Bearer ${key}`).set('X-Forwarded-For', address);
  return {
    get: (url: string) => set(request(app.server).get(url)),
    post: (url: string) => set(request(app.server).post(url)),
  };
};

async function deadLetters(): Promise<AdminDeadLettersResponse> {
  const res = await as(manager).get(apiUrl(adminApi.deadLetters)).expect(200);
  expect(adminDeadLettersResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
  return res.body as AdminDeadLettersResponse;
}

/** The audit rows of one target, oldest first. */
function auditOf(target: string): Promise<{ actor: string; action: string; outcome: string; detail: string | null; after: unknown }[]> {
  return app.db.query(`SELECT actor, action, outcome, detail, after FROM orders.admin_audit WHERE target = $1 ORDER BY id`, [target]);
}

/** The settings this file changes, restored after it. */
const SETTINGS = [
  'TRUST_PROXY',
  'ORDERS_INTERNAL_SECRET',
  'FORMS_INTERNAL_SECRET',
  'FORMS_SERVICE_URL',
  'PAYMENTS_SERVICE_URL',
  'SMTP_URL',
  'EMAIL_WORKER_ENABLED',
  'EMAIL_RETRY_DELAY_SECONDS',
  'EMAIL_RETRY_MAX_DELAY_SECONDS',
  'CIRCUIT_MIN_CALLS',
];

/** Runs the e-mail queue's due jobs until `count` attempts were made (a retry waits its second). */
async function runEmailJobs(count: number): Promise<void> {
  let done = 0;
  for (const until = Date.now() + 15_000; done < count && Date.now() < until; ) {
    done += (await jobs.runDue(EMAIL_QUEUE)).completed;
    if (done < count) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(done).toBe(count);
}

/**
 * A form's two e-mails through the outbox's intake (POST /internal/email/queue, signed as forms), then
 * parked as the outbox's own tests park one: SMTP is down, and still down when the retry window
 * (EMAIL_RETRY_FOR_HOURS) is up. Answers the two rows' ids.
 */
async function parkFormEmails(): Promise<{ confirmation: string; staff: string }> {
  const submissionId = randomUUID();
  const body = JSON.stringify({
    emails: [
      { kind: 'form-confirmation', dedupeKey: `form:${submissionId}:confirmation`, recipient: 'di@example.com', subject: 'Thanks for your message', html: '<p>Thanks</p>', text: 'Thanks' },
      { kind: 'form-staff-notification', dedupeKey: `form:${submissionId}:staff`, recipient: 'sales@heartwood.example', subject: 'New message from Di', html: '<p>Di</p>', text: 'Di' },
    ],
  });
  const url = '/internal/email/queue';
  await request(app.server)
    .post(url)
    .set('Content-Type', 'application/json')
    .set(signInternalRequest({ caller: 'forms', secret: FORMS_SECRET, method: 'POST', url, body }))
    .send(body)
    .expect(200);
  await runEmailJobs(2);
  await app.db.query(`UPDATE orders.email_outbox SET retrying_since = retrying_since - interval '73 hours' WHERE dedupe_key LIKE $1`, [`form:${submissionId}:%`]);
  await runEmailJobs(2);
  const rows = (await app.db.query(`SELECT id, kind, status FROM orders.email_outbox WHERE dedupe_key LIKE $1`, [`form:${submissionId}:%`])) as { id: string; kind: string; status: string }[];
  expect(rows.map((row) => row.status)).toEqual(['failed', 'failed']);
  return { confirmation: rows.find((row) => row.kind === 'form-confirmation')!.id, staff: rows.find((row) => row.kind === 'form-staff-notification')!.id };
}

let parkedId: string;
let otherParkedId: string;

beforeAll(async () => {
  // nothing listens on these: no SMTP server, no payments service, no orders for forms to hand e-mails to
  const [smtpPort, paymentsPort, ordersPort] = [await freePort(), await freePort(), await freePort()];
  forms = await startFormsService({
    forms: [contact],
    siteFiles: ['settings/notifications.json', 'site/site.json'],
    env: {
      ORDERS_INTERNAL_SECRET: ORDERS_SECRET,
      ORDERS_SERVICE_URL: `http://127.0.0.1:${ordersPort}`,
      // the hand-over fails once and is a dead letter at once, picked up promptly
      FORM_EMAIL_RETRY_LIMIT: '0',
      FORM_EMAIL_POLL_INTERVAL_MS: '100',
      FORM_EMAIL_REQUEST_TIMEOUT_MS: '2000',
    },
  });
  Object.assign(process.env, {
    TRUST_PROXY: 'loopback',
    ORDERS_INTERNAL_SECRET: ORDERS_SECRET,
    FORMS_INTERNAL_SECRET: FORMS_SECRET,
    FORMS_SERVICE_URL: forms.url,
    PAYMENTS_SERVICE_URL: `http://127.0.0.1:${paymentsPort}`,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // this file runs the e-mail queue itself; each retry waits a second
    EMAIL_WORKER_ENABLED: 'false',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    EMAIL_RETRY_MAX_DELAY_SECONDS: '1',
    // SMTP's breaker stays closed (as in the outbox's SMTP tests): every attempt reaches the refused port
    CIRCUIT_MIN_CALLS: '100000',
  });
  database = await useOwnDatabase('orders_operations');
  app = await startOrdersTestApp({ logLevels: ['error'] });
  jobs = app.app.get(JobRunner);
  // the From of the e-mails (read when the first is delivered)
  await writeFile(
    path.join(process.env.CONTENT_DIR!, 'settings', 'notifications.json'),
    JSON.stringify({ adminEmails: ['orders@heartwood.example'], fromAddress: 'orders@heartwood.example', fromName: 'Heartwood Cabinetry' }),
  );
  managerName = `operations-tests-manager-${Date.now()}`;
  manager = (await createApiKey(app.db, managerName, 'manager')).key;
  sales = (await createApiKey(app.db, `operations-tests-sales-${Date.now()}`, 'sales')).key;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await forms?.close();
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the dead letters of every source, on one page', () => {
  it('lists an e-mail the outbox parked beside a dead letter of the forms job runner; payments, down, is marked unavailable', async () => {
    ({ confirmation: parkedId, staff: otherParkedId } = await parkFormEmails());
    const [row] = (await app.db.query(`SELECT failed_at FROM orders.email_outbox WHERE id = $1`, [parkedId])) as { failed_at: Date }[];

    // a visitor's message through the forms service's public route: its e-mails' hand-over fails for good
    await request(forms.url)
      .post(`/api/forms/${CONTACT}`)
      .send({ name: CONTACT, formData: { firstName: 'Di', email: 'di@example.com', message: 'Call me back.' }, emailNotifications: { sendSuccessEmail: true } })
      .expect(201);
    let listed = await deadLetters();
    for (const until = Date.now() + 20_000; listed.jobs.forms.deadLetters.length === 0 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      listed = await deadLetters();
    }

    expect(listed.emails.unavailable).toBe(false);
    expect(listed.emails.message).toBeNull();
    expect(listed.emails.deadLetters.find((letter) => letter.id === parkedId)).toEqual({
      id: parkedId,
      kind: 'form-confirmation',
      recipient: 'di@example.com',
      subject: 'Thanks for your message',
      attempts: 2,
      lastError: expect.stringMatching(/^Still failing after 73 h of retries: .*(ECONNREFUSED|connect)/i),
      failedAt: row!.failed_at.toISOString(),
    });
    expect(listed.jobs.forms).toEqual({
      unavailable: false,
      message: null,
      deadLetters: [{ service: 'forms', id: expect.stringMatching(/^[0-9a-f-]{36}$/), queue: 'form-notification', failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), attempts: 1, error: expect.any(String) }],
    });
    // what the job carried (the visitor's answers) stays in the forms service
    expect(JSON.stringify(listed.jobs)).not.toMatch(/di@example\.com|Call me back/);
    expect(listed.jobs.orders).toEqual({ unavailable: false, message: null, deadLetters: [] });
    expect(listed.jobs.payments).toEqual({ unavailable: true, message: ADMIN_OPERATIONS_MESSAGES.sourceUnavailable('payments'), deadLetters: [] });
  }, 60_000);

  it('is for managers: sales are refused 403, reading and writing', async () => {
    await as(sales).get(apiUrl(adminApi.deadLetters)).expect(403);
    await as(sales).post(apiUrl(adminApi.resendEmailDeadLetter, { params: { id: parkedId } })).expect(403);
    await as(sales).post(apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'forms', id: randomUUID() } })).expect(403);
    expect((await app.db.query(`SELECT status FROM orders.email_outbox WHERE id = $1`, [parkedId]))[0]).toEqual({ status: 'failed' });
  });
});

describe('sending a dead letter back', () => {
  it('queues a parked e-mail again with fresh retries, audited with who did it; a second resend is 404', async () => {
    const url = apiUrl(adminApi.resendEmailDeadLetter, { params: { id: parkedId } });
    const res = await as(manager).post(url).expect(200);
    expect(adminEmailResendResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    expect(res.body).toEqual({ id: parkedId, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await app.db.query(`SELECT status, attempts, retry_count, failed_at FROM orders.email_outbox WHERE id = $1`, [parkedId]))[0]).toEqual({ status: 'queued', attempts: 2, retry_count: 0, failed_at: null });
    expect((await deadLetters()).emails.deadLetters.map((letter) => letter.id)).not.toContain(parkedId);

    const again = await as(manager).post(url).expect(404);
    expect(again.body).toMatchObject({ statusCode: 404, message: ADMIN_OPERATIONS_MESSAGES.emailNotDeadLetter });
    await as(manager).post(apiUrl(adminApi.resendEmailDeadLetter, { params: { id: 'not-an-id' } })).expect(404);
    expect(await auditOf(parkedId)).toEqual([
      { actor: managerName, action: 'email.resend', outcome: 'succeeded', detail: null, after: { status: 'queued', jobId: res.body.jobId } },
      { actor: managerName, action: 'email.resend', outcome: 'refused', detail: ADMIN_OPERATIONS_MESSAGES.emailNotDeadLetter, after: null },
    ]);
  });

  it("sends the forms job runner's dead letter back to its queue as a new job, audited; a second retry is 404", async () => {
    const [letter] = (await deadLetters()).jobs.forms.deadLetters;
    const url = apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'forms', id: letter!.id } });
    const res = await as(manager).post(url).expect(200);
    expect(adminJobRetryResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    expect(res.body).toEqual({ service: 'forms', id: letter!.id, queue: 'form-notification', newJobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await deadLetters()).jobs.forms.deadLetters.map((entry) => entry.id)).not.toContain(letter!.id);

    const again = await as(manager).post(url).expect(404);
    expect(again.body).toMatchObject({ statusCode: 404, message: DEAD_LETTER_MESSAGES.notFound });
    expect(await auditOf(`forms:${letter!.id}`)).toEqual([
      { actor: managerName, action: 'job.retry', outcome: 'succeeded', detail: null, after: { service: 'forms', queue: 'form-notification', newJobId: res.body.newJobId } },
      { actor: managerName, action: 'job.retry', outcome: 'refused', detail: DEAD_LETTER_MESSAGES.notFound, after: null },
    ]);
  });

  it("answers 404 for what is not one of this service's dead letters, 503 for a service that does not answer, 400 for one without a runner", async () => {
    const unknown = randomUUID();
    const own = await as(manager).post(apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'orders', id: unknown } })).expect(404);
    expect(own.body).toMatchObject({ message: DEAD_LETTER_MESSAGES.notFound });
    await as(manager).post(apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'orders', id: 'not-an-id' } })).expect(404);

    const payments = await as(manager).post(apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'payments', id: unknown } })).expect(503);
    expect(payments.body).toMatchObject({ statusCode: 503, errorType: 'paymentsUnavailable' });
    expect(await auditOf(`payments:${unknown}`)).toEqual([{ actor: managerName, action: 'job.retry', outcome: 'failed', detail: payments.body.message, after: null }]);

    const content = await as(manager).post(`/api/admin/dead-letters/jobs/content/${unknown}/retry`).expect(400);
    expect(content.body.errors).toEqual({ service: 'service must be one of forms, orders, payments' });
  });
});

describe('with the forms service stopped', () => {
  beforeAll(async () => {
    await forms.stop();
  });

  it('still answers: forms is marked unavailable, the e-mails and the other runners still show', async () => {
    const started = Date.now();
    const listed = await deadLetters();
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(listed.jobs.forms).toEqual({ unavailable: true, message: ADMIN_OPERATIONS_MESSAGES.sourceUnavailable('forms'), deadLetters: [] });
    expect(listed.jobs.payments.unavailable).toBe(true);
    expect(listed.jobs.orders).toEqual({ unavailable: false, message: null, deadLetters: [] });
    expect(listed.emails.unavailable).toBe(false);
    expect(listed.emails.deadLetters.map((letter) => letter.id)).toContain(otherParkedId);

    const retry = await as(manager).post(apiUrl(adminApi.retryJobDeadLetter, { params: { service: 'forms', id: randomUUID() } })).expect(503);
    expect(retry.body).toMatchObject({ errorType: 'formsUnavailable' });
  });
});
