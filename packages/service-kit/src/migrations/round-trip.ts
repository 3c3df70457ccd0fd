import type { LoggerService } from '@nestjs/common';
import pg from 'pg';
import { createOwnDatabase } from '../testing.js';
import { runMigrateCommand, type ServiceMigrations } from './migrate-command.js';

/**
 * Everything a schema's migrations create, one sorted line per object (tables, columns, indexes,
 * constraints, enum types, sequences, views, functions, triggers), the migrations table left out. Two
 * schemas built the same way give equal snapshots; a column's position is left out (a down that puts
 * back a dropped column adds it at the end, which no query notices).
 */
export async function schemaSnapshot(url: string, schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const lines = async (sql: string): Promise<string[]> => (await client.query<{ line: string }>(sql, [schema])).rows.map((row) => row.line);
    const all = [
      ...(await lines(`SELECT 'table ' || table_name || ' ' || table_type AS line FROM information_schema.tables WHERE table_schema = $1 AND table_name <> 'migrations'`)),
      ...(await lines(
        `SELECT concat_ws(' ', 'column', table_name || '.' || column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
                CASE is_nullable WHEN 'NO' THEN 'not null' END, 'default ' || column_default, CASE is_identity WHEN 'YES' THEN 'identity' END,
                'generated ' || generation_expression) AS line
           FROM information_schema.columns WHERE table_schema = $1 AND table_name <> 'migrations'`,
      )),
      ...(await lines(`SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = $1 AND tablename <> 'migrations'`)),
      ...(await lines(
        `SELECT concat_ws(' ', 'constraint', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) AS line
           FROM pg_constraint WHERE connamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1) AND (conrelid = 0 OR conrelid::regclass::text NOT IN ('migrations', $1 || '.migrations'))`,
      )),
      ...(await lines(
        `SELECT 'enum ' || t.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS line
           FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1) GROUP BY t.typname`,
      )),
      ...(await lines(`SELECT 'sequence ' || sequence_name || ' ' || data_type AS line FROM information_schema.sequences WHERE sequence_schema = $1 AND sequence_name <> 'migrations_id_seq'`)),
      ...(await lines(`SELECT 'view ' || table_name || ' ' || view_definition AS line FROM information_schema.views WHERE table_schema = $1`)),
      ...(await lines(`SELECT 'function ' || pg_get_functiondef(oid) AS line FROM pg_proc WHERE pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = $1)`)),
      ...(await lines(
        `SELECT concat_ws(' ', 'trigger', event_object_table, trigger_name, action_timing, event_manipulation, action_statement) AS line
           FROM information_schema.triggers WHERE trigger_schema = $1`,
      )),
    ];
    return all.sort();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** What one round trip found: the command's answers, and every difference between the schemas it compared. */
export interface MigrationsRoundTrip {
  /** the migrations revert-last named, in the order it reverted them */
  reverted: string[];
  /** "<step>: missing <line>" / "<step>: extra <line>", empty when every down undid its up exactly */
  differences: string[];
  /** the commands that did not exit 0, with the error lines they logged */
  failures: string[];
}

const differencesOf = (step: string, expected: readonly string[], actual: readonly string[]): string[] => [
  ...expected.filter((line) => !actual.includes(line)).map((line) => `${step}: missing ${line}`),
  ...actual.filter((line) => !expected.includes(line)).map((line) => `${step}: extra ${line}`),
];

/**
 * Runs a service's migrate command on a database of its own, created next to `baseUrl`'s (default
 * DATABASE_URL) and dropped afterwards: `up` one
 * migration at a time (a snapshot after each), `revert-last` until nothing is applied (each revert
 * must leave the schema the snapshot one step lower recorded, and the last one an empty schema), one
 * `revert-last` more (nothing to revert, still exit 0), then `up` with every migration (the schema
 * must equal the first up's). Every down is thereby run, and checked to undo its up.
 */
export async function migrationsRoundTrip(database: ServiceMigrations, baseUrl = process.env.DATABASE_URL): Promise<MigrationsRoundTrip> {
  const url = await createOwnDatabase(`migrations_${database.schema}`, baseUrl);
  try {
    return await roundTrip(database, url);
  } finally {
    const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 5000 });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`).finally(() => admin.end());
  }
}

async function roundTrip(database: ServiceMigrations, url: string): Promise<MigrationsRoundTrip> {
  const reverted: string[] = [];
  const failures: string[] = [];
  const differences: string[] = [];
  const errors: string[] = [];
  const logger: LoggerService = {
    log: (_message: unknown, fields?: unknown) => {
      const name = (fields as { reverted?: string | null } | undefined)?.reverted;
      if (name) reverted.push(name);
    },
    error: (message: unknown) => void errors.push(String(message)),
    warn: (message: unknown) => void errors.push(String(message)),
  };
  const io = { out: () => undefined, err: (line: string) => void errors.push(line), env: { DATABASE_URL: url, LOG_LEVEL: 'log' }, logger };
  const run = async (step: string, migrations: ServiceMigrations['migrations'], command: string) => {
    errors.length = 0;
    const code = await runMigrateCommand({ ...database, migrations }, [command], io);
    if (code !== 0) failures.push(`${step}: ${command} exited ${code}: ${errors.join(' | ')}`);
    return code === 0;
  };

  const levels = [await schemaSnapshot(url, database.schema)];
  for (let count = 1; count <= database.migrations.length; count += 1) {
    if (!(await run(`up to ${count}`, database.migrations.slice(0, count), 'up'))) return { reverted, differences, failures };
    levels.push(await schemaSnapshot(url, database.schema));
  }
  for (let count = database.migrations.length - 1; count >= 0; count -= 1) {
    if (!(await run(`revert to ${count}`, database.migrations, 'revert-last'))) return { reverted, differences, failures };
    differences.push(...differencesOf(`after reverting ${reverted.at(-1) ?? '?'}`, levels[count]!, await schemaSnapshot(url, database.schema)));
  }
  await run('revert with nothing applied', database.migrations, 'revert-last');
  if (await run('up again', database.migrations, 'up')) {
    differences.push(...differencesOf('after up again', levels.at(-1)!, await schemaSnapshot(url, database.schema)));
  }
  return { reverted, differences, failures };
}
