import http from 'node:http';
import { mkdtemp, mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Housekeeping, TINY_PDF, TINY_PNG, pngOfSize, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';

const MB = 1048576;

// Two file fields with different limits: a file between them gets the field's message (400), a file
// over the larger one is over the request's hard cap (413).
const claim = {
  name: 'upload-claim',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    {
      name: 'claimType',
      type: 'radio',
      label: 'What Happened?',
      required: true,
      options: [
        { label: 'Damaged', value: 'damaged' },
        { label: 'Missing', value: 'missing' },
      ],
    },
    {
      name: 'photos',
      type: 'file',
      label: 'Photos',
      required: true,
      fileTypes: ['image/jpeg', 'png'],
      maxFileSize: 1,
      maxFiles: 2,
      hideWhen: { field: 'claimType', equals: 'missing' },
    },
    { name: 'receipt', type: 'file', label: 'Receipt', fileTypes: ['application/pdf'], maxFileSize: 2, maxFiles: 1 },
  ],
  buttons: { submit: 'Send' },
  messages: { success: 'Claim received.' },
};

const designSteps = {
  name: 'upload-design',
  fields: [],
  steps: [
    { title: 'You', fields: [{ name: 'fullName', type: 'text', label: 'Full Name', required: true }] },
    { title: 'Your room', fields: [{ name: 'floorPlan', type: 'file', label: 'Floor plan', required: true, fileTypes: ['pdf', 'image/*'] }] },
  ],
  buttons: { submit: 'Send' },
};

// a file field without fileTypes: the safe default list
const anyFile = {
  name: 'upload-any',
  fields: [{ name: 'attachment', type: 'file', label: 'Attachment', required: true, maxFiles: 1 }],
  buttons: { submit: 'Send' },
};

const contact = {
  name: 'upload-contact',
  fields: [
    { name: 'firstName', type: 'text', label: 'First Name', required: true, minLength: 2 },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'subscribe', type: 'checkbox', label: 'Subscribe' },
  ],
  buttons: { submit: 'Send' },
};

let contentDir: string;
let uploadDir: string;
let testApp: TestApp;
let db: DataSource;

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-upload-content-'));
  uploadDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'forms-upload-files-')), 'uploads');
  await mkdir(path.join(contentDir, 'forms'));
  for (const form of [claim, designSteps, contact, anyFile]) {
    await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  }
  process.env.CONTENT_DIR = contentDir;
  process.env.FORMS_UPLOAD_DIR = uploadDir;
  // This file sends more than the default 30 writes a minute from one address.
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '1000';
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  const { createTestApp } = await import('@storefront/service-kit');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT, listen: true });
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await testApp?.close();
  await rm(contentDir, { recursive: true, force: true });
  await rm(path.dirname(uploadDir), { recursive: true, force: true });
});

const storedFiles = async () => (await readdir(uploadDir)).sort();
/** what is left of requests' incoming files: nothing, once a request is answered */
const incomingLeft = async () => readdir(path.join(uploadDir, '.incoming'));

/** Resolves once some request's incoming file on disk holds at least `bytes` bytes. */
async function waitForIncomingBytes(bytes: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const folder of await incomingLeft()) {
      const dir = path.join(uploadDir, '.incoming', folder);
      for (const file of await readdir(dir).catch(() => [])) {
        const size = await stat(path.join(dir, file)).then((stats) => stats.size, () => 0);
        if (size >= bytes) return;
      }
    }
    if (Date.now() > deadline) {
      const seen = await Promise.all((await incomingLeft()).map(async (folder) => `${folder}: ${(await readdir(path.join(uploadDir, '.incoming', folder))).join(',')}`));
      throw new Error(`no incoming file reached ${bytes} bytes on disk (${seen.join('; ')})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function postClaim(formData: Record<string, unknown>) {
  return request(testApp.server)
    .post(`/api/forms/${claim.name}`)
    .field('name', claim.name)
    .field('formData', JSON.stringify(formData))
    .field('metadata', JSON.stringify({ page: '/claim' }));
}

describe('multipart submissions with files', () => {
  it('stores the files outside the web root under generated names, linked to the submission', async () => {
    const res = await postClaim({ email: 'ann@example.com', claimType: 'damaged' })
      .attach('photos', TINY_PNG, { filename: '../../etc/Kitchen photo.png', contentType: 'image/png' })
      .attach('photos', TINY_PNG, { filename: 'second.png', contentType: 'image/png' })
      .attach('receipt', TINY_PDF, { filename: 'receipt.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(res.body).toEqual({ success: true, message: 'Claim received.', data: { id: expect.any(String) } });
    const id = res.body.data.id as string;

    const [row] = await db.query('SELECT data, metadata FROM forms.form_submission WHERE id = $1', [id]);
    expect(row.metadata).toEqual({ page: '/claim' });
    expect(row.data).toEqual({
      email: 'ann@example.com',
      claimType: 'damaged',
      photos: [
        { fileId: expect.any(String), name: 'Kitchen photo.png', size: TINY_PNG.length, type: 'image/png' },
        { fileId: expect.any(String), name: 'second.png', size: TINY_PNG.length, type: 'image/png' },
      ],
      receipt: [{ fileId: expect.any(String), name: 'receipt.pdf', size: TINY_PDF.length, type: 'application/pdf' }],
    });

    const files = await db.query(
      'SELECT id, field_name, original_name, stored_name, mime_type, size_bytes, sha256 FROM forms.form_submission_file WHERE submission_id = $1 ORDER BY field_name, original_name',
      [id],
    );
    expect(files.map((file: { field_name: string; original_name: string; mime_type: string }) => [file.field_name, file.original_name, file.mime_type])).toEqual([
      ['photos', 'Kitchen photo.png', 'image/png'],
      ['photos', 'second.png', 'image/png'],
      ['receipt', 'receipt.pdf', 'application/pdf'],
    ]);
    for (const file of files as { id: string; stored_name: string; size_bytes: number; sha256: string; mime_type: string }[]) {
      expect(file.stored_name).toMatch(file.mime_type === 'image/png' ? /^[0-9a-f-]{36}\.png$/ : /^[0-9a-f-]{36}\.pdf$/);
      const content = await readFile(path.join(uploadDir, file.stored_name));
      expect(content.length).toBe(file.size_bytes);
      expect(createHash('sha256').update(content).digest('hex')).toBe(file.sha256);
      expect([...row.data.photos, ...row.data.receipt].map((ref: { fileId: string }) => ref.fileId)).toContain(file.id);
    }
    expect(await storedFiles()).toEqual(expect.arrayContaining(files.map((file: { stored_name: string }) => file.stored_name)));
    expect((await storedFiles()).some((name) => name.startsWith('.tmp-'))).toBe(false);
    expect(await incomingLeft()).toEqual([]);
  });

  it('gives a file over its field\'s limit (but under the form\'s cap) the spec\'s field message, and stores nothing', async () => {
    const before = await storedFiles();
    const res = await postClaim({ email: 'ann@example.com', claimType: 'damaged' })
      .attach('photos', pngOfSize(1.5 * MB), { filename: 'big.png', contentType: 'image/png' })
      .expect(400);
    expect(res.body).toMatchObject({
      message: 'Please correct the highlighted fields.',
      errors: { photos: 'File is too large, maximum allowed size is 1MB' },
    });
    expect(await storedFiles()).toEqual(before);
    expect(await incomingLeft()).toEqual([]);
  });

  it('refuses a file over the form\'s hard cap with 413 while reading it', async () => {
    const res = await postClaim({ email: 'ann@example.com', claimType: 'damaged' })
      .attach('receipt', pngOfSize(2 * MB + 1), { filename: 'huge.pdf', contentType: 'application/pdf' })
      .expect(413);
    expect(res.body).toMatchObject({
      success: false,
      message: 'File is too large, maximum allowed size is 2MB',
      errors: { receipt: 'File is too large, maximum allowed size is 2MB' },
    });
    // the part written before the cap cut it off is gone too
    expect(await incomingLeft()).toEqual([]);
  });

  it('streams a file to disk while reading it (never held whole in memory), and removes it once the request is answered', async () => {
    const boundary = 'streamed-upload-boundary';
    const head = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="name"',
        '',
        claim.name,
        `--${boundary}`,
        'Content-Disposition: form-data; name="formData"',
        '',
        JSON.stringify({ email: 'ann@example.com', claimType: 'damaged' }),
        `--${boundary}`,
        'Content-Disposition: form-data; name="photos"; filename="slow.png"',
        'Content-Type: image/png',
        '',
        '',
      ].join('\r\n'),
    );
    const photo = pngOfSize(MB - 1);
    const half = photo.length / 2;
    const url = new URL(`${testApp.url!}/api/forms/${claim.name}`);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(Buffer.concat([head, photo.subarray(0, half)]));
      // most of the first half is on disk before the second half is even sent (the parser holds back
      // the end of what it has, which could be the start of a boundary)
      void waitForIncomingBytes(half / 2).then(() => req.end(Buffer.concat([photo.subarray(half), Buffer.from(`\r\n--${boundary}--\r\n`)])), reject);
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    const [row] = await db.query('SELECT size_bytes, sha256 FROM forms.form_submission_file WHERE submission_id = $1', [JSON.parse(body).data.id]);
    expect(row).toEqual({ size_bytes: photo.length, sha256: createHash('sha256').update(photo).digest('hex') });
    expect(await incomingLeft()).toEqual([]);
  });

  it('checks the type by content: a PDF or text file named .jpg/.png is an "Unsupported file format"', async () => {
    const pdfAsJpeg = await postClaim({ email: 'ann@example.com', claimType: 'damaged' })
      .attach('photos', TINY_PDF, { filename: 'kitchen.jpg', contentType: 'image/jpeg' })
      .expect(400);
    expect(pdfAsJpeg.body.errors).toEqual({ photos: 'Unsupported file format' });

    const textAsPng = await postClaim({ email: 'ann@example.com', claimType: 'damaged' })
      .attach('photos', Buffer.from('just some text'), { filename: 'photo.png', contentType: 'image/png' })
      .expect(400);
    expect(textAsPng.body.errors).toEqual({ photos: 'Unsupported file format' });
    expect(await incomingLeft()).toEqual([]);
  });

  it('takes only photos, PDF and Office Open XML files in a file field without fileTypes', async () => {
    const post = (content: Buffer, filename: string, contentType: string) =>
      request(testApp.server).post(`/api/forms/${anyFile.name}`).field('name', anyFile.name).field('formData', '{}').attach('attachment', content, { filename, contentType });
    await post(TINY_PNG, 'photo.png', 'image/png').expect(201);
    await post(TINY_PDF, 'plan.pdf', 'application/pdf').expect(201);
    for (const [content, filename, contentType] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from('plain notes'), 'notes.txt', 'text/plain'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(40)]), 'all.zip', 'application/zip'],
      [Buffer.from([0x4d, 0x5a, 0x90, 0x00, ...Buffer.alloc(60)]), 'setup.exe', 'application/octet-stream'],
    ] as const) {
      const res = await post(content, filename, contentType).expect(400);
      expect(res.body.errors).toEqual({ attachment: 'Unsupported file format' });
    }
    expect(await incomingLeft()).toEqual([]);
  });

  it('refuses more files than a field takes (400) and more than the whole form takes (413)', async () => {
    const three = postClaim({ email: 'ann@example.com', claimType: 'damaged' });
    for (const n of [1, 2, 3]) three.attach('photos', TINY_PNG, { filename: `p${n}.png`, contentType: 'image/png' });
    expect((await three.expect(400)).body.errors).toEqual({ photos: 'At most 2 files can be uploaded' });

    const four = postClaim({ email: 'ann@example.com', claimType: 'damaged' });
    for (const n of [1, 2, 3, 4]) four.attach('photos', TINY_PNG, { filename: `p${n}.png`, contentType: 'image/png' });
    expect((await four.expect(413)).body.message).toBe('Too many files: this form takes at most 3 in one submission.');
  });

  it('requires a required file field, and not when it is hidden; a hidden field\'s files are dropped', async () => {
    const missing = await postClaim({ email: 'ann@example.com', claimType: 'damaged' }).expect(400);
    expect(missing.body.errors).toEqual({ photos: 'At least one file is required' });

    const hidden = await postClaim({ email: 'ann@example.com', claimType: 'missing' })
      .attach('photos', TINY_PNG, { filename: 'ignored.png', contentType: 'image/png' })
      .expect(201);
    const [row] = await db.query('SELECT data FROM forms.form_submission WHERE id = $1', [hidden.body.data.id]);
    expect(row.data).toEqual({ email: 'ann@example.com', claimType: 'missing' });
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM forms.form_submission_file WHERE submission_id = $1', [hidden.body.data.id]);
    expect(n).toBe(0);
  });

  it('never takes file metadata from the body: a JSON "file" without a file is no file', async () => {
    const res = await request(testApp.server)
      .post(`/api/forms/${claim.name}`)
      .send({ name: claim.name, formData: { email: 'ann@example.com', claimType: 'damaged', photos: [{ name: 'a.png', size: 10, type: 'image/png' }] } })
      .expect(400);
    expect(res.body.errors).toEqual({ photos: 'At least one file is required' });
  });

  it('attaches the files of a later step to the submission its first step created', async () => {
    const first = await request(testApp.server)
      .post(`/api/forms/${designSteps.name}`)
      .send({ name: designSteps.name, formData: { fullName: 'Ann Lee' } })
      .expect(201);
    const id = first.body.data.id as string;
    const second = await request(testApp.server)
      .post(`/api/forms/${designSteps.name}`)
      .field('name', designSteps.name)
      .field('id', id)
      .field('continuationToken', first.body.data.continuationToken as string)
      .field('formData', '{}')
      .attach('floorPlan', TINY_PDF, { filename: 'plan.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(second.body.data.id).toBe(id);
    const [row] = await db.query('SELECT data, step_count FROM forms.form_submission WHERE id = $1', [id]);
    expect(row.step_count).toBe(2);
    expect(row.data).toEqual({ fullName: 'Ann Lee', floorPlan: [{ fileId: expect.any(String), name: 'plan.pdf', size: TINY_PDF.length, type: 'application/pdf' }] });
    const files = await db.query('SELECT field_name FROM forms.form_submission_file WHERE submission_id = $1', [id]);
    expect(files).toEqual([{ field_name: 'floorPlan' }]);
  });

  it('answers 404 for an unknown form and 400 for a malformed body, never 500', async () => {
    const unknown = await request(testApp.server)
      .post('/api/forms/no-such-form')
      .field('name', 'no-such-form')
      .attach('photos', TINY_PNG, { filename: 'a.png', contentType: 'image/png' })
      .expect(404);
    expect(unknown.body.message).toBe('Form not found');

    const malformed = await request(testApp.server)
      .post(`/api/forms/${claim.name}`)
      .set('Content-Type', 'multipart/form-data; boundary=XYZ')
      .send('--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nupload-claim\r\n--XYZ\r\nContent-Disp')
      .expect(400);
    expect(malformed.body.message).toMatch(/^The multipart\/form-data body is malformed/);

    const badJson = await postClaim({}).field('summary', '{not json').expect(400);
    expect(badJson.body.message).toBe('summary must be JSON text');
  });
});

describe('urlencoded submissions', () => {
  it('accepts formData[field]=value and formData as JSON text', async () => {
    const nested = await request(testApp.server)
      .post(`/api/forms/${contact.name}`)
      .type('form')
      .send(`name=${contact.name}&formData[firstName]=Ann&formData[email]=ann%40example.com&formData[subscribe]=on&formData[stranger]=x`)
      .expect(201);
    const [row] = await db.query('SELECT data FROM forms.form_submission WHERE id = $1', [nested.body.data.id]);
    expect(row.data).toEqual({ firstName: 'Ann', email: 'ann@example.com', subscribe: true });

    const asJson = await request(testApp.server)
      .post(`/api/forms/${contact.name}`)
      .type('form')
      .send({ name: contact.name, formData: JSON.stringify({ firstName: 'B', email: 'nope' }) })
      .expect(400);
    expect(asJson.body.errors).toEqual({ firstName: 'First Name seems too short', email: 'Invalid email address' });
  });
});

describe('abandoned uploads', () => {
  it("are deleted by the housekeeping job once older than the bound; a stored submission's files and files not ours stay", async () => {
    const res = await postClaim({ email: 'ann@example.com', claimType: 'missing' })
      .attach('receipt', TINY_PDF, { filename: 'receipt.pdf', contentType: 'application/pdf' })
      .expect(201);
    const [{ stored_name: kept }] = await db.query(`SELECT stored_name FROM forms.form_submission_file WHERE submission_id = $1`, [res.body.data.id]);
    const [orphan, temporary, young, notOurs] = [`${randomUUID()}.png`, `.tmp-${randomUUID()}.pdf`, `${randomUUID()}.png`, 'README.txt'];
    for (const name of [orphan, temporary, young, notOurs]) await writeFile(path.join(uploadDir, name), 'x');
    // a request's incoming folder a crash left behind, and one still being read
    const [crashed, reading] = ['.incoming/request-AbC123', '.incoming/request-xYz789'];
    for (const folder of [crashed, reading]) {
      await mkdir(path.join(uploadDir, folder));
      await writeFile(path.join(uploadDir, folder, 'part'), 'x');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const name of [kept, orphan, temporary, notOurs, crashed]) await utimes(path.join(uploadDir, name), twoHoursAgo, twoHoursAgo);

    const removed = await testApp.app.get(Housekeeping).runAll();

    expect(removed).toMatchObject({ 'abandoned-uploads': 3 });
    expect(await incomingLeft()).toEqual(['request-xYz789']);
    await rm(path.join(uploadDir, reading), { recursive: true });
    const left = await storedFiles();
    expect(left).toEqual(expect.arrayContaining([kept, young, notOurs]));
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(temporary);
    await rm(path.join(uploadDir, young));
    await rm(path.join(uploadDir, notOurs));
  });
});

describe('upload retention', () => {
  it('deletes stored uploads older than UPLOAD_RETENTION_DAYS (180) with their rows; the submission notes when and how many; younger ones stay', async () => {
    const post = () =>
      postClaim({ email: 'ann@example.com', claimType: 'damaged' })
        .attach('photos', TINY_PNG, { filename: 'kitchen.png', contentType: 'image/png' })
        .attach('receipt', TINY_PDF, { filename: 'receipt.pdf', contentType: 'application/pdf' })
        .expect(201);
    const [old, recent] = [(await post()).body.data.id as string, (await post()).body.data.id as string];
    const filesOf = async (id: string) =>
      ((await db.query(`SELECT stored_name FROM forms.form_submission_file WHERE submission_id = $1 ORDER BY stored_name`, [id])) as { stored_name: string }[]).map((row) => row.stored_name);
    const [oldFiles, recentFiles] = [await filesOf(old), await filesOf(recent)];
    expect(oldFiles).toHaveLength(2);
    // the old submission's files were stored 181 days ago, the recent one's 179
    await db.query(`UPDATE forms.form_submission_file SET created_at = now() - interval '181 days' WHERE submission_id = $1`, [old]);
    await db.query(`UPDATE forms.form_submission_file SET created_at = now() - interval '179 days' WHERE submission_id = $1`, [recent]);

    const removed = await testApp.app.get(Housekeeping).runAll();

    expect(removed).toMatchObject({ 'upload-retention': 2 });
    const left = await storedFiles();
    for (const name of oldFiles) expect(left).not.toContain(name);
    expect(left).toEqual(expect.arrayContaining(recentFiles));
    expect(await filesOf(old)).toEqual([]);
    expect(await filesOf(recent)).toEqual(recentFiles);
    const notes = (await db.query(`SELECT id, files_removed_at, files_removed_count FROM forms.form_submission WHERE id = ANY($1::uuid[])`, [[old, recent]])) as {
      id: string;
      files_removed_at: Date | null;
      files_removed_count: number;
    }[];
    expect(notes.find((note) => note.id === old)).toEqual({ id: old, files_removed_at: expect.any(Date), files_removed_count: 2 });
    expect(notes.find((note) => note.id === recent)).toEqual({ id: recent, files_removed_at: null, files_removed_count: 0 });
    // the submission's answers stay
    const [answers] = await db.query(`SELECT data FROM forms.form_submission WHERE id = $1`, [old]);
    expect(answers.data).toMatchObject({ email: 'ann@example.com', claimType: 'damaged' });

    // run again: nothing more to delete
    expect(await testApp.app.get(Housekeeping).runAll()).toMatchObject({ 'upload-retention': 0 });
  });
});
