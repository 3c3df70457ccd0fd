import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DEAD_LETTER_ERROR_MAX_LENGTH, DEAD_LETTER_MESSAGES, deadLetterRetryResponseSchema, deadLettersResponseSchema } from '@storefront/contracts';
import request from 'supertest';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { RATE_LIMIT_HITS_DDL } from '../rate-limit-storage.js';
import { signInternalRequest } from '../route-table/internal-signature.js';
import { INTERNAL_CALL_MESSAGE } from '../route-table/internal-token.guard.js';
import { createServiceModules } from '../service-modules.js';
import { createOwnDatabase, createTestApp, type TestApp } from '../testing.js';
import { JobRunner } from './job-runner.js';

/**
 * The dead letters over HTTP (GET /internal/jobs/dead-letters, POST /internal/jobs/dead-letters/:id/retry),
 * as createServiceModules mounts them for a service with jobs (here named forms, in a database of its
 * own): a job that fails for good is listed in outline, re-driven into its queue as a new job that
 * then runs, and only orders' signature opens either route.
 */

const ORDERS_SECRET = 'orders-test-internal-secret-0123456789abcdef';
const FORMS_SECRET = 'forms-test-internal-secret-0123456789abcdefg';
const SCHEMA = 'forms_jobs';
const SUBMISSION = '3a195f0f-9ca2-4d80-b183-4cc6dde19164';

type LetterJobs = { mail: { submissionId: string; recipient: string; body: string } };

/** what the handler saw, and whether it fails */
const ran: string[] = [];
let mailDown = true;

@Injectable()
class MailHandler implements OnModuleInit {
  constructor(private readonly jobs: JobRunner<LetterJobs>) {}

  onModuleInit(): void {
    this.jobs.handle('mail', async (data) => {
      ran.push(data.submissionId);
      // a long message, as a provider's error page can be
      if (mailDown) throw new Error(`mail server said: ${'unavailable '.repeat(80)}`);
    });
  }
}

class Tables1700000000000 implements MigrationInterface {
  name = 'Tables1700000000000';
  async up(q: QueryRunner): Promise<void> {
    for (const statement of RATE_LIMIT_HITS_DDL) await q.query(statement);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limit_hits');
  }
}

@Module({
  imports: [
    ...createServiceModules<LetterJobs>({
      database: { schema: 'forms', entities: [], migrations: [Tables1700000000000], service: 'forms' },
      // workers off: the test runs the queue itself (runDue), so nothing races it
      jobs: { schema: SCHEMA, settings: () => ({ workersEnabled: false, queues: { mail: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30 } } }) },
    }),
  ],
  providers: [MailHandler],
})
class LettersModule {}

let testApp: TestApp;
let db: DataSource;
let jobs: JobRunner<LetterJobs>;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.DATABASE_URL = await createOwnDatabase('kit_dead_letters');
  process.env.ORDERS_INTERNAL_SECRET = ORDERS_SECRET;
  process.env.FORMS_INTERNAL_SECRET = FORMS_SECRET;
  process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = '1000';
  testApp = await createTestApp(LettersModule, { name: 'forms' });
  db = testApp.app.get(DataSource);
  jobs = testApp.app.get(JobRunner);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  for (const name of ['DATABASE_URL', 'ORDERS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET', 'RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const signedBy = (caller: 'orders' | 'forms', secret: string, method: 'GET' | 'POST', url: string) => signInternalRequest({ caller, secret, method, url });
const asOrders = (method: 'GET' | 'POST', url: string) => signedBy('orders', ORDERS_SECRET, method, url);

/** Runs the queue until its job has failed for good (its retry waits a second or two). */
async function failForGood(): Promise<void> {
  const until = Date.now() + 20_000;
  let deadLettered = 0;
  while (deadLettered === 0 && Date.now() < until) {
    deadLettered += (await jobs.runDue('mail')).deadLettered;
    if (deadLettered === 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(deadLettered).toBe(1);
}

describe('the dead letters over HTTP', () => {
  let letterId: string;

  it('lists a job that failed for good: its queue, when, attempts, error cut to 500 characters, and its data in outline', async () => {
    await jobs.enqueueNow('mail', { submissionId: SUBMISSION, recipient: 'ann@example.com', body: '<p>Your claim, Ann</p>' });
    await failForGood();
    expect(ran).toEqual([SUBMISSION, SUBMISSION]);

    const res = await request(testApp.server).get('/internal/jobs/dead-letters').set(asOrders('GET', '/internal/jobs/dead-letters')).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(deadLettersResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    expect(res.body.service).toBe('forms');
    expect(res.body.deadLetters).toHaveLength(1);
    const [letter] = res.body.deadLetters;
    expect(letter).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      queue: 'mail',
      failedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      attempts: 2,
      error: expect.stringMatching(/^mail server said: unavailable unavailable .*…$/),
      data: { keys: ['body', 'recipient', 'submissionId'], ids: { submissionId: SUBMISSION } },
    });
    expect([...letter.error]).toHaveLength(DEAD_LETTER_ERROR_MAX_LENGTH);
    expect(Date.now() - Date.parse(letter.failedAt)).toBeLessThan(60_000);
    // what the job carried stays in the service
    expect(JSON.stringify(res.body)).not.toMatch(/ann@example\.com|Your claim/);
    letterId = letter.id;
  });

  it('sends it back to its queue as a new job with fresh retries, which then runs; it is no dead letter any more', async () => {
    const url = `/internal/jobs/dead-letters/${letterId}/retry`;
    const res = await request(testApp.server).post(url).set(asOrders('POST', url)).expect(200);
    expect(deadLetterRetryResponseSchema.validateSync(res.body, { strict: true })).toEqual(res.body);
    expect(res.body).toEqual({ retried: [{ id: letterId, queue: 'mail', newJobId: expect.stringMatching(/^[0-9a-f-]{36}$/) }] });
    const newJobId = res.body.retried[0].newJobId as string;

    // queued again: a new job in its queue, waiting, with its whole data and no retry used
    const [job] = (await db.query(`SELECT name, state, retry_count, data FROM ${SCHEMA}.job WHERE id = $1`, [newJobId])) as { name: string; state: string; retry_count: number; data: LetterJobs['mail'] }[];
    expect(job).toMatchObject({ name: 'mail', state: 'created', retry_count: 0, data: { submissionId: SUBMISSION, recipient: 'ann@example.com' } });
    const listed = await request(testApp.server).get('/internal/jobs/dead-letters').set(asOrders('GET', '/internal/jobs/dead-letters')).expect(200);
    expect(listed.body.deadLetters).toEqual([]);

    mailDown = false;
    expect(await jobs.runDue('mail')).toEqual({ completed: 1, retried: 0, deadLettered: 0 });
    expect(ran).toEqual([SUBMISSION, SUBMISSION, SUBMISSION]);
    expect((await db.query(`SELECT state FROM ${SCHEMA}.job WHERE id = $1`, [newJobId]))[0]).toEqual({ state: 'completed' });
  });

  it('answers 404 for an id that is no dead letter: the one re-driven already, an unknown one, one that is no id', async () => {
    for (const id of [letterId, '7d5c2f8e-1b4a-4c3d-9e8f-0a1b2c3d4e5f', 'not-an-id']) {
      const url = `/internal/jobs/dead-letters/${id}/retry`;
      const res = await request(testApp.server).post(url).set(asOrders('POST', url)).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: DEAD_LETTER_MESSAGES.notFound });
    }
  });

  it.each([
    ['no signature', () => ({})],
    ['a signature with the wrong secret', (method: 'GET' | 'POST', url: string) => signedBy('orders', 'not-the-orders-secret-0123456789abcdef', method, url)],
    ['a valid signature from a caller the routes do not name (forms)', (method: 'GET' | 'POST', url: string) => signedBy('forms', FORMS_SECRET, method, url)],
    ["orders' name with no signature", () => ({ 'X-Internal-Caller': 'orders' })],
  ])('refuses %s with 401, and re-drives nothing', async (_, headers) => {
    await jobs.enqueueNow('mail', { submissionId: SUBMISSION, recipient: 'bob@example.com', body: 'x' });
    mailDown = true;
    await failForGood();
    const [letter] = await jobs.deadLetters();
    const id = letter!.id;
    const list = await request(testApp.server).get('/internal/jobs/dead-letters').set(headers('GET', '/internal/jobs/dead-letters')).expect(401);
    expect(list.body).toMatchObject({ statusCode: 401, message: INTERNAL_CALL_MESSAGE });
    expect(JSON.stringify(list.body)).not.toContain(SUBMISSION);
    const url = `/internal/jobs/dead-letters/${id}/retry`;
    await request(testApp.server).post(url).set(headers('POST', url)).expect(401);
    expect((await jobs.deadLetters()).map((letter) => letter.id)).toEqual([id]);
    // leave none for the next case
    await jobs.retryDeadLetters([id]);
    mailDown = false;
    await jobs.runDue('mail');
  });
});
