import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BatchedThrottlerStorage } from './rate-limit-batched.js';
import { PostgresThrottlerStorage, RATE_LIMIT_HITS_DDL } from './rate-limit-storage.js';

/**
 * The rate limit counted in the process and shared through PostgreSQL (two storages on one schema:
 * two replicas), on a real database: exact in one process, shared at each flush, blocks seen
 * across replicas within a flush, nothing lost when the database fails or the process stops.
 */

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

const schema = `kit_batched_${randomBytes(4).toString('hex')}`;
const dataSource = new DataSource({ type: 'postgres', url, extra: { options: `-c search_path=${schema},public` }, poolSize: 2 });
/** a flush interval no test waits for: each test flushes when it means to */
const LONG = 60_000;
const MINUTE = 60_000;

const sharedHits = async (key: string): Promise<number | undefined> =>
  ((await dataSource.query(`SELECT hits FROM rate_limit_hits WHERE key = $1`, [key])) as { hits: number }[])[0]?.hits;

beforeAll(async () => {
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  for (const statement of RATE_LIMIT_HITS_DDL) await dataSource.query(statement);
});
afterAll(async () => {
  await dataSource.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource.destroy();
});

it('counts exactly in one process: the limit-th call goes through, the next is blocked, with no round trip per call', async () => {
  const storage = new BatchedThrottlerStorage(dataSource, LONG);
  const key = `one:${randomBytes(3).toString('hex')}`;
  const answers = [];
  for (let call = 1; call <= 6; call++) answers.push(await storage.increment(key, MINUTE, 5, MINUTE, 'admin'));
  expect(answers.map((answer) => answer.isBlocked)).toEqual([false, false, false, false, false, true]);
  expect(answers[5]!.timeToBlockExpire).toBe(60);
  // nothing reached the database yet: the calls were counted in the process
  expect(await sharedHits(key)).toBeUndefined();
  await storage.flush();
  expect(await sharedHits(key)).toBe(6);
  // and the shared row holds the block the PostgreSQL storage (another replica's exact count) sees
  const exact = await new PostgresThrottlerStorage(dataSource).increment(key, MINUTE, 5, MINUTE, 'admin');
  expect(exact.isBlocked).toBe(true);
  await storage.close();
});

it("shares counts at each flush: a replica's calls count against the other's, within one flush of error", async () => {
  const first = new BatchedThrottlerStorage(dataSource, LONG);
  const second = new BatchedThrottlerStorage(dataSource, LONG);
  const key = `two:${randomBytes(3).toString('hex')}`;
  for (let call = 0; call < 4; call++) expect((await first.increment(key, MINUTE, 5, MINUTE, 'admin')).isBlocked).toBe(false);
  await first.flush();
  // the second replica's first call: its own 1, and after its flush the shared 5
  expect((await second.increment(key, MINUTE, 5, MINUTE, 'admin')).isBlocked).toBe(false);
  await second.flush();
  expect(await sharedHits(key)).toBe(5);
  // the shared count of its last flush (5) plus this call: over the limit, here and at once
  const over = await second.increment(key, MINUTE, 5, MINUTE, 'admin');
  expect(over).toMatchObject({ isBlocked: true, totalHits: 6 });
  // the first replica learns the block at its next flush (it has calls to share, so it flushes)
  await first.increment(key, MINUTE, 5, MINUTE, 'admin');
  await second.flush();
  await first.flush();
  expect((await first.increment(key, MINUTE, 5, MINUTE, 'admin')).isBlocked).toBe(true);
  await Promise.all([first.close(), second.close()]);
});

it('reads a block counted elsewhere at most once a flush, and at once when this process was told of it', async () => {
  const storage = new BatchedThrottlerStorage(dataSource, 300);
  const key = `failures:${randomBytes(3).toString('hex')}`;
  expect(await storage.blockedFor(key, 'admin-failed-keys')).toBe(0);
  // another replica's exact count of failures blocks the key
  const exact = new PostgresThrottlerStorage(dataSource);
  let last;
  for (let failure = 0; failure < 3; failure++) last = await exact.increment(key, 15 * MINUTE, 2, 15 * MINUTE, 'admin-failed-keys');
  expect(last!.isBlocked).toBe(true);
  // still the answer of the last read until the flush interval has passed, then the block
  expect(await storage.blockedFor(key, 'admin-failed-keys')).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect(await storage.blockedFor(key, 'admin-failed-keys')).toBeGreaterThan(14 * 60);
  // a block this process counted itself applies at once
  const other = `failures:${randomBytes(3).toString('hex')}`;
  expect(await storage.blockedFor(other, 'admin-failed-keys')).toBe(0);
  storage.noteBlocked(other, 'admin-failed-keys', 900);
  expect(await storage.blockedFor(other, 'admin-failed-keys')).toBe(900);
  await storage.close();
});

it('keeps the counts a failed flush could not share, and close() shares them before the process ends', async () => {
  const broken = new DataSource({ type: 'postgres', url, extra: { options: `-c search_path=${schema},public` }, poolSize: 1 });
  await broken.initialize();
  const storage = new BatchedThrottlerStorage(broken, LONG);
  const key = `kept:${randomBytes(3).toString('hex')}`;
  for (let call = 0; call < 3; call++) await storage.increment(key, MINUTE, 10, MINUTE, 'admin');
  // the table is out of reach for this connection: the flush fails, logged, and keeps the 3
  await broken.query(`SET search_path = pg_catalog`);
  await storage.flush();
  expect(await sharedHits(key)).toBeUndefined();
  expect((await storage.increment(key, MINUTE, 10, MINUTE, 'admin')).totalHits).toBe(4);
  await broken.query(`SET search_path = "${schema}", public`);
  await storage.close();
  expect(await sharedHits(key)).toBe(4);
  await broken.destroy();
});

it('flushes on its own timer, once per interval, however many calls came', async () => {
  const storage = new BatchedThrottlerStorage(dataSource, 100);
  const key = `timer:${randomBytes(3).toString('hex')}`;
  for (let call = 0; call < 20; call++) await storage.increment(key, MINUTE, 100, MINUTE, 'admin');
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await sharedHits(key)).toBe(20);
  await storage.close();
});
