import type { LogLevel, LoggerService } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ensureSchema, pgTimeoutOptions, readDatabaseTimeouts, withMigrationLock } from '../database.js';
import { EnvConfigError, readEnvConfig, redactUrl } from '../env-config.js';
import { createServiceLogger, logLevelsFromEnv } from '../logger.js';
import { isProduction, productionDatabaseUrl } from '../production-safety.js';
import { MIGRATIONS_DATABASE_URL_VARIABLE, readMigrationsDatabaseUrl } from './migration-settings.js';
import { migrationStatus, revertLastMigration, runPendingMigrations, type MigrationStatus } from './schema-migrations.js';

/** A migration class, as the services list them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MigrationClass = new (...args: any[]) => unknown;

/** A service's schema and its migrations: the same list its database module runs or checks at start. */
export interface ServiceMigrations {
  /** e.g. "orders": names the log lines and the command in messages */
  service: string;
  schema: string;
  migrations: readonly MigrationClass[];
}

export type MigrateCommand = 'up' | 'status' | 'revert-last';

export interface MigrateIo {
  /** the status (text or JSON), and the usage */
  out(line: string): void;
  /** usage errors */
  err(line: string): void;
  env: Record<string, string | undefined>;
  /** the log lines; default the service's JSON logger */
  logger?: LoggerService;
}

export const MIGRATE_USAGE = `Usage: node dist/migrate.js <command>   (at the root: npm run migrate -- <service> <command>)
  up                 run the pending migrations, all or none, under the schema's migration lock
  status [--json]    list the applied and the pending migrations
  revert-last        revert the newest applied migration (its down), and say which
Database: MIGRATIONS_DATABASE_URL (directly to PostgreSQL, not through a pooler), else DATABASE_URL,
else (outside production) the embedded PostgreSQL of a running \`npm start\`.
Exit codes: 0 done, 1 failed, 2 bad usage.`;

/** The command line's command, `--json` (status only), --help, or what is wrong with it. */
export function parseMigrateArgs(argv: readonly string[]): { command: MigrateCommand; json: boolean } | { help: true } | { error: string } {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return { help: true };
  const json = argv.includes('--json');
  const rest = argv.filter((arg) => arg !== '--json');
  if (rest.length !== 1) return { error: rest.length === 0 ? 'Which command? up, status or revert-last' : `One command at a time (got ${rest.join(' ')})` };
  const [command] = rest;
  if (command !== 'up' && command !== 'status' && command !== 'revert-last') return { error: `Unknown command "${command}": up, status or revert-last` };
  if (json && command !== 'status') return { error: '--json goes with status only' };
  return { command, json };
}

/** The status as an operator reads it. */
export function formatMigrationStatus(schema: string, status: MigrationStatus): string[] {
  const lines = [`Schema "${schema}": ${status.applied.length} applied, ${status.pending.length} pending`];
  lines.push('Applied (oldest first):', ...(status.applied.length ? status.applied.map((m) => `  ${m.name}${m.known ? '' : '  (not in this release)'}`) : ['  none']));
  lines.push('Pending (in the order `up` runs them):', ...(status.pending.length ? status.pending.map((m) => `  ${m.name}`) : ['  none']));
  return lines;
}

/** The database URL the command uses, with production's rules for it (its own password, never the embedded database). */
function readCommandUrl(env: Record<string, string | undefined>): string {
  if (isProduction(env)) {
    const variable = env[MIGRATIONS_DATABASE_URL_VARIABLE]?.trim() ? MIGRATIONS_DATABASE_URL_VARIABLE : 'DATABASE_URL';
    readEnvConfig({ url: productionDatabaseUrl(variable) }, env);
  }
  return readMigrationsDatabaseUrl(env);
}

/**
 * `node dist/migrate.js up|status|revert-last` for one service's schema; returns the exit code
 * (0 done, 1 failed, 2 bad usage). `up` and `revert-last` hold the schema's migration lock, the one
 * starting replicas take, so they never run beside a start that migrates; `status` changes nothing.
 */
export async function runMigrateCommand(database: ServiceMigrations, argv: readonly string[], io: MigrateIo): Promise<number> {
  const args = parseMigrateArgs(argv);
  if ('help' in args) {
    io.out(MIGRATE_USAGE);
    return 0;
  }
  if ('error' in args) {
    io.err(`${args.error}\n\n${MIGRATE_USAGE}`);
    return 2;
  }
  let levels: LogLevel[];
  try {
    levels = logLevelsFromEnv(io.env);
  } catch (error) {
    io.err((error as Error).message);
    return 2;
  }
  // status's stdout is the status itself: only errors are logged beside it (on stderr)
  const logger = io.logger ?? createServiceLogger(database.service, args.command === 'status' ? levels.filter((level) => level === 'fatal' || level === 'error') : levels);
  const context = { command: args.command, schema: database.schema };
  let url: string;
  let timeouts;
  try {
    url = readCommandUrl(io.env);
    timeouts = readDatabaseTimeouts(io.env);
  } catch (error) {
    const variables = error instanceof EnvConfigError ? error.problems.flatMap((problem) => (problem.variable ? [problem.variable] : [])) : [];
    logger.error(`migrate ${args.command} refused: ${(error as Error).message}`, { ...context, variables });
    return 1;
  }
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    schema: database.schema,
    migrations: [...database.migrations],
    migrationsTableName: 'migrations',
    connectTimeoutMS: 5000,
    // the migration's connection and the status queries' one
    poolSize: 2,
    extra: { options: `-c search_path=${database.schema},public`, ...pgTimeoutOptions(timeouts) },
  });
  const open = async () => {
    try {
      await dataSource.initialize();
    } catch (error) {
      throw new Error(`cannot reach the database at ${redactUrl(url)} (${(error as Error).message}): is MIGRATIONS_DATABASE_URL or DATABASE_URL set, or \`npm start\` running?`, { cause: error });
    }
  };
  try {
    if (args.command === 'status') {
      await open();
      const status = await migrationStatus(dataSource);
      if (args.json) io.out(JSON.stringify({ service: database.service, schema: database.schema, ...status }));
      else for (const line of formatMigrationStatus(database.schema, status)) io.out(line);
      return 0;
    }
    logger.log(`migrate ${args.command} on schema "${database.schema}" at ${redactUrl(url)}`, context);
    await withMigrationLock(
      url,
      database.schema,
      async () => {
        if (args.command === 'up') {
          await ensureSchema(url, database.schema);
          await open();
          const ran = await runPendingMigrations(dataSource);
          for (const migration of ran) logger.log(`Applied ${migration.name}`, { ...context, migration: migration.name });
          logger.log(ran.length ? `${ran.length} migration(s) applied: schema "${database.schema}" is up to date` : `Nothing pending: schema "${database.schema}" is up to date`, {
            ...context,
            applied: ran.map((migration) => migration.name),
          });
        } else {
          await open();
          const reverted = await revertLastMigration(dataSource);
          logger.log(reverted ? `Reverted ${reverted.name}` : `Nothing to revert: schema "${database.schema}" has no applied migration`, {
            ...context,
            reverted: reverted?.name ?? null,
          });
        }
      },
      timeouts.migrationLockTimeoutMs,
    );
    return 0;
  } catch (error) {
    logger.error(`migrate ${args.command} failed: ${(error as Error).message}`, context);
    return 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
  }
}

/** A service's `src/migrate.ts`: runs the command line's command and sets the exit code. */
export async function migrateMain(database: ServiceMigrations): Promise<void> {
  process.exitCode = await runMigrateCommand(database, process.argv.slice(2), {
    out: (line) => void process.stdout.write(`${line}\n`),
    err: (line) => void process.stderr.write(`${line}\n`),
    env: process.env,
  });
}
