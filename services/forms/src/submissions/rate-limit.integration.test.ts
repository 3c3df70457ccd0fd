import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TINY_PNG, type TestApp } from '@storefront/service-kit';
import request from 'supertest';

const form = {
  name: 'flood-check',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'photo', type: 'file', label: 'Photo', fileTypes: ['image/png'] },
  ],
  buttons: { submit: 'Send' },
};

let contentDir: string;
let testApp: TestApp;

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-flood-'));
  await mkdir(path.join(contentDir, 'forms'));
  await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  process.env.CONTENT_DIR = contentDir;
  process.env.FORMS_UPLOAD_DIR = path.join(contentDir, 'uploads');
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '3';
  // read when the module is loaded, so after the limit is set
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  const { createTestApp } = await import('@storefront/service-kit');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
});

const fromAddress = (address: string) =>
  request(testApp.server)
    .post(`/api/forms/${form.name}`)
    .set('X-Forwarded-For', address)
    .field('name', form.name)
    .field('formData', JSON.stringify({ email: 'flood@example.com' }))
    .attach('photo', TINY_PNG, { filename: 'a.png', contentType: 'image/png' });

describe('a flood of submissions from one address', () => {
  it('gets 429 after the limit, multipart, JSON and unknown forms alike, while another address still gets through', async () => {
    for (let n = 0; n < 3; n += 1) await fromAddress('203.0.113.7').expect(201);
    const flooded = await fromAddress('203.0.113.7').expect(429);
    expect(flooded.body).toMatchObject({ success: false, message: 'Too many requests. Please wait a minute and try again.' });
    await request(testApp.server).post(`/api/forms/${form.name}`).set('X-Forwarded-For', '203.0.113.7').send({ name: form.name, formData: {} }).expect(429);
    await request(testApp.server).post('/api/forms/kitchen').set('X-Forwarded-For', '203.0.113.7').send({}).expect(429);
    await fromAddress('198.51.100.20').expect(201);
  });
});
