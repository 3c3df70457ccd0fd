import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createDatabaseModule } from '../database.js';
import request from 'supertest';
import { createOwnDatabase, createTestApp, type TestApp } from '../testing.js';
import { currentTrace, runInTrace } from '../trace-context.js';
import type { JobContext } from './job-runner.js';
import { JobRunner, UnretryableJobError } from './job-runner.js';
import { createJobsModule } from './jobs.module.js';
import { NoTransactionError } from './transaction-executor.js';

/**
 * The job runner on a real PostgreSQL, in a database of its own: jobs written through the caller's
 * transaction, workers woken by the commit, retries with backoff, the bound on one attempt, pg-boss's
 * expiry of a dead worker's job, dead letters and their re-drive, from the runner and from the
 * built `npm run jobs` command. The schema is payments_jobs (a service name the command knows).
 */

const run = promisify(execFile);
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'jobs', 'cli.js');
const SCHEMA = 'payments_jobs';
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

type KitJobs = {
  work: { n: number };
  flaky: { n: number };
  slow: { n: number };
  patient: { n: number };
  owned: { n: number };
};

interface Call {
  queue: string;
  n: number;
  attempt: number;
  final: boolean;
}
const calls: Call[] = [];
/** flaky jobs fail while this is true */
let flakyFails = true;
/** flaky jobs whose n is here fail as no retry could fix */
const refused = new Set<number>();
const slowSignals: AbortSignal[] = [];
/** what each `work` handler call saw: its data's keys and the trace it ran in */
const seenByWork: { n: number; keys: string[]; requestId: string | undefined; traceId: string | undefined }[] = [];

@Injectable()
class Handlers implements OnModuleInit {
  constructor(private readonly jobs: JobRunner<KitJobs>) {}

  onModuleInit(): void {
    const record = (queue: string, data: { n: number }, job: JobContext): void => {
      calls.push({ queue, n: data.n, attempt: job.attempt, final: job.final });
    };
    this.jobs.handle('work', async (data, job) => {
      record('work', data, job);
      seenByWork.push({ n: data.n, keys: Object.keys(data), requestId: currentTrace()?.requestId, traceId: currentTrace()?.traceId });
    });
    this.jobs.handle('flaky', async (data, job) => {
      record('flaky', data, job);
      if (refused.has(data.n)) throw new UnretryableJobError(`flaky ${data.n} was refused: 401`);
      if (flakyFails) throw new Error(`flaky ${data.n} is down`);
    });
    this.jobs.handle('slow', async (data, job) => {
      record('slow', data, job);
      slowSignals.push(job.signal);
      // the first attempt hangs, ignoring its signal: the runner gives up on it at the queue's bound
      if (job.attempt === 1) await new Promise(() => undefined);
    });
    this.jobs.handle('owned', async (data, job) => {
      record('owned', data, job);
      throw new Error(`owned ${data.n} failed`);
    });
    this.jobs.handle('patient', async (data, job) => {
      record('patient', data, job);
      // runs until its signal aborts, as a handler should
      await new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason as Error)));
    });
  }
}

let databaseUrl: string;
let testApp: TestApp;
let db: DataSource;
let jobs: JobRunner<KitJobs>;


/** filled in beforeAll with the database of this suite's own (both modules read it when the app is created) */
const env: Record<string, string | undefined> = {};

@Module({
  imports: [
    createDatabaseModule({ schema: 'kit', entities: [], migrations: [], env }),
    createJobsModule<KitJobs>({
      schema: SCHEMA,
      env,
      settings: () => ({
        // slow polling: a job that runs at once was woken by its commit
        pollIntervalMs: 3000,
        maintenanceIntervalSeconds: 1,
        stopTimeoutMs: 2000,
        queues: {
          work: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 30 },
          flaky: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 30 },
          slow: { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 1 },
          patient: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 },
          owned: { retryLimit: 0, expireInSeconds: 30, deadLetters: false },
        },
      }),
    }),
  ],
  providers: [Handlers],
})
class KitModule {}

beforeAll(async () => {
  databaseUrl = await createOwnDatabase('kit_jobs', base);
  Object.assign(env, process.env, { DATABASE_URL: databaseUrl });
  testApp = await createTestApp(KitModule, { name: 'kit' });
  db = testApp.app.get(DataSource);
  jobs = testApp.app.get(JobRunner);
});

afterAll(async () => {
  await testApp?.close();
});

async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const callsOf = (queue: string, n: number): Call[] => calls.filter((call) => call.queue === queue && call.n === n);

function jobRows(queue: string, n: number): Promise<{ id: string; state: string; retry_count: number }[]> {
  return db.query(`SELECT id, state, retry_count FROM ${SCHEMA}.job WHERE name = $1 AND (data->>'n')::int = $2 ORDER BY created_on`, [queue, n]);
}

describe('JobRunner', () => {
  it('never runs a job whose transaction rolled back', async () => {
    await expect(
      db.transaction(async (manager) => {
        await jobs.enqueue(manager, 'work', { n: 1 });
        throw new Error('the caller failed after queuing');
      }),
    ).rejects.toThrow('the caller failed after queuing');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await jobRows('work', 1)).toEqual([]);
    expect(callsOf('work', 1)).toEqual([]);
  });

  it('runs a job whose transaction committed once, woken by the commit rather than the next poll', async () => {
    const committedAt = await db.transaction(async (manager) => {
      const id = await jobs.enqueue(manager, 'work', { n: 2 });
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      return Date.now();
    });
    const ran = await waitFor(() => callsOf('work', 2), (found) => found.length > 0, 5000);
    expect(ran).toEqual([{ queue: 'work', n: 2, attempt: 1, final: false }]);
    expect(Date.now() - committedAt).toBeLessThan(2500);
    expect(await waitFor(() => jobRows('work', 2), (rows) => rows[0]?.state === 'completed')).toEqual([expect.objectContaining({ state: 'completed', retry_count: 0 })]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(callsOf('work', 2)).toHaveLength(1);
  });

  it('refuses to enqueue outside a transaction (enqueueNow is for that)', async () => {
    await expect(jobs.enqueue(db.manager, 'work', { n: 3 })).rejects.toBeInstanceOf(NoTransactionError);
    await jobs.enqueueNow('work', { n: 3 });
    expect(await waitFor(() => callsOf('work', 3), (found) => found.length > 0, 5000)).toHaveLength(1);
  });

  it('retries a failing job with backoff, then dead-letters it with one log line; a re-drive runs it again', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error');
    flakyFails = true;
    await jobs.enqueueNow('flaky', { n: 4 });
    const letters = await waitFor(() => jobs.deadLetters(), (found) => found.length > 0, 30_000);
    expect(callsOf('flaky', 4).map(({ attempt, final }) => [attempt, final])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(letters).toEqual([
      { id: expect.any(String), queue: 'flaky', deadLetterQueue: 'flaky.dead-letter', data: { n: 4 }, error: 'flaky 4 is down', deadLetteredAt: expect.any(Date), attempts: 3 },
    ]);
    expect((await jobRows('flaky', 4)).map((row) => row.state)).toEqual(['failed']);
    const deadLetterLines = errors.mock.calls.filter(([, fields]) => (fields as { event?: string } | undefined)?.event === 'job.dead-letter');
    expect(deadLetterLines).toEqual([
      [
        expect.stringContaining('flaky 4 is down'),
        expect.objectContaining({ event: 'job.dead-letter', queue: 'flaky', deadLetterQueue: 'flaky.dead-letter', attempt: 3, retryLimit: 2 }),
      ],
    ]);
    errors.mockRestore();

    flakyFails = false;
    const { redriven, missing } = await jobs.retryDeadLetters([letters[0]!.id]);
    expect(missing).toEqual([]);
    expect(redriven).toEqual([{ deadLetterId: letters[0]!.id, queue: 'flaky', jobId: expect.any(String) }]);
    expect(await waitFor(() => callsOf('flaky', 4), (found) => found.length === 4, 5000)).toHaveLength(4);
    expect(await jobs.deadLetters()).toEqual([]);
    // a second re-drive of the same dead letter finds nothing
    expect(await jobs.retryDeadLetters([letters[0]!.id])).toEqual({ redriven: [], missing: [letters[0]!.id] });
  }, 45_000);

  it('dead-letters a job that fails with UnretryableJobError at once, without retrying it, with its reason', async () => {
    refused.add(40);
    try {
      await jobs.enqueueNow('flaky', { n: 40 });
      const letters = await waitFor(() => jobs.deadLetters(), (found) => found.some((letter) => (letter.data as { n: number }).n === 40), 10_000);
      expect(letters.find((letter) => (letter.data as { n: number }).n === 40)).toMatchObject({ queue: 'flaky', error: 'flaky 40 was refused: 401' });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(callsOf('flaky', 40).map(({ attempt, final }) => [attempt, final])).toEqual([[1, false]]);
    } finally {
      refused.delete(40);
    }
    await jobs.retryDeadLetters();
    await waitFor(() => callsOf('flaky', 40), (found) => found.length === 2, 5000);
    expect(await jobs.deadLetters()).toEqual([]);
  });

  it('leaves a failed job of a queue without dead letters failed, once, for its owner: no retry and no dead letter', async () => {
    await jobs.enqueueNow('owned', { n: 41 });
    const rows = await waitFor(() => jobRows('owned', 41), (found) => found[0]?.state === 'failed', 10_000);
    expect(rows).toEqual([expect.objectContaining({ state: 'failed', retry_count: 0 })]);
    expect(callsOf('owned', 41).map(({ attempt, final }) => [attempt, final])).toEqual([[1, true]]);
    expect((await jobs.deadLetters()).filter((letter) => letter.queue === 'owned')).toEqual([]);
    expect(await db.query(`SELECT dead_letter FROM ${SCHEMA}.queue WHERE name = 'owned'`)).toEqual([{ dead_letter: null }]);
    expect(await db.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.queue WHERE name = 'owned.dead-letter'`)).toEqual([{ n: 0 }]);
  });

  it("aborts an attempt that outlives the queue's bound and retries it", async () => {
    await jobs.enqueueNow('slow', { n: 5 });
    const ran = await waitFor(() => callsOf('slow', 5), (found) => found.length === 2, 10_000);
    expect(ran.map((call) => call.attempt)).toEqual([1, 2]);
    expect(slowSignals[0]?.aborted).toBe(true);
    expect(await waitFor(() => jobRows('slow', 5), (rows) => rows[0]?.state === 'completed')).toEqual([expect.objectContaining({ state: 'completed', retry_count: 1 })]);
  }, 20_000);

  it("takes back a job whose worker died: pg-boss fails it at its expiry and it is retried", async () => {
    // a job held far in the future, then made to look taken by a worker that died an hour ago
    await jobs.enqueueNow('work', { n: 6 }, { startAfter: 3600 });
    const [row] = await jobRows('work', 6);
    await db.query(`UPDATE ${SCHEMA}.job SET state = 'active', started_on = now() - interval '1 hour', start_after = now() WHERE name = 'work' AND id = $1`, [row!.id]);
    const ran = await waitFor(() => callsOf('work', 6), (found) => found.length > 0, 15_000);
    expect(ran).toEqual([{ queue: 'work', n: 6, attempt: 2, final: false }]);
  }, 20_000);

  it("runs a job in the trace of the request that queued it; its handler never sees the carried trace", async () => {
    const trace = { requestId: 'req-queued-0010', traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: '01' };
    await runInTrace(trace, () => db.transaction((manager) => jobs.enqueue(manager, 'work', { n: 10 })));
    const seen = await waitFor(() => seenByWork.filter((entry) => entry.n === 10), (found) => found.length > 0, 5000);
    expect(seen).toEqual([{ n: 10, keys: ['n'], requestId: 'req-queued-0010', traceId: trace.traceId }]);
    const [row] = (await db.query(`SELECT data FROM ${SCHEMA}.job WHERE name = 'work' AND (data->>'n')::int = 10`)) as { data: unknown }[];
    expect(row?.data).toEqual({ n: 10, _trace: { requestId: 'req-queued-0010', traceparent: `00-${trace.traceId}-${trace.spanId}-01` } });

    // queued outside any request: the attempt is named by its job id, in a trace of its own
    const id = await jobs.enqueueNow('work', { n: 11 });
    const [own] = await waitFor(() => seenByWork.filter((entry) => entry.n === 11), (found) => found.length > 0, 5000);
    expect(own).toEqual({ n: 11, keys: ['n'], requestId: id, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('shows each queue on /metrics: waiting, running and dead-lettered jobs', async () => {
    await jobs.enqueueNow('patient', { n: 12 }, { startAfter: 3600 });
    expect(await jobs.queueStats()).toEqual(
      expect.arrayContaining([
        { queue: 'patient', waiting: 1, active: 0, deadLetters: 0 },
        { queue: 'flaky', waiting: 0, active: 0, deadLetters: 0 },
      ]),
    );
    const res = await request(testApp.server).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('storefront_job_queue_depth{queue="patient",service="kit"} 1');
    expect(res.text).toContain('storefront_job_dead_letters{queue="flaky",service="kit"} 0');
    expect(res.text).toContain('storefront_job_stats_up{service="kit"} 1');
    await db.query(`DELETE FROM ${SCHEMA}.job WHERE name = 'patient'`);
  });

  it('keeps one cron schedule per queue', async () => {
    await jobs.schedule('work', '*/5 * * * *', { n: 7 });
    await jobs.schedule('work', '0 3 * * *', { n: 7 }, { tz: 'America/New_York' });
    expect(await db.query(`SELECT name, cron, data, options->>'tz' AS tz FROM ${SCHEMA}.schedule`)).toEqual([{ name: 'work', cron: '0 3 * * *', data: { n: 7 }, tz: 'America/New_York' }]);
    await jobs.unschedule('work');
    expect(await db.query(`SELECT name FROM ${SCHEMA}.schedule`)).toEqual([]);
  });
});

describe('npm run jobs -- <service> dead-letters', () => {
  const jobsCommand = (...args: string[]) => run(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } });

  it('lists the dead letters and re-drives one by id', async () => {
    flakyFails = true;
    await jobs.enqueueNow('flaky', { n: 8 });
    const [letter] = await waitFor(() => jobs.deadLetters(), (found) => found.length > 0, 30_000);

    const text = await jobsCommand('payments', 'dead-letters', 'list');
    expect(text.stdout).toContain(`1 dead letter(s) in ${SCHEMA}`);
    expect(text.stdout).toContain(`${letter!.id}  flaky  `);
    expect(text.stdout).toContain('flaky 8 is down');
    expect(text.stdout).toContain('data {"n":8}');
    const json = await jobsCommand('payments', 'dead-letters', 'list', '--json');
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id: letter!.id, queue: 'flaky', data: { n: 8 }, error: 'flaky 8 is down' })]);

    flakyFails = false;
    const retried = await jobsCommand('payments', 'dead-letters', 'retry', '--id', letter!.id);
    expect(retried.stdout).toContain(`${letter!.id} -> flaky: queued again as job `);
    expect(await waitFor(() => callsOf('flaky', 8), (found) => found.length === 4, 10_000)).toHaveLength(4);
    expect((await jobsCommand('payments', 'dead-letters', 'list')).stdout).toBe(`No dead letters in ${SCHEMA}.\n`);
  }, 45_000);

  it('re-drives every dead letter with --all', async () => {
    flakyFails = true;
    await jobs.enqueueNow('flaky', { n: 9 });
    await jobs.enqueueNow('flaky', { n: 10 });
    await waitFor(() => jobs.deadLetters(), (found) => found.length === 2, 30_000);
    flakyFails = false;
    const { stdout } = await jobsCommand('payments', 'dead-letters', 'retry', '--all');
    expect(stdout).toContain('2 dead letter(s) re-driven');
    await waitFor(() => [...callsOf('flaky', 9), ...callsOf('flaky', 10)], (found) => found.length === 8, 10_000);
    expect(await jobs.deadLetters()).toEqual([]);
  }, 45_000);

  it('says so, exit 1, for an unknown dead letter and for a service without jobs; exit 2 for bad arguments', async () => {
    const unknown = await jobsCommand('payments', 'dead-letters', 'retry', '--id', '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b').catch((error) => error);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no such dead letter in payments_jobs');
    const none = await jobsCommand('content', 'dead-letters', 'list').catch((error) => error);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('The content service has no jobs in this database: schema content_jobs is not there');
    const usage = await jobsCommand('gateway', 'dead-letters', 'list').catch((error) => error);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown service "gateway"');
  });
});

describe('shutdown', () => {
  it('waits stopTimeoutMs for a running job, then aborts it; the attempt is recorded as failed and retried later', async () => {
    await jobs.enqueueNow('patient', { n: 11 });
    await waitFor(() => callsOf('patient', 11), (found) => found.length > 0, 5000);
    const started = Date.now();
    await jobs.stop();
    const took = Date.now() - started;
    // stopTimeoutMs is 2000 here; then the abort ends the attempt at once
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4500);
    const [row] = await jobRows('patient', 11);
    expect(row).toMatchObject({ state: 'retry' });
    const [{ error }] = await db.query(`SELECT output->>'message' AS error FROM ${SCHEMA}.job WHERE id = $1`, [row!.id]);
    expect(error).toBe('the job runner is stopping');
  });
});
