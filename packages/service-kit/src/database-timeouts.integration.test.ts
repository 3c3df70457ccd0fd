import { randomBytes } from 'node:crypto';
import { Controller, Get, Injectable, Module, Param, Post } from '@nestjs/common';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { DATABASE_BUSY_MESSAGE } from './api-errors.js';
import { MigrationLockTimeoutError, createDatabaseModule, withMigrationLock } from './database.js';
import { HealthModule } from './health.js';
import { JobRunner, createJobsModule } from './jobs/index.js';
import { createTestApp, type TestApp } from './testing.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

const schema = `kit_bounds_${randomBytes(4).toString('hex')}`;
const LOCK_TIMEOUT_MS = 300;
const STATEMENT_TIMEOUT_MS = 500;
const env = { ...process.env, DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) };

class CreateCounters1700000000000 implements MigrationInterface {
  name = 'CreateCounters1700000000000';
  async up(queryRunner: QueryRunner): Promise<void> {
    // longer than the pool's statement_timeout: migrations run without it
    await queryRunner.query(`SELECT pg_sleep(${(STATEMENT_TIMEOUT_MS + 200) / 1000})`);
    await queryRunner.query('CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)');
    await queryRunner.query('INSERT INTO counter VALUES (1, 0)');
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE counter');
  }
}

@Controller('counters')
class CountersController {
  constructor(private readonly dataSource: DataSource) {}

  @Post(':id')
  async bump(@Param('id') id: string) {
    const [[row]] = await this.dataSource.transaction((manager) => manager.query('UPDATE counter SET n = n + 1 WHERE id = $1 RETURNING n', [Number(id)]));
    return { n: row.n };
  }

  @Get('slow')
  async slow() {
    await this.dataSource.query('SELECT pg_sleep(5)');
    return { slept: true };
  }
}

type NoJobs = { noop: Record<string, never> };

@Injectable()
class NoopJobs {
  constructor(jobs: JobRunner<NoJobs>) {
    jobs.handle('noop', async () => undefined);
  }
}

@Module({
  imports: [
    createDatabaseModule({
      schema,
      entities: [],
      migrations: [CreateCounters1700000000000],
      env,
    }),
    createJobsModule<NoJobs>({
      schema: `${schema}_jobs`,
      settings: () => ({ queues: { noop: { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 } }, workersEnabled: false }),
      env,
    }),
    HealthModule.register({ service: 'counters' }),
  ],
  controllers: [CountersController],
  providers: [NoopJobs],
})
class CountersModule {}

let testApp: TestApp;
let holder: pg.Client;

beforeAll(async () => {
  testApp = await createTestApp(CountersModule, { listen: true, logLevels: [] });
  holder = new pg.Client({ connectionString: url });
  await holder.connect();
});

afterAll(async () => {
  await holder?.end();
  await testApp?.app.get(JobRunner).stop();
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  await testApp?.close();
});

const bump = () => fetch(`${testApp.url}/counters/1`, { method: 'POST' });

describe('the database bounds of a service', () => {
  it('gives every pool connection its statement, lock and idle-in-transaction timeouts', async () => {
    const dataSource = testApp.app.get(DataSource);
    const settings = await dataSource.query(
      `SELECT current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock,
              current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('search_path') AS path`,
    );
    expect(settings).toEqual([{ statement: '500ms', lock: '300ms', idle: '30s', path: `${schema},public` }]);
  });

  it("gives the job runner's own pool (pg-boss) the statement and idle-in-transaction timeouts", async () => {
    const boss = (testApp.app.get(JobRunner) as unknown as { boss: PgBoss }).boss;
    const { rows } = await boss
      .getDb()
      .executeSql(`SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle`, []);
    expect(rows).toEqual([{ statement: '500ms', idle: '30s' }]);
  });

  it('answers 503 (retryable) about the lock timeout after a request waits for a row held elsewhere, and keeps serving', async () => {
    await bump().then((res) => expect(res.status).toBe(201));
    await holder.query('BEGIN');
    await holder.query(`SELECT n FROM "${schema}".counter WHERE id = 1 FOR UPDATE`);
    try {
      const started = Date.now();
      const blocked = await bump();
      const waited = Date.now() - started;
      expect(blocked.status).toBe(503);
      expect(blocked.headers.get('retry-after')).toBe('1');
      expect(await blocked.json()).toEqual({ success: false, statusCode: 503, message: DATABASE_BUSY_MESSAGE, errorType: 'databaseBusy', requestId: expect.any(String) });
      expect(waited).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 10);
      expect(waited).toBeLessThan(LOCK_TIMEOUT_MS + 1500);
      // meanwhile the service serves: readiness, and the pool connection the timed-out request used
      expect((await fetch(`${testApp.url}/health/ready`)).status).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
    }
    const after = await bump();
    expect(after.status).toBe(201);
    expect(await after.json()).toEqual({ n: 2 });
  });

  it('answers 503 when a statement runs past the statement timeout', async () => {
    const started = Date.now();
    const slow = await fetch(`${testApp.url}/counters/slow`);
    expect(slow.status).toBe(503);
    expect((await slow.json()).message).toBe(DATABASE_BUSY_MESSAGE);
    expect(Date.now() - started).toBeLessThan(STATEMENT_TIMEOUT_MS + 1500);
  });
});

describe('withMigrationLock', () => {
  it('waits for another replica at most its bound, then fails naming the schema', async () => {
    const other = `kit_locked_${randomBytes(4).toString('hex')}`;
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [`storefront-migrations:${other}`]);
    try {
      const work = jest.fn(async () => 'migrated');
      const started = Date.now();
      const failure = await withMigrationLock(url, other, work, 300).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationLockTimeoutError);
      expect((failure as Error).message).toContain(`Schema "${other}": another replica has held its migration lock for longer than 300 ms (DB_MIGRATION_LOCK_TIMEOUT_MS)`);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(work).not.toHaveBeenCalled();
    } finally {
      await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [`storefront-migrations:${other}`]);
    }
    await expect(withMigrationLock(url, other, async () => 'migrated', 300)).resolves.toBe('migrated');
  });
});
