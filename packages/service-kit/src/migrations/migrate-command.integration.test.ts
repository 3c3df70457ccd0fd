import type { LoggerService } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MigrationsPendingError, openServiceDataSource } from '../database.js';
import { runMigrateCommand, type ServiceMigrations } from './migrate-command.js';
import { migrationsRoundTrip } from './round-trip.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');

class CreateShelves1700000000000 implements MigrationInterface {
  name = 'CreateShelves1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE shelf (id serial PRIMARY KEY, width_mm integer NOT NULL CHECK (width_mm > 0))');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE shelf');
  }
}
class ShelfFinish1700000000100 implements MigrationInterface {
  name = 'ShelfFinish1700000000100';
  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE shelf ADD COLUMN finish text NOT NULL DEFAULT 'oak'`);
    await q.query('CREATE INDEX shelf_finish_idx ON shelf (finish)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP INDEX shelf_finish_idx');
    await q.query('ALTER TABLE shelf DROP COLUMN finish');
  }
}
/** a down that forgets the index its up made */
class ShelfFinishForgetful1700000000100 extends ShelfFinish1700000000100 {
  override async down(q: QueryRunner) {
    await q.query('ALTER TABLE shelf ALTER COLUMN finish DROP DEFAULT');
  }
}
/** a down that cannot run */
class ShelfFinishIrreversible1700000000100 extends ShelfFinish1700000000100 {
  override async down(): Promise<void> {
    throw new Error('irreversible');
  }
}

/** The command's answers: exit code, stdout lines, stderr lines, log lines. */
async function migrate(database: ServiceMigrations, argv: string[], env: Record<string, string | undefined> = { DATABASE_URL: url }) {
  const out: string[] = [];
  const err: string[] = [];
  const logs: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: unknown, fields?: unknown) => void logs.push({ level, message: String(message), fields: fields as Record<string, unknown> });
  const logger: LoggerService = { log: at('log'), error: at('error'), warn: at('warn') };
  const code = await runMigrateCommand(database, argv, { out: (line) => out.push(line), err: (line) => err.push(line), env, logger });
  return { code, out, err, logs };
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const schemas: string[] = [];
function shelves(migrations: ServiceMigrations['migrations'] = [CreateShelves1700000000000, ShelfFinish1700000000100]): ServiceMigrations {
  const schema = `kit_migrate_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return { service: 'shelves', schema, migrations };
}

afterAll(async () => {
  for (const schema of schemas) await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});

describe('the migrate command', () => {
  it('lists pending migrations without creating anything, applies them with up, and reverts the newest with revert-last', async () => {
    const database = shelves();
    const before = await migrate(database, ['status', '--json']);
    expect(before.code).toBe(0);
    expect(JSON.parse(before.out.join('\n'))).toEqual({
      service: 'shelves',
      schema: database.schema,
      applied: [],
      pending: [
        { name: 'CreateShelves1700000000000', timestamp: 1700000000000 },
        { name: 'ShelfFinish1700000000100', timestamp: 1700000000100 },
      ],
    });
    expect(await query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [database.schema])).toEqual([]);

    const up = await migrate(database, ['up']);
    expect(up.code).toBe(0);
    expect(up.logs.map((line) => line.message)).toEqual([
      expect.stringMatching(new RegExp(`^migrate up on schema "${database.schema}" at postgres://[^:]+:\\*\\*\\*@`)),
      'Applied CreateShelves1700000000000',
      'Applied ShelfFinish1700000000100',
      `2 migration(s) applied: schema "${database.schema}" is up to date`,
    ]);
    expect(await query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'shelf' ORDER BY 1`, [database.schema])).toEqual([
      { column_name: 'finish' },
      { column_name: 'id' },
      { column_name: 'width_mm' },
    ]);
    expect((await migrate(database, ['up'])).logs.at(-1)?.message).toBe(`Nothing pending: schema "${database.schema}" is up to date`);

    const revert = await migrate(database, ['revert-last']);
    expect(revert.code).toBe(0);
    expect(revert.logs.at(-1)).toMatchObject({ message: 'Reverted ShelfFinish1700000000100', fields: { command: 'revert-last', reverted: 'ShelfFinish1700000000100' } });
    const status = await migrate(database, ['status']);
    expect(status.out).toEqual([
      `Schema "${database.schema}": 1 applied, 1 pending`,
      'Applied (oldest first):',
      '  CreateShelves1700000000000',
      'Pending (in the order `up` runs them):',
      '  ShelfFinish1700000000100',
    ]);
    expect((await migrate(database, ['revert-last'])).logs.at(-1)?.message).toBe('Reverted CreateShelves1700000000000');
    const empty = await migrate(database, ['revert-last']);
    expect([empty.code, empty.logs.at(-1)?.message]).toEqual([0, `Nothing to revert: schema "${database.schema}" has no applied migration`]);
  });

  it('refuses to revert a migration this release does not have (a newer release applied it)', async () => {
    const database = shelves();
    expect((await migrate(database, ['up'])).code).toBe(0);
    const older = { ...database, migrations: [CreateShelves1700000000000] };
    const status = await migrate(older, ['status', '--json']);
    expect(JSON.parse(status.out.join('\n')).applied).toEqual([
      { name: 'CreateShelves1700000000000', timestamp: 1700000000000, known: true },
      { name: 'ShelfFinish1700000000100', timestamp: 1700000000100, known: false },
    ]);
    const revert = await migrate(older, ['revert-last']);
    expect(revert.code).toBe(1);
    expect(revert.logs.at(-1)).toMatchObject({
      level: 'error',
      message: 'migrate revert-last failed: The newest applied migration, ShelfFinish1700000000100, is not in this release: revert it with the release that added it',
    });
  });

  it('exits 2 on bad usage and 1 when the database cannot be reached, naming it without its password', async () => {
    const database = shelves();
    const usage = await migrate(database, ['sideways']);
    expect([usage.code, usage.err[0]]).toEqual([2, expect.stringContaining('Unknown command "sideways": up, status or revert-last')]);
    const away = await migrate(database, ['up'], { MIGRATIONS_DATABASE_URL: 'postgres://migrator:hunter2-secret@127.0.0.1:1/storefront', DATABASE_URL: url });
    expect(away.code).toBe(1);
    expect(away.logs.at(-1)).toMatchObject({ level: 'error', message: expect.stringMatching(/^migrate up failed: .*ECONNREFUSED/) });
    expect(JSON.stringify(away.logs)).not.toContain('hunter2-secret');
    const production = await migrate(database, ['up'], { NODE_ENV: 'production', DATABASE_URL: 'postgres://storefront:storefront@db:5432/storefront' });
    expect(production.code).toBe(1);
    expect(production.logs.at(-1)).toMatchObject({ message: expect.stringContaining('DATABASE_URL has a known default password'), fields: { variables: ['DATABASE_URL'] } });
  });
});

describe('MIGRATIONS_AT_START=check', () => {
  it('refuses to open a schema with pending migrations, naming them and the command, and changes nothing; opens it once migrated', async () => {
    const database = shelves();
    const options = {
      type: 'postgres' as const,
      url,
      schema: database.schema,
      migrations: [...database.migrations],
      migrationsTableName: 'migrations',
      extra: { options: `-c search_path=${database.schema},public` },
    };
    const refused = await openServiceDataSource(options, database.schema, undefined, { atStart: 'check', service: 'shelves' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MigrationsPendingError);
    expect((refused as Error).message).toBe(
      `Schema "${database.schema}" has 2 pending migration(s): CreateShelves1700000000000, ShelfFinish1700000000100. Not started (MIGRATIONS_AT_START=check): ` +
        'run `node dist/migrate.js up` in services/shelves (the image\'s working directory) or `npm run migrate -- shelves up`, then start again.',
    );
    expect(await query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [database.schema])).toEqual([]);

    expect((await migrate(database, ['up'])).code).toBe(0);
    const opened = await openServiceDataSource(options, database.schema, undefined, { atStart: 'check', service: 'shelves' });
    try {
      expect(await opened.query('SELECT count(*)::int AS shelves FROM shelf')).toEqual([{ shelves: 0 }]);
    } finally {
      await opened.destroy();
    }
  });
});

describe('the round trip every service runs on its migrations', () => {
  it('passes migrations whose downs undo their ups', async () => {
    expect(await migrationsRoundTrip(shelves())).toEqual({ reverted: ['ShelfFinish1700000000100', 'CreateShelves1700000000000'], differences: [], failures: [] });
  });

  it('names what a down leaves behind, and a down that fails', async () => {
    const forgetful = await migrationsRoundTrip(shelves([CreateShelves1700000000000, ShelfFinishForgetful1700000000100]));
    expect(forgetful.failures).toEqual([]);
    expect(forgetful.differences).toEqual(
      expect.arrayContaining([
        'after reverting ShelfFinish1700000000100: extra column shelf.finish text text not null',
        expect.stringMatching(/^after reverting ShelfFinish1700000000100: extra index CREATE INDEX shelf_finish_idx ON kit_migrate_\w+\.shelf USING btree \(finish\)$/),
      ]),
    );
    const irreversible = await migrationsRoundTrip(shelves([CreateShelves1700000000000, ShelfFinishIrreversible1700000000100]));
    expect(irreversible.failures).toEqual(['revert to 1: revert-last exited 1: migrate revert-last failed: irreversible']);
  });
});
