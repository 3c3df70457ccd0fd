import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  SUBMISSIONS_BACK_OFFICE_MESSAGES,
  submissionFormsResponseSchema,
  submissionListResponseSchema,
  type StoredSubmission,
  type SubmissionListResponse,
} from '@storefront/contracts';
import { INTERNAL_CALL_MESSAGE, LEADS_QUIET_FORM, PRIVATE_DOWNLOAD_HEADERS, TINY_PDF, TINY_PNG, bodyBytes, leadsClaimForm, signInternalRequest, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';

/**
 * The back office's reads of the stored submissions (leads), over HTTP on a real PostgreSQL, called
 * as the orders service calls them (signed with ORDERS_INTERNAL_SECRET): submissions made through the
 * public route first, then the forms, the pages, a file byte for byte and the CSV, and every route
 * refused without orders' signature.
 */

const run = promisify(execFile);
// the built export command, as `npm run submissions` runs it (integration tests run after the build)
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'export', 'cli.js');

const ORDERS_SECRET = 'orders-test-internal-secret-0123456789abcdef';
const FORMS_SECRET = 'forms-test-internal-secret-0123456789abcdefg';
const HASH_PREFIX = 'scrypt$';

// forms of their own: the other integration files of this workspace may post at the same time
const claim = leadsClaimForm([
  {
    name: 'claimType',
    type: 'radio',
    label: 'What Happened?',
    required: true,
    options: [
      { label: 'Damaged in transit', value: 'damaged' },
      { label: 'Missing parts', value: 'missing' },
    ],
  },
  { name: 'password', type: 'password', label: 'Choose a password', required: true },
  { name: 'address', type: 'group', label: 'Address', fields: [{ name: 'city', type: 'text', label: 'City' }] },
  { name: 'photos', type: 'file', label: 'Photos', fileTypes: ['image/png'], maxFiles: 2 },
  { name: 'receipt', type: 'file', label: 'Receipt', fileTypes: ['application/pdf'], maxFiles: 1 },
  { name: 'source', type: 'hidden' },
]);
const CLAIM = claim.name;
const CONTACT = 'leads-contact';
const contact = {
  name: CONTACT,
  title: 'Talk to Us',
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'message', type: 'textarea', label: 'Message', required: true },
  ],
  buttons: { submit: 'Send' },
};
// defined, never submitted
const quiet = LEADS_QUIET_FORM;
const QUIET = quiet.name;

let contentDir: string;
let uploadDir: string;
let testApp: TestApp;
let db: DataSource;
let claimId: string;
const saved = { ...process.env };

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(os.tmpdir(), 'forms-back-office-'));
  uploadDir = path.join(contentDir, 'uploads');
  await mkdir(path.join(contentDir, 'forms'));
  for (const form of [claim, contact, quiet]) await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  Object.assign(process.env, {
    CONTENT_DIR: contentDir,
    FORMS_UPLOAD_DIR: uploadDir,
    ORDERS_INTERNAL_SECRET: ORDERS_SECRET,
    FORMS_INTERNAL_SECRET: FORMS_SECRET,
    // the counts live in the database, shared with the other files' apps on this address
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE: '100000',
    FORM_EMAIL_WORKER_ENABLED: 'false',
  });
  const { AppModule, FORMS_BODY_LIMIT } = await import('../app.module.js');
  const { createTestApp } = await import('@storefront/service-kit');
  testApp = await createTestApp(AppModule, { name: 'forms', bodyLimit: FORMS_BODY_LIMIT });
  db = testApp.app.get(DataSource);

  // a lead with files, through the public route as the browser sends it
  const res = await request(testApp.server)
    .post(`/api/forms/${CLAIM}`)
    .field('name', CLAIM)
    .field('formData', JSON.stringify({ firstName: 'Ann', email: 'ann@example.com', claimType: 'damaged', password: 'correct horse battery', address: { city: 'Edison' }, source: 'spring-mailer' }))
    .attach('photos', TINY_PNG, { filename: 'Küche "front".png', contentType: 'image/png' })
    .attach('photos', TINY_PNG, { filename: 'side.png', contentType: 'image/png' })
    .attach('receipt', TINY_PDF, { filename: 'receipt.pdf', contentType: 'application/pdf' })
    .expect(201);
  claimId = res.body.data.id as string;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  for (const name of ['CONTENT_DIR', 'FORMS_UPLOAD_DIR', 'ORDERS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET', 'RATE_LIMIT_WRITES_PER_MINUTE', 'RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE', 'FORM_EMAIL_WORKER_ENABLED']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await rm(contentDir, { recursive: true, force: true });
});

/** A GET as the orders service makes it: signed over the exact path and query sent. */
function asOrders(url: string) {
  return request(testApp.server).get(url).set(signInternalRequest({ caller: 'orders', secret: ORDERS_SECRET, method: 'GET', url }));
}

async function page(url: string): Promise<SubmissionListResponse> {
  const res = await asOrders(url).expect(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(submissionListResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
  return res.body as SubmissionListResponse;
}

/** Every page of `url` (which has a query), following `next`. */
async function allPages(url: string): Promise<{ pages: SubmissionListResponse[]; submissions: StoredSubmission[] }> {
  const pages: SubmissionListResponse[] = [];
  let next: string | null = null;
  do {
    pages.push(await page(next ? `${url}&before=${next}` : url));
    next = pages.at(-1)!.next;
  } while (next && pages.length < 50);
  return { pages, submissions: pages.flatMap((entry) => entry.submissions) };
}

describe('the forms with submissions', () => {
  it('lists every form with stored submissions or a definition: title, count, newest', async () => {
    const res = await asOrders('/internal/forms/submissions/forms').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(submissionFormsResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    const forms = res.body.forms as { name: string }[];
    expect(forms.map((form) => form.name)).toEqual([...forms.map((form) => form.name)].sort());
    const [row] = (await db.query(`SELECT created_at FROM form_submission WHERE id = $1`, [claimId])) as { created_at: Date }[];
    expect(forms.find((form) => form.name === CLAIM)).toEqual({ name: CLAIM, title: 'Damage Claim', submissions: 1, lastSubmittedAt: row!.created_at.toISOString() });
    expect(forms.find((form) => form.name === QUIET)).toEqual({ name: QUIET, title: 'Nobody Asks', submissions: 0, lastSubmittedAt: null });
  });
});

describe('the submissions, a page at a time', () => {
  it("shows a submission's answers as display text in the form's order, never the password, and its files", async () => {
    const { submissions } = await page(`/internal/forms/submissions?form=${CLAIM}`);
    expect(submissions).toHaveLength(1);
    const [lead] = submissions;
    const [stored] = (await db.query(`SELECT created_at FROM form_submission WHERE id = $1`, [claimId])) as { created_at: Date }[];
    expect(lead).toEqual({
      id: claimId,
      form: CLAIM,
      submittedAt: stored!.created_at.toISOString(),
      fields: [
        { name: 'firstName', label: 'First Name', value: 'Ann' },
        { name: 'email', label: 'Email', value: 'ann@example.com' },
        { name: 'claimType', label: 'What Happened?', value: 'Damaged in transit' },
        { name: 'address.city', label: 'City', value: 'Edison' },
        { name: 'photos', label: 'Photos', value: 'Küche _front_.png, side.png' },
        { name: 'receipt', label: 'Receipt', value: 'receipt.pdf' },
        { name: 'source', label: 'source', value: 'spring-mailer' },
      ],
      files: [
        { id: expect.any(String), field: 'photos', fileName: 'Küche _front_.png', contentType: 'image/png', size: TINY_PNG.length },
        { id: expect.any(String), field: 'photos', fileName: 'side.png', contentType: 'image/png', size: TINY_PNG.length },
        { id: expect.any(String), field: 'receipt', fileName: 'receipt.pdf', contentType: 'application/pdf', size: TINY_PDF.length },
      ],
    });
    // the password is stored only as its hash, and not even that is shown
    const [row] = (await db.query(`SELECT data FROM form_submission WHERE id = $1`, [claimId])) as { data: { password: string } }[];
    expect(row!.data.password.startsWith(HASH_PREFIX)).toBe(true);
    expect(JSON.stringify(lead)).not.toMatch(/scrypt|correct horse|password/i);
  });

  it('pages newest first by a keyset cursor: every submission once, in order, also among ones stored at the same instant', async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await request(testApp.server)
        .post(`/api/forms/${CONTACT}`)
        .send({ name: CONTACT, formData: { email: `lead${n}@example.com`, message: `Message number ${n}.` } })
        .expect(201);
      made.push(res.body.data.id as string);
    }
    // five stored in one transaction share their created_at to the microsecond: the id orders them
    const same = Array.from({ length: 5 }, () => randomUUID());
    await db.query(
      `INSERT INTO form_submission (id, form_name, data, created_at, updated_at)
       SELECT id, $2, jsonb_build_object('email', 'same@example.com', 'message', 'Same instant.'), '2020-01-01T00:00:00.123456Z', '2020-01-01T00:00:00.123456Z' FROM unnest($1::uuid[]) AS id`,
      [same, CONTACT],
    );

    const { pages, submissions } = await allPages(`/internal/forms/submissions?form=${CONTACT}&limit=2`);
    expect(pages.map((entry) => entry.submissions.length)).toEqual([2, 2, 2, 2]);
    expect(pages.at(-1)!.next).toBeNull();
    const expected = [...made.reverse(), ...[...same].sort().reverse()];
    expect(submissions.map((entry) => entry.id)).toEqual(expected);
    expect(submissions[0]!.fields).toEqual([
      { name: 'email', label: 'Email', value: 'lead3@example.com' },
      { name: 'message', label: 'Message', value: 'Message number 3.' },
    ]);
    // a cursor holds its place while new submissions arrive
    const first = await page(`/internal/forms/submissions?form=${CONTACT}&limit=3`);
    await request(testApp.server).post(`/api/forms/${CONTACT}`).send({ name: CONTACT, formData: { email: 'late@example.com', message: 'Arrived while paging.' } }).expect(201);
    const second = await page(`/internal/forms/submissions?form=${CONTACT}&limit=3&before=${first.next}`);
    expect(second.submissions.map((entry) => entry.id)).toEqual(expected.slice(3, 6));
  });

  it("without a form, pages every form's submissions newest first", async () => {
    const { submissions } = await allPages('/internal/forms/submissions?limit=200');
    const ours = submissions.filter((entry) => entry.form === CLAIM || entry.form === CONTACT);
    expect(ours).toHaveLength(10);
    const times = submissions.map((entry) => Date.parse(entry.submittedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(submissions.map((entry) => entry.id)).size).toBe(submissions.length);
  });

  it('refuses a cursor it did not write, and a page over 200, with 400', async () => {
    const forged = Buffer.from(`2020-01-01T00:00:00.123456Z|' OR 1=1`).toString('base64url');
    for (const before of [forged, 'AAAA', 'not*base64']) {
      const res = await asOrders(`/internal/forms/submissions?form=${CONTACT}&before=${encodeURIComponent(before)}`).expect(400);
      expect(res.body.errors).toEqual({ before: SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid });
    }
    const tooMany = await asOrders('/internal/forms/submissions?limit=201').expect(400);
    expect(tooMany.body.errors).toHaveProperty('limit');
    const badForm = await asOrders('/internal/forms/submissions?form=../etc').expect(400);
    expect(badForm.body.errors).toHaveProperty('form');
  });
});

describe("a submission's files", () => {
  async function filesOfClaim(): Promise<StoredSubmission['files']> {
    return (await page(`/internal/forms/submissions?form=${CLAIM}`)).submissions[0]!.files;
  }

  it('downloads a stored file byte for byte, as an attachment of the type found in it, never cached or sniffed', async () => {
    const [photo, , receipt] = await filesOfClaim();
    const res = await asOrders(`/internal/forms/submissions/${claimId}/files/${photo!.id}`).buffer(true).parse(bodyBytes).expect(200);
    expect(Buffer.compare(res.body as Buffer, TINY_PNG)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(TINY_PNG.length),
      'content-disposition': `attachment; filename="K_che _front_.png"; filename*=UTF-8''K%C3%BCche%20_front_.png`,
      ...PRIVATE_DOWNLOAD_HEADERS,
    });

    const pdf = await asOrders(`/internal/forms/submissions/${claimId}/files/${receipt!.id}`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="receipt\.pdf"/);
  });

  it("answers 404 for another submission's file, an unknown one, one that is no id, and one no longer on disk", async () => {
    const [photo, second] = await filesOfClaim();
    const [other] = (await db.query(`SELECT id FROM form_submission WHERE form_name = $1 LIMIT 1`, [CONTACT])) as { id: string }[];
    for (const [submissionId, fileId] of [
      [other!.id, photo!.id],
      [claimId, randomUUID()],
      [claimId, '..%2F..%2Fetc%2Fpasswd'],
      ['not-a-uuid', photo!.id],
    ]) {
      const res = await asOrders(`/internal/forms/submissions/${submissionId}/files/${fileId}`).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: SUBMISSIONS_BACK_OFFICE_MESSAGES.fileNotFound });
    }
    const [row] = (await db.query(`SELECT stored_name FROM form_submission_file WHERE id = $1`, [second!.id])) as { stored_name: string }[];
    await unlink(path.join(uploadDir, row!.stored_name));
    await asOrders(`/internal/forms/submissions/${claimId}/files/${second!.id}`).expect(404);
  });
});

describe("the submissions' CSV", () => {
  it('answers what `npm run -s submissions -- export` prints, as a UTF-8 CSV attachment', async () => {
    const res = await asOrders(`/internal/forms/submissions.csv?form=${CLAIM}`).expect(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${CLAIM}-submissions.csv"; filename*=UTF-8''${CLAIM}-submissions.csv`,
      ...PRIVATE_DOWNLOAD_HEADERS,
    });
    const { stdout } = await run(process.execPath, [CLI, 'export', '--form', CLAIM], { env: process.env });
    expect(res.text).toBe(stdout);
    expect(res.text.split('\r\n')[0]).toBe('id,form,submitted_at,updated_at,steps,firstName,email,claimType,address,photos,receipt,source');
    expect(res.text).not.toContain(HASH_PREFIX);

    const since = await asOrders(`/internal/forms/submissions.csv?form=${CONTACT}&since=2021-01-01`).expect(200);
    const cli = await run(process.execPath, [CLI, 'export', '--form', CONTACT, '--since', '2021-01-01'], { env: process.env });
    expect(since.text).toBe(cli.stdout);
    // the five stored in 2020 are before it
    expect(since.text.trimEnd().split('\r\n')).toHaveLength(1 + 4);
    expect(since.headers['content-disposition']).toMatch(/^attachment; filename="leads-contact-submissions-since-2021-01-01\.csv"/);
  });

  it('refuses a CSV without a form or with a since that is no date', async () => {
    expect((await asOrders('/internal/forms/submissions.csv').expect(400)).body.errors).toHaveProperty('form');
    expect((await asOrders(`/internal/forms/submissions.csv?form=${CLAIM}&since=yesterday`).expect(400)).body.errors).toEqual({ since: SUBMISSIONS_BACK_OFFICE_MESSAGES.sinceInvalid });
  });
});

describe('only the orders service, signed, reads the leads', () => {
  const urls = () => [
    '/internal/forms/submissions/forms',
    `/internal/forms/submissions?form=${CLAIM}`,
    `/internal/forms/submissions.csv?form=${CLAIM}`,
    `/internal/forms/submissions/${claimId}/files/${randomUUID()}`,
  ];

  it.each([
    ['no signature', () => ({})],
    ["orders' name without a signature", () => ({ 'X-Internal-Caller': 'orders' })],
    ['a signature with the wrong secret', (url: string) => signInternalRequest({ caller: 'orders', secret: 'not-the-orders-secret-0123456789abcdef', method: 'GET', url })],
    ['a valid signature from a caller the routes do not name (forms)', (url: string) => signInternalRequest({ caller: 'forms', secret: FORMS_SECRET, method: 'GET', url })],
    ["orders' signature over another path", (url: string) => signInternalRequest({ caller: 'orders', secret: ORDERS_SECRET, method: 'GET', url: `${url}x` })],
  ])('refuses %s with 401 on every route, showing nothing', async (_, headers) => {
    for (const url of urls()) {
      const res = await request(testApp.server).get(url).set(headers(url)).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, message: INTERNAL_CALL_MESSAGE });
      expect(JSON.stringify(res.body)).not.toMatch(/ann@example\.com|Edison/);
    }
  });
});
