import { randomBytes, randomUUID } from 'node:crypto';
import {
  SUBMISSIONS_BACK_OFFICE_MESSAGES,
  adminApi,
  apiUrl,
  submissionFormsResponseSchema,
  submissionListResponseSchema,
  type StoredSubmission,
  type SubmissionListResponse,
} from '@storefront/contracts';
import { LEADS_QUIET_FORM, PRIVATE_DOWNLOAD_HEADERS, TINY_PNG, bodyBytes, freePort, leadsClaimForm } from '@storefront/service-kit';
import request from 'supertest';
import { startFormsService, type FormsService } from '../../testing/forms-service.js';
import { useOwnDatabase, type OwnDatabase } from '../../testing/own-database.js';
import { startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey } from '../api-keys/api-keys.js';

// The back office's leads over HTTP on real PostgreSQL, end to end: the REAL forms service (its built
// process) stores what a visitor sends through its public route, and staff read it through the orders
// service's admin routes with an API key: the forms and their counts, the submissions a page at a
// time, a file byte for byte, the CSV; then, with forms stopped, a 503 that says so.

const ORDERS_SECRET = randomBytes(32).toString('hex');

const claim = leadsClaimForm([
  { name: 'message', type: 'textarea', label: 'What Happened?' },
  { name: 'photos', type: 'file', label: 'Photos', fileTypes: ['image/png'], maxFiles: 2, maxFileSize: 5 },
]);
const CLAIM = claim.name;
// defined, never submitted
const quiet = LEADS_QUIET_FORM;
const QUIET = quiet.name;

/** Over a megabyte (a PNG padded with random bytes is still read as a PNG by its content): many chunks on the way through both services. */
const BIG_PNG = Buffer.concat([TINY_PNG, randomBytes(1_536_000)]);

let forms: FormsService;
// this suite's own: the other suites of the workspace share theirs (their e-mail queue, the per-address limits)
let database: OwnDatabase;
let app: OrdersTestApp;
let sales: string;
let lastAddress = 0;
const saved = { ...process.env };

const as = (key: string) => {
  const address = `198.51.100.${(++lastAddress % 250) + 1}`;
  return (url: string) => request(app.server).get(url).set('Authorization', `Bearer ${key}`).set('X-Forwarded-For', address);
};

/** A body read whole as bytes, whatever its type. */
const bytes = (test: request.Test) => test.buffer(true).parse(bodyBytes);

/** A claim as the browser sends it to the forms service's public route: multipart, files by field. */
async function submitClaim(firstName: string, files: { name: string; content: Buffer }[] = []): Promise<string> {
  let post = request(forms.url)
    .post(`/api/forms/${CLAIM}`)
    .field('name', CLAIM)
    .field('formData', JSON.stringify({ firstName, email: `${firstName.toLowerCase()}@example.com`, message: `=HYPERLINK("x") from ${firstName}` }));
  for (const file of files) post = post.attach('photos', file.content, { filename: file.name, contentType: 'image/png' });
  const res = await post.expect(201);
  return res.body.data.id as string;
}

let annId: string;
let bobId: string;

beforeAll(async () => {
  forms = await startFormsService({ forms: [claim, quiet], env: { ORDERS_INTERNAL_SECRET: ORDERS_SECRET, FORM_EMAIL_WORKER_ENABLED: 'false' } });
  Object.assign(process.env, {
    TRUST_PROXY: 'loopback',
    FORMS_SERVICE_URL: forms.url,
    ORDERS_INTERNAL_SECRET: ORDERS_SECRET,
    // nothing listens there: no payments service in this suite
    PAYMENTS_SERVICE_URL: `http://127.0.0.1:${await freePort()}`,
  });
  database = await useOwnDatabase('orders_leads');
  app = await startOrdersTestApp({ logLevels: ['error'] });
  sales = (await createApiKey(app.db, `leads-tests-sales-${Date.now()}`, 'sales')).key;

  annId = await submitClaim('Ann', [
    { name: 'Küche "front".png', content: BIG_PNG },
    { name: 'side.png', content: TINY_PNG },
  ]);
  bobId = await submitClaim('Bob');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await forms?.close();
  for (const name of ['TRUST_PROXY', 'FORMS_SERVICE_URL', 'ORDERS_INTERNAL_SECRET', 'PAYMENTS_SERVICE_URL']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the leads through the admin API, from the real forms service', () => {
  it('lists every form with its title, count and newest submission, as the contract has it', async () => {
    const res = await as(sales)(apiUrl(adminApi.submissionForms)).expect(200);
    expect(submissionFormsResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    const found = res.body.forms as { name: string; title: string; submissions: number; lastSubmittedAt: string | null }[];
    expect(found.find((form) => form.name === CLAIM)).toEqual({ name: CLAIM, title: 'Damage Claim', submissions: 2, lastSubmittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(found.find((form) => form.name === QUIET)).toEqual({ name: QUIET, title: 'Nobody Asks', submissions: 0, lastSubmittedAt: null });
    // what forms answers, passed on: the same forms the forms service lists
    const direct = await (await forms.signedGet('/internal/forms/submissions/forms', ORDERS_SECRET)).json();
    expect(res.body).toEqual(direct);
  });

  it("pages a form's submissions newest first with the cursor: answers as display text, files listed", async () => {
    const url = (query: Record<string, string | number>) => apiUrl(adminApi.submissions, { query });
    const first = await as(sales)(url({ form: CLAIM, limit: 1 })).expect(200);
    expect(submissionListResponseSchema.validateSync(first.body, { strict: true })).toEqual(first.body);
    const page1 = first.body as SubmissionListResponse;
    expect(page1.submissions.map((entry) => entry.id)).toEqual([bobId]);
    expect(page1.next).toEqual(expect.any(String));

    const page2 = (await as(sales)(url({ form: CLAIM, limit: 1, before: page1.next! })).expect(200)).body as SubmissionListResponse;
    expect(page2.submissions.map((entry) => entry.id)).toEqual([annId]);
    const [ann] = page2.submissions as [StoredSubmission];
    expect(ann).toEqual({
      id: annId,
      form: CLAIM,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      fields: [
        { name: 'firstName', label: 'First Name', value: 'Ann' },
        { name: 'email', label: 'Email', value: 'ann@example.com' },
        { name: 'message', label: 'What Happened?', value: '=HYPERLINK("x") from Ann' },
        { name: 'photos', label: 'Photos', value: 'Küche _front_.png, side.png' },
      ],
      files: [
        { id: expect.any(String), field: 'photos', fileName: 'Küche _front_.png', contentType: 'image/png', size: BIG_PNG.length },
        { id: expect.any(String), field: 'photos', fileName: 'side.png', contentType: 'image/png', size: TINY_PNG.length },
      ],
    });
    // the last page says so
    expect(page2.next).toBeNull();
  });

  it('refuses a bad query itself (400, per field) and passes on what the forms service refuses', async () => {
    const tooMany = await as(sales)(apiUrl(adminApi.submissions, { query: { limit: 500 } })).expect(400);
    expect(tooMany.body.errors).toHaveProperty('limit');
    const forged = Buffer.from(`2020-01-01T00:00:00.123456Z|' OR 1=1`).toString('base64url');
    const cursor = await as(sales)(apiUrl(adminApi.submissions, { query: { form: CLAIM, before: forged } })).expect(400);
    expect(cursor.body).toMatchObject({ statusCode: 400, message: SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid, errors: { before: SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid } });
  });

  it('downloads a file byte for byte, streamed through as an attachment of its detected type, never sniffed or cached', async () => {
    const page = (await as(sales)(apiUrl(adminApi.submissions, { query: { form: CLAIM } })).expect(200)).body as SubmissionListResponse;
    const [photo, side] = page.submissions.find((entry) => entry.id === annId)!.files;
    const res = await bytes(as(sales)(apiUrl(adminApi.submissionFile, { params: { submissionId: annId, fileId: photo!.id } }))).expect(200);
    expect(res.body).toBeInstanceOf(Buffer);
    expect(Buffer.compare(res.body as Buffer, BIG_PNG)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(BIG_PNG.length),
      'content-disposition': `attachment; filename="K_che _front_.png"; filename*=UTF-8''K%C3%BCche%20_front_.png`,
      ...PRIVATE_DOWNLOAD_HEADERS,
    });

    const small = await bytes(as(sales)(apiUrl(adminApi.submissionFile, { params: { submissionId: annId, fileId: side!.id } }))).expect(200);
    expect(Buffer.compare(small.body as Buffer, TINY_PNG)).toBe(0);
  });

  it("answers 404 for another submission's file, an unknown one and one that is no id", async () => {
    const page = (await as(sales)(apiUrl(adminApi.submissions, { query: { form: CLAIM } })).expect(200)).body as SubmissionListResponse;
    const [photo] = page.submissions.find((entry) => entry.id === annId)!.files;
    for (const [submissionId, fileId] of [
      [bobId, photo!.id],
      [annId, randomUUID()],
      [annId, 'not-a-file'],
    ] as const) {
      const res = await as(sales)(apiUrl(adminApi.submissionFile, { params: { submissionId, fileId } })).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: SUBMISSIONS_BACK_OFFICE_MESSAGES.fileNotFound });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it("streams the form's CSV: the forms service's very bytes, as a UTF-8 attachment, formulas defused", async () => {
    const res = await as(sales)(apiUrl(adminApi.submissionsCsv, { query: { form: CLAIM } })).expect(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${CLAIM}-submissions.csv"; filename*=UTF-8''${CLAIM}-submissions.csv`,
      ...PRIVATE_DOWNLOAD_HEADERS,
    });
    const direct = await forms.signedGet(`/internal/forms/submissions.csv?form=${CLAIM}`, ORDERS_SECRET);
    expect(direct.status).toBe(200);
    expect(res.text).toBe(await direct.text());
    const lines = res.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('id,form,submitted_at,updated_at,steps,firstName,email,message,photos');
    expect(res.text).toContain(`'=HYPERLINK`);

    const since = await as(sales)(apiUrl(adminApi.submissionsCsv, { query: { form: CLAIM, since: '2999-01-01' } })).expect(200);
    expect(since.text.trimEnd().split('\r\n')).toHaveLength(1);
    const bad = await as(sales)(apiUrl(adminApi.submissionsCsv, { query: { form: CLAIM, since: 'yesterday' } })).expect(400);
    expect(bad.body.errors).toEqual({ since: SUBMISSIONS_BACK_OFFICE_MESSAGES.sinceInvalid });
  });

  it('shows nothing without a key', async () => {
    const res = await request(app.server).get(apiUrl(adminApi.submissions, { query: { form: CLAIM } })).set('X-Forwarded-For', '198.51.100.254');
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/ann@example\.com/);
  });
});

describe('with the forms service stopped', () => {
  beforeAll(async () => {
    await forms.stop();
  });

  it('answers 503 in words on every leads route, at once', async () => {
    for (const url of [
      apiUrl(adminApi.submissionForms),
      apiUrl(adminApi.submissions, { query: { form: CLAIM } }),
      apiUrl(adminApi.submissionFile, { params: { submissionId: annId, fileId: randomUUID() } }),
      apiUrl(adminApi.submissionsCsv, { query: { form: CLAIM } }),
    ]) {
      const started = Date.now();
      const res = await as(sales)(url).expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, message: 'The forms service is unavailable right now. Try again in a moment.', errorType: 'formsUnavailable' });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });
});
