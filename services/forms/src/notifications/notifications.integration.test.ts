import http from 'node:http';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { contentDir as repoContentDir } from '@storefront/site-config';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FORM_MESSAGES, type FormDefinition, type QueueFormEmailsRequest } from '@storefront/contracts';
import { CAPTCHA_UNAVAILABLE_MESSAGE, createTestApp, validInternalSignature, type TestApp } from '@storefront/service-kit';
import { recaptchaStandInToken, startRecaptchaStandIn, type RecaptchaStandIn } from '@storefront/provider-stand-ins';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FORMS_JOBS_SCHEMA as JOB_SCHEMA, FORM_NOTIFICATION_QUEUE as NOTIFICATION_QUEUE } from './form-jobs.js';

/**
 * The forms side of form e-mails and the captcha, over real HTTP and PostgreSQL: the submission and
 * its pg-boss job in one transaction, the job calling a local stand-in of the orders service's
 * POST /internal/email/queue (which can be "down"), and a local stand-in of reCAPTCHA's siteverify.
 */

const FORMS_SECRET = 'forms-test-internal-secret-0123456789abcdef';

const contact: FormDefinition = {
  name: 'contact',
  title: 'Contact Us',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true },
  ],
  buttons: { submit: 'Send' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact-confirmation' },
};

const kitchenDesign = {
  name: 'free-kitchen-design',
  title: 'Free Kitchen Design',
  fields: [],
  steps: [
    { title: 'You', fields: [{ name: 'email', type: 'email', label: 'Email', required: true }] },
    { title: 'Kitchen', fields: [{ name: 'layout', type: 'text', label: 'Layout', required: true }] },
  ],
  buttons: { submit: 'Send' },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'free-kitchen-design' },
};

const dealer: FormDefinition = {
  name: 'dealer',
  title: 'Dealer Application',
  fields: [
    { name: 'company', type: 'text', label: 'Company', required: true },
    { name: 'email', type: 'email', label: 'Email', required: true },
  ],
  buttons: { submit: 'Apply' },
  googleReCaptcha: true,
};

// --- local stand-ins: the orders service's intake and reCAPTCHA's siteverify -----------------------

interface Intake {
  /** signed with FORMS_SECRET as forms, over this very path and body */
  signedByForms: boolean;
  body: QueueFormEmailsRequest;
}
const intake: Intake[] = [];
/** how many of the next intake calls answer 503 (the orders service is down) */
let ordersDownFor = 0;
let captchaMode: 'verify' | 'down' = 'verify';
const captchaCalls: URLSearchParams[] = [];

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

const standIn = http.createServer(async (req, res) => {
  const body = await readBody(req);
  res.setHeader('Content-Type', 'application/json');
  if (req.url === '/internal/email/queue') {
    if (ordersDownFor > 0) {
      ordersDownFor--;
      res.writeHead(503).end(JSON.stringify({ message: 'down for maintenance' }));
      return;
    }
    const parsed = JSON.parse(body) as QueueFormEmailsRequest;
    const signedByForms =
      req.headers['x-internal-caller'] === 'forms' &&
      validInternalSignature({ method: req.method ?? '', pathWithQuery: req.url, rawBody: Buffer.from(body), signature: req.headers['x-internal-signature'] as string | undefined, secret: FORMS_SECRET });
    intake.push({ signedByForms, body: parsed });
    res.writeHead(200).end(JSON.stringify({ queued: parsed.emails.map((email) => email.dedupeKey), alreadyQueued: [] }));
    return;
  }
  if (req.url === '/recaptcha/api/siteverify') {
    const form = new URLSearchParams(body);
    captchaCalls.push(form);
    if (captchaMode === 'down') {
      res.writeHead(502).end('{}');
      return;
    }
    // verdicts from the real stand-in (Google's shapes, hostname, action, score), over HTTP
    const verdict = await fetch(recaptcha.verifyUrl, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    res.writeHead(verdict.status).end(await verdict.text());
    return;
  }
  res.writeHead(404).end('{}');
});

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

let recaptcha: RecaptchaStandIn;
/** a token as the widget on our site (localhost, PUBLIC_SITE_URL's default) gives it for the dealer form */
let tokens = 0;
const goodToken = (): string => recaptchaStandInToken('localhost', 'dealer', { nonce: String(++tokens) });

beforeAll(async () => {
  recaptcha = await startRecaptchaStandIn({ secret: 'test-secret' });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-notifications-'));
  await mkdir(path.join(contentDir, 'forms'));
  await mkdir(path.join(contentDir, 'settings'));
  for (const form of [contact, kitchenDesign, dealer]) {
    await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  }
  // the real kitchen estimator and its pricing data (read before CONTENT_DIR points at the copy)
  await cp(path.join(repoContentDir(), 'estimator'), path.join(contentDir, 'estimator'), { recursive: true });
  await writeFile(
    path.join(contentDir, 'settings', 'notifications.json'),
    JSON.stringify({
      adminEmails: ['orders@heartwood.test'],
      fromAddress: 'orders@heartwood.test',
      fromName: 'Heartwood Cabinetry',
      formRecipients: { contact: ['hello@heartwood.test', 'sales@heartwood.test'], default: ['staff@heartwood.test'] },
    }),
  );
  setEnv({
    CONTENT_DIR: contentDir,
    ORDERS_SERVICE_URL: standInUrl,
    FORMS_INTERNAL_SECRET: FORMS_SECRET,
    FORM_EMAIL_POLL_INTERVAL_MS: '500',
    FORM_EMAIL_RETRY_DELAY_SECONDS: '1',
    FORM_EMAIL_RETRY_LIMIT: '5',
    RECAPTCHA_SECRET_KEY: 'test-secret',
    RECAPTCHA_VERIFY_URL: `${standInUrl}/recaptcha/api/siteverify`,
    RECAPTCHA_TIMEOUT_MS: '2000',
    // the rate limit's counts live in the database, shared with the other files' apps on this address
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  });
  // read when the module is loaded, so after the limit is set
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => standIn.close(resolve));
  await recaptcha.close();
  setEnv(saved);
  await rm(contentDir, { recursive: true, force: true });
});

function jobsFor(submissionId: string): Promise<{ state: string; retry_count: number }[]> {
  return db.query(`SELECT state, retry_count FROM ${JOB_SCHEMA}.job WHERE name = $1 AND data->>'submissionId' = $2`, [NOTIFICATION_QUEUE, submissionId]);
}

function intakeFor(submissionId: string): Intake[] {
  return intake.filter((call) => call.body.emails.some((email) => email.dedupeKey.startsWith(`form:${submissionId}:`)));
}

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('form notifications', () => {
  it('queues the job with the submission and hands both e-mails to orders; recipients never come from the browser', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({
        name: 'contact',
        formData: { firstName: 'Ann', email: 'ann@example.com', message: 'Call me <b>soon</b>', cc: 'eve@evil.test' },
        metadata: { recipient: 'eve@evil.test' },
        emailNotifications: { sendSuccessEmail: true, recipient: 'eve@evil.test', emailTemplateId: 'evil' },
      })
      .expect(201);
    const id = res.body.data.id as string;

    const calls = await waitFor(() => intakeFor(id), (found) => found.length > 0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signedByForms).toBe(true);
    const sent = calls[0]!.body.emails;
    expect(sent.map(({ kind, dedupeKey, recipient, cc, subject }) => ({ kind, dedupeKey, recipient, cc, subject }))).toEqual([
      { kind: 'form-confirmation', dedupeKey: `form:${id}:confirmation`, recipient: 'ann@example.com', cc: [], subject: 'We have received your message' },
      {
        kind: 'form-staff-notification',
        dedupeKey: `form:${id}:staff`,
        recipient: 'hello@heartwood.test',
        cc: ['sales@heartwood.test'],
        subject: 'New Contact Us submission',
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain('evil');
    expect(sent[1]!.html).toContain('Call me &lt;b&gt;soon&lt;/b&gt;');
    expect(await waitFor(() => jobsFor(id), (jobs) => jobs[0]?.state === 'completed')).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('sends nothing when the browser does not ask (a step Next, a PDF download)', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({ name: 'contact', formData: { firstName: 'Bo', email: 'bo@example.com', message: 'No e-mail please' } })
      .expect(201);
    expect(await jobsFor(res.body.data.id)).toEqual([]);
  });

  it('a multi-step form: nothing on the first step, the e-mails on the last one with every step\'s answers', async () => {
    const first = await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', formData: { email: 'cy@example.com' }, emailNotifications: { sendSuccessEmail: true } })
      .expect(201);
    const { id, continuationToken } = first.body.data as { id: string; continuationToken: string };
    expect(await jobsFor(id)).toEqual([]);

    await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', id, continuationToken, formData: { layout: 'L-shape' }, emailNotifications: { sendSuccessEmail: true } })
      .expect(201);
    const [call] = await waitFor(() => intakeFor(id), (found) => found.length > 0);
    const [confirmation, staff] = call!.body.emails;
    expect(confirmation).toMatchObject({ recipient: 'cy@example.com', subject: 'We have received your free kitchen design request' });
    expect(staff).toMatchObject({ recipient: 'staff@heartwood.test', subject: 'New Free Kitchen Design submission' });
    expect(staff!.text).toContain('Email: cy@example.com');
    expect(staff!.text).toContain('Layout: L-shape');
  });

  it('"Email My Estimate": the estimate e-mail carries the server\'s price, not the browser\'s; the PDF download sends none', async () => {
    const picks = { kitchenSize: 'medium', layout: 'l-shape', cabinetLine: 'signature', countertop: 'quartz', hardware: 'designer', applianceInstall: 'standard', name: 'Di Park', email: 'di@example.com' };
    const pdf = await request(testApp.server).post('/api/forms/kitchen').send({ name: 'kitchen', formData: picks }).expect(201);
    expect(pdf.body.message).toBe('Estimate saved.');

    const res = await request(testApp.server)
      .post('/api/forms/kitchen')
      .send({ name: 'kitchen', formData: picks, emailNotifications: { sendSuccessEmail: true }, totalPrice: { min: 1, max: 2 } })
      .expect(201);
    expect(res.body.message).toBe('Email sent successfully');
    const id = res.body.data.id as string;
    const { min, max } = res.body.data.totalPrice as { min: number; max: number };

    const [call] = await waitFor(() => intakeFor(id), (found) => found.length > 0);
    const [confirmation, staff] = call!.body.emails;
    expect(confirmation).toMatchObject({ recipient: 'di@example.com' });
    expect(staff).toMatchObject({ recipient: 'staff@heartwood.test' });
    const range = `$${min.toLocaleString('en-US')} - $${max.toLocaleString('en-US')}`;
    expect(confirmation!.text).toContain(range);
    expect(confirmation!.text).not.toContain('$1 - $2');
    expect(intakeFor(pdf.body.data.id as string)).toEqual([]);
    expect(await jobsFor(pdf.body.data.id as string)).toEqual([]);
  });

  it('keeps the submit working while orders is down, and retries the job until orders takes the e-mails', async () => {
    ordersDownFor = 2;
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({ name: 'contact', formData: { firstName: 'Di', email: 'di@example.com', message: 'Orders is down' }, emailNotifications: {} })
      .expect(201);
    const id = res.body.data.id as string;
    const jobs = await waitFor(() => jobsFor(id), (found) => found[0]?.state === 'completed', 30_000);
    expect(jobs).toEqual([{ state: 'completed', retry_count: 2 }]);
    expect(intakeFor(id)).toHaveLength(1);
  }, 40_000);

  it('stores the submission and its job together: no job table, no submission', async () => {
    const before = await db.query(`SELECT count(*)::int AS n FROM forms.form_submission`);
    await db.query(`ALTER TABLE ${JOB_SCHEMA}.job RENAME TO job_away`);
    try {
      const res = await request(testApp.server)
        .post('/api/forms/contact')
        .send({ name: 'contact', formData: { firstName: 'Ed', email: 'ed@example.com', message: 'Atomic please' }, emailNotifications: {} })
        .expect(500);
      expect(res.body).toMatchObject({ success: false, statusCode: 500 });
    } finally {
      await db.query(`ALTER TABLE ${JOB_SCHEMA}.job_away RENAME TO job`);
    }
    const after = await db.query(`SELECT count(*)::int AS n FROM forms.form_submission`);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('confirmation quota (FORM_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR, default 3)', () => {
  it('sends one address at most 3 confirmations an hour, whatever the spelling; staff get every submission', async () => {
    const ids: string[] = [];
    for (const email of ['quota@example.com', 'QUOTA@example.com', 'quota@example.com', 'Quota@Example.com']) {
      const res = await request(testApp.server)
        .post('/api/forms/contact')
        .send({ name: 'contact', formData: { firstName: 'Qu', email, message: 'Please call me about samples.' }, emailNotifications: { sendSuccessEmail: true } })
        .expect(201);
      ids.push(res.body.data.id as string);
    }
    const kinds = [];
    for (const id of ids) {
      const [call] = await waitFor(() => intakeFor(id), (found) => found.length > 0);
      kinds.push(call!.body.emails.map((email) => email.kind));
    }
    expect(kinds).toEqual([
      ['form-confirmation', 'form-staff-notification'],
      ['form-confirmation', 'form-staff-notification'],
      ['form-confirmation', 'form-staff-notification'],
      ['form-staff-notification'],
    ]);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM forms.confirmation_email_sent`);
    expect(n).toBeGreaterThanOrEqual(3);
  });
});

describe('reCAPTCHA (RECAPTCHA_SECRET_KEY set)', () => {
  const valid = { company: 'Oak & Co', email: 'buyer@oak.test' };
  const count = async (): Promise<number> => (await db.query(`SELECT count(*)::int AS n FROM forms.form_submission WHERE form_name = 'dealer'`))[0].n;

  it('refuses a missing token with the spec message as message and field error, asking nobody', async () => {
    captchaCalls.length = 0;
    const res = await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: FORM_MESSAGES.captcha, errors: { recaptchaToken: FORM_MESSAGES.captcha } });
    expect(captchaCalls).toHaveLength(0);
    expect(await count()).toBe(0);
  });

  it('refuses a token the provider does not verify', async () => {
    const res = await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken: 'bad-token' }).expect(400);
    expect(res.body.errors).toEqual({ recaptchaToken: 'Please complete the reCAPTCHA verification.' });
    expect(await count()).toBe(0);
  });

  it('refuses a verified token solved on another site, run for another action, or with a low v3 score', async () => {
    for (const recaptchaToken of [
      recaptchaStandInToken('evil.example.net', 'dealer', { nonce: 'host' }),
      recaptchaStandInToken('localhost', 'login', { nonce: 'action' }),
      recaptchaStandInToken('localhost', 'dealer', { score: 0.2, nonce: 'score' }),
    ]) {
      const res = await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken }).expect(400);
      expect(res.body).toMatchObject({ success: false, message: FORM_MESSAGES.captcha, errors: { recaptchaToken: FORM_MESSAGES.captcha } });
    }
    expect(await count()).toBe(0);
  });

  it('stores the submission once the provider verifies the token (secret, response and remoteip sent), and refuses it replayed', async () => {
    captchaCalls.length = 0;
    const token = goodToken();
    await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken: token }).expect(201);
    expect(captchaCalls[0]?.get('secret')).toBe('test-secret');
    expect(captchaCalls[0]?.get('response')).toBe(token);
    expect(captchaCalls[0]?.get('remoteip')).toBeTruthy();
    expect(await count()).toBe(1);
    await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken: token }).expect(400);
    expect(await count()).toBe(1);
  });

  it('accepts a v2 token (no action) solved on our site', async () => {
    await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken: recaptchaStandInToken('localhost', '', { nonce: 'v2' }) }).expect(201);
    expect(await count()).toBe(2);
  });

  it('answers 503 with a clear message and stores nothing while the provider is down', async () => {
    captchaMode = 'down';
    try {
      const res = await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: valid, recaptchaToken: goodToken() }).expect(503);
      expect(res.body).toMatchObject({ success: false, message: CAPTCHA_UNAVAILABLE_MESSAGE });
    } finally {
      captchaMode = 'verify';
    }
    expect(await count()).toBe(2);
  });

  it('checks field rules first (a verified token is spent) and leaves forms without googleReCaptcha alone', async () => {
    captchaCalls.length = 0;
    await request(testApp.server).post('/api/forms/dealer').send({ name: 'dealer', formData: { company: '' }, recaptchaToken: goodToken() }).expect(400);
    await request(testApp.server).post('/api/forms/contact').send({ name: 'contact', formData: { firstName: 'Fay', email: 'fay@example.com', message: 'No captcha here' } }).expect(201);
    expect(captchaCalls).toHaveLength(0);
  });
});
