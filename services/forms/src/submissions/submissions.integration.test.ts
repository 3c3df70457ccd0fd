import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FormDefinition } from '@storefront/contracts';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';

const contact: FormDefinition = {
  name: 'contact',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true, minLength: 2, maxLength: 50 },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true, minLength: 10 },
  ],
  buttons: { submit: 'Send' },
  messages: { success: 'Thanks, we will call you.' },
};

const kitchenDesign = {
  name: 'free-kitchen-design',
  fields: [],
  steps: [
    { title: 'You', fields: [{ name: 'fullName', type: 'text', label: 'Full Name', required: true }] },
    { title: 'Your kitchen', fields: [{ name: 'layout', type: 'text', label: 'Layout', required: true }] },
  ],
  buttons: { submit: 'Send' },
};

let contentDir: string;
let testApp: TestApp;
let db: DataSource;

const valid = { firstName: 'Ann', email: 'ann@example.com', message: 'Please call me about samples.' };

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-content-'));
  await mkdir(path.join(contentDir, 'forms'));
  await writeFile(path.join(contentDir, 'forms', 'contact.json'), JSON.stringify(contact));
  await writeFile(path.join(contentDir, 'forms', 'free-kitchen-design.json'), JSON.stringify(kitchenDesign));
  process.env.CONTENT_DIR = contentDir;
  // the rate limit's counts live in the database, shared with the other files' apps on this address
  // (read when the module is loaded, so after the limit is set)
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
});

describe('POST /api/forms/:formName', () => {
  it('stores a valid submission and answers 201 with its id and the form success message', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({ name: 'contact', formData: { ...valid, stranger: 'dropped' }, metadata: { page: '/contact', cc: 'evil@example.com' } })
      .expect(201);
    expect(res.body).toEqual({ success: true, message: 'Thanks, we will call you.', data: { id: expect.any(String) } });

    const [row] = await db.query('SELECT form_name, data, metadata, request_id, step_count FROM forms.form_submission WHERE id = $1', [
      res.body.data.id,
    ]);
    expect(row.form_name).toBe('contact');
    expect(row.data).toEqual(valid);
    expect(row.metadata).toEqual({ page: '/contact' });
    expect(row.request_id).toBe(res.headers['x-request-id']);
    expect(row.step_count).toBe(1);
  });

  it('answers 400 with the per-field messages the browser shows, and stores nothing', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM forms.form_submission');
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({ name: 'contact', formData: { firstName: 'A', email: 'not-an-email', message: '' } })
      .expect(400);
    expect(res.body).toMatchObject({
      success: false,
      statusCode: 400,
      message: 'Please correct the highlighted fields.',
      errors: {
        firstName: 'First Name seems too short',
        email: 'Invalid email address',
        message: 'This field is required',
      },
    });
    const after = await db.query('SELECT count(*)::int AS n FROM forms.form_submission');
    expect(after[0].n).toBe(before[0].n);
  });

  it('answers 404 for a form that does not exist, including unsafe names', async () => {
    const res = await request(testApp.server).post('/api/forms/nope').send({ name: 'nope', formData: valid }).expect(404);
    expect(res.body).toMatchObject({ success: false, message: 'Form not found' });
    await request(testApp.server).post('/api/forms/..%2Fsecret').send({ name: '../secret', formData: valid }).expect(404);
  });

  it('answers 400 when the body names another form or has no form data', async () => {
    const mismatch = await request(testApp.server).post('/api/forms/contact').send({ name: 'dealer', formData: valid }).expect(400);
    expect(mismatch.body.message).toBe('Form name "dealer" does not match the form "contact" in the address');
    const noData = await request(testApp.server).post('/api/forms/contact').send({ name: 'contact' }).expect(400);
    expect(noData.body.message).toBe('formData is required');
    const broken = await request(testApp.server)
      .post('/api/forms/contact')
      .set('Content-Type', 'application/json')
      .send('{"name": "contact", ')
      .expect(400);
    expect(broken.body).toMatchObject({ success: false, message: 'Request body is not valid JSON' });
  });

  it('answers 413 in JSON for a body over the limit', async () => {
    const res = await request(testApp.server)
      .post('/api/forms/contact')
      .send({ name: 'contact', formData: { ...valid, message: 'x'.repeat(300 * 1024) } })
      .expect(413);
    expect(res.body).toMatchObject({ success: false, statusCode: 413 });
    expect(res.body.message).toContain('too large');
  });

  it('refuses a body that is neither JSON, multipart nor urlencoded with 415 and a clear message', async () => {
    const res = await request(testApp.server).post('/api/forms/contact').set('Content-Type', 'text/plain').send('name=contact').expect(415);
    expect(res.body.message).toBe(
      'Send the form as JSON (application/json), multipart/form-data or application/x-www-form-urlencoded.',
    );
  });

  it('continues a multi-step submission in the same row with the secret its first step returned, and only for the same form', async () => {
    const first = await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', formData: { fullName: 'Ann Lee' } })
      .expect(201);
    const id = first.body.data.id as string;
    const continuationToken = first.body.data.continuationToken as string;
    expect(continuationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db.query('SELECT continuation_token_hash FROM forms.form_submission WHERE id = $1', [id]);
    expect(stored.continuation_token_hash).toBe(createHash('sha256').update(continuationToken).digest('hex'));

    const idAlone = await request(testApp.server).post('/api/forms/free-kitchen-design').send({ name: 'free-kitchen-design', id, formData: { layout: 'L-shape' } }).expect(400);
    expect(idAlone.body).toMatchObject({ success: false, message: expect.stringMatching(/^continuationToken is required/), errorType: 'continuationTokenRequired' });
    const wrong = await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', id, continuationToken: `${continuationToken.slice(0, -1)}${continuationToken.endsWith('A') ? 'B' : 'A'}`, formData: { layout: 'L-shape' } })
      .expect(404);
    expect(wrong.body.message).toBe('Form submission not found');
    const otherForm = await request(testApp.server).post('/api/forms/contact').send({ name: 'contact', id, continuationToken, formData: valid }).expect(404);
    expect(otherForm.body.message).toBe('Form submission not found');
    await request(testApp.server).post('/api/forms/contact').send({ name: 'contact', id: 'not-a-uuid', continuationToken, formData: valid }).expect(404);
    const [untouched] = await db.query('SELECT data, step_count FROM forms.form_submission WHERE id = $1', [id]);
    expect(untouched).toEqual({ data: { fullName: 'Ann Lee' }, step_count: 1 });

    const second = await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', id, continuationToken, formData: { layout: 'L-shape' } })
      .expect(201);
    expect(second.body.data).toEqual({ id });
    const [row] = await db.query('SELECT data, step_count, continuation_token_hash FROM forms.form_submission WHERE id = $1', [id]);
    expect(row).toEqual({ data: { fullName: 'Ann Lee', layout: 'L-shape' }, step_count: 2, continuation_token_hash: null });

    const missingStep = await request(testApp.server)
      .post('/api/forms/free-kitchen-design')
      .send({ name: 'free-kitchen-design', id, continuationToken, formData: { layout: '' } })
      .expect(400);
    expect(missingStep.body.errors).toEqual({ layout: 'This field is required' });
    // the last step is in: the secret continues nothing any more
    await request(testApp.server).post('/api/forms/free-kitchen-design').send({ name: 'free-kitchen-design', id, continuationToken, formData: { layout: 'U-shape' } }).expect(404);
  });

  it('gives no continuation token to a single-step form, and its id continues nothing', async () => {
    const res = await request(testApp.server).post('/api/forms/contact').send({ name: 'contact', formData: valid }).expect(201);
    expect(res.body.data).toEqual({ id: expect.any(String) });
    await request(testApp.server).post('/api/forms/contact').send({ name: 'contact', id: res.body.data.id, continuationToken: 'x'.repeat(43), formData: valid }).expect(404);
  });

  it('gives a repeated first step (same Idempotency-Key) its token again, never stored readable with the answer', async () => {
    const send = () =>
      request(testApp.server)
        .post('/api/forms/free-kitchen-design')
        .set('Idempotency-Key', 'kitchen-first-step-0001')
        .send({ name: 'free-kitchen-design', formData: { fullName: 'Bo Li' } })
        .expect(201);
    const first = await send();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.continuationToken).toBe(first.body.data.continuationToken);
    const [record] = await db.query(`SELECT string_agg(response_body::text || coalesce(sealed_secret::text, ''), ' ') AS text FROM forms.idempotency_records`);
    expect(record.text).toContain(first.body.data.id);
    expect(record.text).not.toContain(first.body.data.continuationToken);
    const { id, continuationToken } = first.body.data;
    await request(testApp.server).post('/api/forms/free-kitchen-design').send({ name: 'free-kitchen-design', id, continuationToken, formData: { layout: 'L' } }).expect(201);
  });
});

describe('GET /health', () => {
  it('reports the service and its database', async () => {
    const res = await request(testApp.server).get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', service: 'forms', database: 'up' });
  });
});
