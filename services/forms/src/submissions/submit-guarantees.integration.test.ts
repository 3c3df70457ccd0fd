// Idempotent submits, hashed passwords and estimator submissions priced by the server.
import { cp, mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TINY_PNG, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { verifyPassword } from './password-hash.js';
import { ACCOUNT_REGISTRATION_MESSAGE } from './submission-request.js';

const REPO_CONTENT = path.resolve(__dirname, '..', '..', '..', '..', 'content');

const contact = {
  name: 'guarantee-contact',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true },
    { name: 'photo', type: 'file', label: 'Photo', fileTypes: ['image/*'], maxFiles: 1 },
  ],
  buttons: { submit: 'Send' },
};

const registration = {
  name: 'guarantee-registration',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'password', type: 'password', label: 'Password', required: true, minLength: 8 },
  ],
  buttons: { submit: 'Create Account' },
};

/** A form that creates an account: the accounts' (orders service) to take, never stored here. */
const accountRegistration = { ...registration, name: 'guarantee-account', actions: { submit: 'account-registration' } };

let contentDir: string;
let uploadDir: string;
let testApp: TestApp;
let db: DataSource;

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-guarantees-'));
  uploadDir = path.join(contentDir, 'uploads-outside-content');
  await mkdir(path.join(contentDir, 'forms'));
  for (const form of [contact, registration, accountRegistration]) {
    await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  }
  // the real kitchen estimator and its pricing data
  await cp(path.join(REPO_CONTENT, 'estimator'), path.join(contentDir, 'estimator'), { recursive: true });
  process.env.CONTENT_DIR = contentDir;
  process.env.FORMS_UPLOAD_DIR = uploadDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '1000';
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  const { createTestApp } = await import('@storefront/service-kit');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
});

async function rowsWithEmail(formName: string, email: string): Promise<number> {
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM forms.form_submission WHERE form_name = $1 AND data->>'email' = $2`, [formName, email]);
  return n;
}

describe('Idempotency-Key', () => {
  const body = (email: string) => ({ name: contact.name, formData: { email, message: 'Please call me.' } });

  it('answers a repeat with the same answer and stores one row', async () => {
    const key = crypto.randomUUID();
    const first = await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('once@example.com')).expect(201);
    const again = await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('once@example.com')).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsWithEmail(contact.name, 'once@example.com')).toBe(1);
  });

  it('stores one row for concurrent double submits of the same key', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('double@example.com'))),
    );
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.data.id)).size).toBe(1);
    expect(await rowsWithEmail(contact.name, 'double@example.com')).toBe(1);
  });

  it('stores one submission and one copy of its files for a repeated multipart submit', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      request(testApp.server)
        .post(`/api/forms/${contact.name}`)
        .set('Idempotency-Key', key)
        .field('name', contact.name)
        .field('formData', JSON.stringify({ email: 'files@example.com', message: 'With a photo.' }))
        .attach('photo', TINY_PNG, { filename: 'door.png', contentType: 'image/png' });
    const before = (await readdir(uploadDir)).length;
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    expect(await rowsWithEmail(contact.name, 'files@example.com')).toBe(1);
    expect((await readdir(uploadDir)).length).toBe(before + 1);
  });

  it('answers 422 when the key is reused for a different body, 400 for a malformed key', async () => {
    const key = crypto.randomUUID();
    await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('first@example.com')).expect(201);
    const changed = await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('second@example.com')).expect(422);
    expect(changed.body).toMatchObject({ success: false, message: 'This Idempotency-Key was already used with a different request.' });
    expect(await rowsWithEmail(contact.name, 'second@example.com')).toBe(0);

    const malformed = await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', 'x').send(body('bad-key@example.com')).expect(400);
    expect(malformed.body.message).toBe("Idempotency-Key must be 8 to 128 letters, digits, '-', '_' or ':'.");
  });

  it('does not remember a refused submission: the corrected one with the same key is stored', async () => {
    const key = crypto.randomUUID();
    await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send({ name: contact.name, formData: { email: 'fix@example.com' } }).expect(400);
    await request(testApp.server).post(`/api/forms/${contact.name}`).set('Idempotency-Key', key).send(body('fix@example.com')).expect(201);
    expect(await rowsWithEmail(contact.name, 'fix@example.com')).toBe(1);
  });
});

describe('password fields', () => {
  it('are stored only as a salted scrypt hash, never as typed', async () => {
    const res = await request(testApp.server)
      .post(`/api/forms/${registration.name}`)
      .set('Idempotency-Key', crypto.randomUUID())
      .send({ name: registration.name, formData: { email: 'pw@example.com', password: 'Correct horse 1' } })
      .expect(201);
    expect(JSON.stringify(res.body)).not.toContain('Correct horse 1');
    const [row] = await db.query('SELECT data::text AS text, data->>$2 AS password FROM forms.form_submission WHERE id = $1', [res.body.data.id, 'password']);
    expect(row.password).toMatch(/^scrypt\$/);
    expect(row.text).not.toContain('Correct horse 1');
    await expect(verifyPassword('Correct horse 1', row.password)).resolves.toBe(true);
    const records = await db.query(`SELECT count(*)::int AS n FROM forms.idempotency_records WHERE response_body::text LIKE '%Correct horse%'`);
    expect(records[0].n).toBe(0);
  });
});

describe('a form that creates an account (actions.submit account-registration)', () => {
  it('is refused with a message naming the accounts route, and nothing of it is stored', async () => {
    const email = 'account@example.com';
    const recordsBefore = (await db.query(`SELECT count(*)::int AS n FROM forms.idempotency_records`))[0].n;
    const res = await request(testApp.server)
      .post(`/api/forms/${accountRegistration.name}`)
      .set('Idempotency-Key', crypto.randomUUID())
      .send({ name: accountRegistration.name, formData: { email, password: 'Correct horse 2' } })
      .expect(400);
    expect(res.body).toMatchObject({ message: ACCOUNT_REGISTRATION_MESSAGE, errorType: 'accountRegistrationForm' });
    expect(res.body.message).toContain('/api/my-account/register');
    expect(await rowsWithEmail(accountRegistration.name, email)).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM forms.idempotency_records`))[0].n).toBe(recordsBefore);
  });
});

describe('estimator submissions (POST /api/forms/kitchen)', () => {
  const picks = {
    kitchenSize: 'medium',
    layout: 'l-shape',
    cabinetLine: 'signature',
    countertop: 'quartz',
    hardware: 'designer',
    applianceInstall: 'standard',
    name: 'Ann Lee',
    email: 'estimate@example.com',
  };

  it('prices the picks itself and stores its own price and summary, not the browser\'s', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/kitchen')
      .set('Idempotency-Key', crypto.randomUUID())
      .send({
        name: 'kitchen',
        formData: picks,
        totalPrice: { min: 1, max: 2 },
        summary: [{ label: 'Estimated Total', value: '$1 - $2' }],
      })
      .expect(201);
    expect(res.body).toEqual({ success: true, message: 'Estimate saved.', data: { id: expect.any(String), totalPrice: { min: expect.any(Number), max: expect.any(Number) } } });
    const { min, max } = res.body.data.totalPrice as { min: number; max: number };
    expect(min).toBeGreaterThan(1000);
    expect(max).toBeGreaterThan(min);

    const [row] = await db.query('SELECT form_name, data, estimate FROM forms.form_submission WHERE id = $1', [res.body.data.id]);
    expect(row.form_name).toBe('kitchen');
    expect(row.data).toEqual(picks);
    expect(row.estimate.template).toBe('kitchen');
    expect(row.estimate.totalPrice).toEqual({ min, max });
    const total = row.estimate.summary.find((entry: { label: string }) => entry.label === 'Estimated Total');
    expect(total.value).toBe(`$${min.toLocaleString('en-US')} - $${max.toLocaleString('en-US')}`);
    expect(row.estimate.summary.map((entry: { label: string }) => entry.label)).toEqual([
      'Demolition & site prep',
      'Layout extras',
      'Cabinets',
      'Countertops',
      'Hardware',
      'Appliance installation',
      'Materials',
      'Installation',
      'Estimated Total',
    ]);
  });

  it('checks the picks against the template with the spec\'s messages', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/kitchen')
      .send({ name: 'kitchen', formData: { ...picks, kitchenSize: 'palace', email: 'not-an-email', name: '' } })
      .expect(400);
    expect(res.body.errors).toEqual({ kitchenSize: 'Select a valid option', email: 'Invalid email address', name: 'This field is required' });
  });
});
