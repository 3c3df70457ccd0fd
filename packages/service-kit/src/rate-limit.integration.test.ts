import { randomBytes } from 'node:crypto';
import { Controller, Get, Module, Post, UseGuards } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import pg from 'pg';
import request from 'supertest';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createDatabaseModule } from './database.js';
import { createHousekeepingModule, HOUSEKEEPING_QUEUE, type HousekeepingJobs, withHousekeeping } from './housekeeping/index.js';
import { IDEMPOTENCY_RECORDS_DDL, IdempotentWrite, requestFingerprint } from './idempotency.js';
import { JobRunner } from './jobs/job-runner.js';
import { createJobsModule } from './jobs/jobs.module.js';
import { CREDENTIAL_FAILURES_MESSAGE } from './credential-failures.js';
import { LookupRateLimit, RATE_LIMIT_MESSAGE, RateLimitGuard, type WriteAndLookupStorage, createRateLimitModule } from './rate-limit.js';
import { InternalTokenGuard } from './route-table/internal-token.guard.js';
import { RATE_LIMIT_HITS_DDL } from './rate-limit-storage.js';
import { createTestApp, type TestApp } from './testing.js';

/**
 * The rate limit in PostgreSQL (two apps on one schema: two replicas) and the housekeeping job that
 * deletes expired counters and idempotency records, on a real database.
 */

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');
const SCHEMA = `kit_limits_${randomBytes(3).toString('hex')}`;
const WRITE_LIMIT = 3;

class KitTables1700000000000 implements MigrationInterface {
  name = 'KitTables1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(IDEMPOTENCY_RECORDS_DDL);
    for (const statement of RATE_LIMIT_HITS_DDL) await q.query(statement);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limit_hits');
    await q.query('DROP TABLE idempotency_records');
  }
}

@Controller('api/forms')
class SubmitController {
  @Post('contact')
  @UseGuards(RateLimitGuard)
  submit() {
    return { success: true };
  }
}

@Controller('api/quote')
class LookupController {
  @Get()
  @LookupRateLimit({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '2' })
  lookup() {
    return { success: true };
  }
}

@Controller('internal')
class InternalController {
  // no route names callers: a call that names one is refused (401), and counted
  @Post('ping')
  @UseGuards(InternalTokenGuard)
  ping() {
    return { success: true };
  }
}

@Module({
  imports: [
    createDatabaseModule({ schema: SCHEMA, entities: [], migrations: [KitTables1700000000000] }),
    createJobsModule<HousekeepingJobs>({ schema: `${SCHEMA}_jobs`, settings: () => withHousekeeping({ queues: {}, workersEnabled: false }) }),
    createHousekeepingModule({ idempotencyRecords: true, env: { IDEMPOTENCY_TTL_HOURS: '24' } }),
    createRateLimitModule({ RATE_LIMIT_WRITES_PER_MINUTE: String(WRITE_LIMIT) }),
  ],
  controllers: [SubmitController, LookupController, InternalController],
})
class LimitedModule {}

/** today's limit, in one process's memory: what the shared one must behave like */
@Module({
  imports: [ThrottlerModule.forRoot({ throttlers: [{ name: 'writes', ttl: 60_000, limit: WRITE_LIMIT }], errorMessage: RATE_LIMIT_MESSAGE })],
  controllers: [SubmitController],
})
class InMemoryModule {}

let replicas: TestApp[];
let db: DataSource;

beforeAll(async () => {
  // one after the other: the first migrates the schema
  const first = await createTestApp(LimitedModule, { name: 'kit' });
  replicas = [first, await createTestApp(LimitedModule, { name: 'kit' })];
  db = first.app.get(DataSource);
});

afterAll(async () => {
  await Promise.all(replicas?.map((replica) => replica.close()) ?? []);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}_jobs" CASCADE`);
  await client.end();
});

const post = (app: TestApp, address: string) => request(app.server).post('/api/forms/contact').set('X-Forwarded-For', address).send({});
const limitHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => /^(x-ratelimit|retry-after)/.test(name)));

/** Shares what each replica counted since its last flush (its timer does this every second). */
const flushWrites = (...apps: TestApp[]) => Promise.all(apps.map((app) => app.app.get<ThrottlerStorage, WriteAndLookupStorage>(ThrottlerStorage).writes.flush()));

describe('the write limit, counted in each replica and shared through PostgreSQL', () => {
  it('is one limit for every replica once shared: a replica refuses an address the other blocked, from its next flush', async () => {
    const address = '203.0.113.7';
    const first: number[] = [];
    for (let n = 0; n <= WRITE_LIMIT; n += 1) first.push((await post(replicas[0]!, address)).status);
    expect(first).toEqual([201, 201, 201, 429]);
    await flushWrites(replicas[0]!);
    // the other replica has not read the shared count yet: its first request goes through, then its flush learns the block
    expect((await post(replicas[1]!, address)).status).toBe(201);
    await flushWrites(replicas[1]!);
    expect((await post(replicas[1]!, address)).status).toBe(429);
    // another shopper behind the same gateway is not affected, on either replica
    expect((await post(replicas[1]!, '198.51.100.20')).status).toBe(201);
    expect((await post(replicas[0]!, '198.51.100.20')).status).toBe(201);
  });

  it('counts requests that arrive at one replica at once exactly', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(replicas[0]!, '203.0.113.11')));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(WRITE_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10 - WRITE_LIMIT);
  });

  it('lets at most the limit through each replica before a flush, and the limit in all after it (the documented bound)', async () => {
    const address = '203.0.113.8';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => post(replicas[n % 2]!, address)));
    const through = answers.filter((answer) => answer.status === 201).length;
    expect(through).toBeGreaterThanOrEqual(WRITE_LIMIT);
    expect(through).toBeLessThanOrEqual(2 * WRITE_LIMIT);
    await flushWrites(...replicas);
    // both replicas now know the shared count: the next request is refused wherever it lands
    expect((await post(replicas[0]!, address)).status).toBe(429);
    expect((await post(replicas[1]!, address)).status).toBe(429);
  });

  it('answers as the in-memory limit did: the same statuses, message and headers', async () => {
    const memory = await createTestApp(InMemoryModule, { name: 'kit' });
    try {
      for (let n = 0; n <= WRITE_LIMIT; n += 1) {
        // one replica: it counts exactly, as the process's memory did
        const [before, now] = [await post(memory, '192.0.2.1'), await post(replicas[0]!, '192.0.2.1')];
        expect(now.status).toBe(before.status);
        expect({ ...now.body, requestId: undefined }).toEqual({ ...before.body, requestId: undefined });
        expect(Object.keys(limitHeaders(now.headers)).sort()).toEqual(Object.keys(limitHeaders(before.headers)).sort());
        for (const [name, value] of Object.entries(limitHeaders(before.headers))) {
          // seconds left: the same, give or take the second that passed between the two requests
          expect(Math.abs(Number(now.headers[name]) - Number(value))).toBeLessThanOrEqual(1);
        }
      }
      const refused = await post(replicas[0]!, '192.0.2.1');
      expect(refused.body).toMatchObject({ success: false, statusCode: 429, message: RATE_LIMIT_MESSAGE });
      expect(Number(refused.headers['retry-after-writes'])).toBeGreaterThan(55);
      // the standard header a client reads, the same seconds as the library's own
      expect(refused.headers['retry-after']).toBe(refused.headers['retry-after-writes']);
    } finally {
      await memory.close();
    }
  });

  it('shares what a replica counted when it shuts down', async () => {
    const sharedWrites = async () => Number(((await db.query(`SELECT coalesce(sum(hits), 0) AS hits FROM rate_limit_hits WHERE throttler = 'writes'`)) as { hits: string }[])[0]!.hits);
    const leaving = await createTestApp(LimitedModule, { name: 'kit' });
    const before = await sharedWrites();
    try {
      await post(leaving, '203.0.113.12').expect(201);
      await post(leaving, '203.0.113.12').expect(201);
      expect(await sharedWrites()).toBe(before);
    } finally {
      await leaving.close();
    }
    expect(await sharedWrites()).toBe(before + 2);
  });
});

describe('the lookup limit, counted exactly in PostgreSQL', () => {
  const get = (app: TestApp, address: string) => request(app.server).get('/api/quote').set('X-Forwarded-For', address);

  it('limits a lookup by its own limit on every replica at once, counted apart from the writes', async () => {
    expect((await get(replicas[0]!, '203.0.113.9')).status).toBe(200);
    expect((await get(replicas[1]!, '203.0.113.9')).status).toBe(200);
    // no flush: every guess is counted in the database as it comes
    const refused = await get(replicas[0]!, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(refused.headers['retry-after']).toBe(refused.headers['retry-after-lookups']);
    expect((await post(replicas[1]!, '203.0.113.9')).status).toBe(201);
  });

  it('starts a new window once the block is over', async () => {
    const address = '203.0.113.10';
    for (let n = 0; n <= 2; n += 1) await get(replicas[0]!, address);
    expect((await get(replicas[1]!, address)).status).toBe(429);
    // a minute later (moved back in time rather than waited for)
    await db.query(`UPDATE rate_limit_hits SET window_ends_at = window_ends_at - interval '61 seconds', blocked_until = blocked_until - interval '61 seconds' WHERE throttler = 'lookups'`);
    const again = await get(replicas[1]!, address);
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining-lookups']).toBe('1');
  });
});

describe('failed credentials in PostgreSQL', () => {
  const LIMIT = 3;
  const TOKEN = 'metrics-3f9a1c7e5b2d8f40a6c3e9b1d7f2a5c8';
  const saved = { limit: process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE, token: process.env.METRICS_TOKEN };
  const failureRows = (key: string) => db.query(`SELECT hits FROM rate_limit_hits WHERE throttler = 'credential-failures' AND key = $1`, [key]);
  /** a minute passing, as the table sees it (moved back in time rather than waited for) */
  const aMinuteLater = () =>
    db.query(`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 second', blocked_until = now() - interval '1 second' WHERE throttler = 'credential-failures'`);

  beforeAll(() => {
    process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = String(LIMIT);
    process.env.METRICS_TOKEN = TOKEN;
  });
  afterAll(() => {
    for (const [name, value] of [['RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE', saved.limit], ['METRICS_TOKEN', saved.token]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('counts wrong scrape tokens once for every replica: past the limit 429 on either, and the right token still opens', async () => {
    const scrape = (app: TestApp, token: string) => request(app.server).get('/metrics').set('X-Forwarded-For', '203.0.113.60').set('Authorization', `Bearer ${token}`);
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n += 1) statuses.push((await scrape(replicas[n % 2]!, 'wrong-token')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await scrape(replicas[1]!, 'wrong-token')).body).toMatchObject({ statusCode: 429, message: CREDENTIAL_FAILURES_MESSAGE });
    expect((await scrape(replicas[0]!, TOKEN)).status).toBe(200);
    expect((await scrape(replicas[1]!, TOKEN)).status).toBe(200);
    // the count and its block are the table's: a minute later there, both replicas take the next guess as a 401 again
    expect(await failureRows('metrics-token:203.0.113.60')).toEqual([{ hits: LIMIT }]);
    await aMinuteLater();
    expect((await scrape(replicas[1]!, 'wrong-token')).status).toBe(401);
  });

  it('counts wrong internal signatures (by the socket address) once for every replica', async () => {
    const call = (app: TestApp) => request(app.server).post('/internal/ping').set('X-Internal-Caller', 'payments').set('X-Internal-Signature', 'not-a-signature').send({});
    const statuses: number[] = [];
    for (let n = 0; n <= LIMIT; n += 1) statuses.push((await call(replicas[n % 2]!)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const rows = (await db.query(`SELECT key, hits FROM rate_limit_hits WHERE throttler = 'credential-failures' AND key LIKE 'internal-signature:%'`)) as { key: string; hits: number }[];
    expect(rows).toEqual([{ key: expect.stringMatching(/^internal-signature:(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/), hits: LIMIT }]);
    await aMinuteLater();
    expect((await call(replicas[0]!)).status).toBe(401);
  });
});

describe('housekeeping', () => {
  const jobs = () => replicas[0]!.app.get(JobRunner) as JobRunner<HousekeepingJobs>;
  const records = async () => (await db.query(`SELECT scope FROM idempotency_records ORDER BY scope`)).map((row: { scope: string }) => row.scope);

  it('deletes expired rate limit counters and idempotency records older than 24 hours, and keeps the rest', async () => {
    await db.query(`DELETE FROM idempotency_records`);
    await db.query(
      `INSERT INTO idempotency_records (key_hash, scope, request_hash, response_status, response_body, created_at) VALUES
         (repeat('a', 64), 'old', repeat('0', 64), 201, '{}', now() - interval '25 hours'),
         (repeat('b', 64), 'fresh', repeat('0', 64), 201, '{}', now() - interval '23 hours')`,
    );
    await post(replicas[0]!, '203.0.113.50');
    await db.query(`UPDATE rate_limit_hits SET window_ends_at = now() - interval '1 second' WHERE blocked_until IS NULL`);
    await post(replicas[0]!, '203.0.113.51');

    await jobs().enqueueNow(HOUSEKEEPING_QUEUE, {});
    expect(await jobs().runDue(HOUSEKEEPING_QUEUE)).toEqual({ completed: 1, retried: 0, deadLettered: 0 });

    expect(await records()).toEqual(['fresh']);
    const counters = await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE expires_at < now())::int AS expired FROM rate_limit_hits`);
    expect(counters[0]).toEqual({ n: expect.any(Number), expired: 0 });
    expect(counters[0].n).toBeGreaterThan(0);
  });

  it('one key on two routes (scopes) makes two independent writes, each replayed on its own route', async () => {
    const key = `key-${randomBytes(8).toString('hex')}`;
    const write = (scope: string, body: object, answer: object) =>
      db.transaction(async (manager) => {
        const guard = new IdempotentWrite(key, scope, requestFingerprint(scope, body), 24);
        const earlier = await guard.claim(manager);
        if (earlier) return earlier;
        await guard.complete(manager, { status: 201, body: answer });
        return undefined;
      });
    expect(await write('test.create', { n: 1 }, { created: 1 })).toBeUndefined();
    // the same key elsewhere, with another body: a first write of its own, not a 422
    expect(await write('test.update', { n: 2 }, { updated: 2 })).toBeUndefined();
    expect(await write('test.create', { n: 1 }, { created: 'again' })).toEqual({ status: 201, body: { created: 1 } });
    expect(await write('test.update', { n: 2 }, { updated: 'again' })).toEqual({ status: 201, body: { updated: 2 } });
    const rows = (await db.query(`SELECT scope FROM idempotency_records WHERE scope IN ('test.create', 'test.update') ORDER BY scope`)) as { scope: string }[];
    expect(rows.map((row) => row.scope)).toEqual(['test.create', 'test.update']);
  });

  it('a key sent again after its record expired is a new write, even before the record is deleted', async () => {
    const key = `key-${randomBytes(8).toString('hex')}`;
    const [f1, f2] = [requestFingerprint('test.write', { n: 1 }), requestFingerprint('test.write', { n: 2 })];
    const claim = (fingerprint: string) => db.transaction((manager) => new IdempotentWrite(key, 'test.write', fingerprint, 24).claim(manager));
    const first = new IdempotentWrite(key, 'test.write', f1, 24);
    await db.transaction(async (manager) => {
      expect(await first.claim(manager)).toBeUndefined();
      await first.complete(manager, { status: 201, body: { id: 1 } });
    });
    expect(await claim(f1)).toEqual({ status: 201, body: { id: 1 } });
    await expect(claim(f2)).rejects.toThrow(/different request/);

    await db.query(`UPDATE idempotency_records SET created_at = now() - interval '25 hours' WHERE scope = 'test.write'`);
    // another body with the old key: no 422, it is claimed as new
    expect(await claim(f2)).toBeUndefined();
  });
});
