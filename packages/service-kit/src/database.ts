import { type DynamicModule, Logger } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { ListenedPgClient } from './listened-pg-client.js';
import { databaseUrl, integer, readEnvConfig, redactUrl, type EnvReader } from './env-config.js';
import { migrationsAtStart, type MigrationsAtStart } from './migrations/migration-settings.js';
import { migrationStatus, runPendingMigrations } from './migrations/schema-migrations.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const DEFAULT_MIGRATION_LOCK_TIMEOUT_MS = 120_000;

/** A constructor (entity or migration class); TypeORM's own option types accept these. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ClassType = new (...args: any[]) => unknown;

export interface DatabaseModuleOptions {
  /** The service's own PostgreSQL schema (one per service), e.g. "content". */
  schema: string;
  entities: MixedList<ClassType | string | EntitySchema>;
  migrations: MixedList<ClassType | string>;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** The service, for the command a refused start names (`npm run migrate -- <service> up`); defaults to the schema. */
  service?: string;
}

/** Thrown at start-up for a configuration the service cannot work with; never retried. */
export class DatabaseConfigError extends Error {
  override readonly name = 'DatabaseConfigError';
}

/**
 * How long PostgreSQL lets one of the service's sessions wait ("Bounded waits"); 0 switches
 * a bound off (development only: production refuses it, see productionSafety).
 */
export interface DatabaseTimeouts {
  /** DB_STATEMENT_TIMEOUT_MS: one statement, PostgreSQL's statement_timeout (then 57014 query_canceled) */
  statementTimeoutMs: number;
  /** DB_LOCK_TIMEOUT_MS: one wait for a lock (a row FOR UPDATE, a table), lock_timeout (then 55P03 lock_not_available) */
  lockTimeoutMs: number;
  /** DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: a transaction left open with nothing running ends its session (and its locks) */
  idleInTransactionTimeoutMs: number;
  /** DB_MIGRATION_LOCK_TIMEOUT_MS: how long a starting replica waits for another one's migrations (never 0) */
  migrationLockTimeoutMs: number;
}

/** The readers of DatabaseTimeouts, by field (production-safety checks the same variables). */
export const DATABASE_TIMEOUT_READERS = {
  statementTimeoutMs: integer('DB_STATEMENT_TIMEOUT_MS', 15_000, 0, 3_600_000),
  lockTimeoutMs: integer('DB_LOCK_TIMEOUT_MS', 5_000, 0, 3_600_000),
  idleInTransactionTimeoutMs: integer('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 30_000, 0, 3_600_000),
  migrationLockTimeoutMs: integer('DB_MIGRATION_LOCK_TIMEOUT_MS', 120_000, 100, 3_600_000),
} satisfies Record<keyof DatabaseTimeouts, EnvReader<number>>;

/** The service's database timeouts from its environment; an EnvConfigError names every bad variable. */
export function readDatabaseTimeouts(env: Record<string, string | undefined> = process.env): DatabaseTimeouts {
  return readEnvConfig(DATABASE_TIMEOUT_READERS, env);
}

/**
 * The timeouts as node-postgres connection options: sent as startup parameters, so every connection
 * of a pool has them from its first statement (0 leaves PostgreSQL's own setting, off).
 */
export function pgTimeoutOptions(
  timeouts: Pick<DatabaseTimeouts, 'statementTimeoutMs' | 'lockTimeoutMs' | 'idleInTransactionTimeoutMs'>,
): { statement_timeout?: number; lock_timeout?: number; idle_in_transaction_session_timeout?: number } {
  return {
    ...(timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
    ...(timeouts.lockTimeoutMs > 0 ? { lock_timeout: timeouts.lockTimeoutMs } : {}),
    ...(timeouts.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs } : {}),
  };
}

/**
 * Another replica held the schema's migration lock longer than DB_MIGRATION_LOCK_TIMEOUT_MS: the start
 * fails (exit 1, not retried) and the orchestrator starts the service again.
 */
export class MigrationLockTimeoutError extends Error {
  override readonly name = 'MigrationLockTimeoutError';
}

/**
 * MIGRATIONS_AT_START=check and the schema has pending migrations: the start fails (exit 1, not
 * retried), naming them and the command that runs them; the migrate Job or one-shot has not run yet.
 */
export class MigrationsPendingError extends Error {
  override readonly name = 'MigrationsPendingError';

  constructor(service: string, schema: string, pending: readonly string[]) {
    super(
      `Schema "${schema}" has ${pending.length} pending migration(s): ${pending.join(', ')}. Not started (MIGRATIONS_AT_START=check): ` +
        `run \`node dist/migrate.js up\` in services/${service} (the image's working directory) or \`npm run migrate -- ${service} up\`, then start again.`,
    );
  }
}

/** PostgreSQL's lock_not_available: a lock wait ran past lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Runs `work` while holding a PostgreSQL advisory lock named after the schema, so that replicas of
 * a service starting together (docker compose scales orders and payments) create the schema and
 * run migrations one at a time instead of racing on CREATE statements. The wait for the lock is
 * bounded (`lockTimeoutMs`, the lock session's lock_timeout): past it, MigrationLockTimeoutError
 * names the schema.
 */
export async function withMigrationLock<T>(connectionString: string, schema: string, work: () => Promise<T>, lockTimeoutMs = DEFAULT_MIGRATION_LOCK_TIMEOUT_MS): Promise<T> {
  // this session only waits for the lock, then holds it while the migrations run on other connections
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, lock_timeout: lockTimeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [`storefront-migrations:${schema}`]);
    } catch (error) {
      if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
      throw new MigrationLockTimeoutError(
        `Schema "${schema}": another replica has held its migration lock for longer than ${lockTimeoutMs} ms ` +
          '(DB_MIGRATION_LOCK_TIMEOUT_MS); its migrations are still running or it hangs. Not started: start this replica again once they finished.',
      );
    }
    return await work();
  } finally {
    // Ending the session releases the lock even if the unlock itself fails.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`storefront-migrations:${schema}`]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Creates the schema if it does not exist (TypeORM keeps its migrations table inside it). */
export async function ensureSchema(connectionString: string, schema: string, connectTimeoutMs = 5000): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
  // A connection that breaks while we hold it must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * TypeORM for the service's schema: DATABASE_URL (validated), migrations run at start-up (never
 * synchronize), retries while PostgreSQL is not up yet, search_path set to the schema so migrations
 * can use unqualified table names, and pool errors logged instead of crashing the process (a
 * PostgreSQL restart drops idle connections; the pool reconnects on the next query).
 */
export function createDatabaseModule(options: DatabaseModuleOptions): DynamicModule {
  const logger = new Logger('database');
  let migrationLockTimeoutMs: number | undefined;
  let atStart: MigrationsAtStart = 'run';
  return TypeOrmModule.forRootAsync({
    useFactory: () => {
      if (!SCHEMA_NAME.test(options.schema)) {
        throw new DatabaseConfigError(`Schema name "${options.schema}" must match ${SCHEMA_NAME}`);
      }
      let config;
      try {
        config = readEnvConfig(
          {
            url: databaseUrl(),
            retryAttempts: integer('DATABASE_RETRY_ATTEMPTS', 30, 1, 1000),
            retryDelayMs: integer('DATABASE_RETRY_DELAY_MS', 1000, 50, 60000),
            poolSize: integer('DATABASE_POOL_SIZE', 10, 1, 100),
            ...DATABASE_TIMEOUT_READERS,
            atStart: migrationsAtStart(options.env ?? process.env),
          },
          options.env ?? process.env,
        );
      } catch (error) {
        throw new DatabaseConfigError((error as Error).message);
      }
      // the data source factory gets only the options below: the lock wait is passed on here
      migrationLockTimeoutMs = config.migrationLockTimeoutMs;
      atStart = config.atStart;
      logger.log(`Using ${redactUrl(config.url)} schema "${options.schema}"`);
      return {
        type: 'postgres' as const,
        url: config.url,
        schema: options.schema,
        entities: options.entities,
        migrations: options.migrations,
        migrationsTableName: 'migrations',
        // Migrations run (or are checked) in openServiceDataSource, under a lock shared by the service's replicas.
        migrationsRun: false,
        synchronize: false,
        connectTimeoutMS: 5000,
        poolSize: config.poolSize,
        // every pooled connection starts with the search path and the timeouts (node-postgres sends
        // them as startup parameters): a statement, a lock wait or an idle transaction is bounded.
        // Each is a ListenedPgClient, which never leaves a lost connection's error unheard.
        extra: { options: `-c search_path=${options.schema},public`, ...pgTimeoutOptions(config), Client: ListenedPgClient },
        poolErrorHandler: (error: Error) => logger.warn(`PostgreSQL connection error: ${error.message}`),
        retryAttempts: config.retryAttempts,
        retryDelay: config.retryDelayMs,
        // a bad setting, or a replica whose migrations outlast the lock wait, ends the start (exit 1)
        toRetry: (error: unknown) => !(error instanceof DatabaseConfigError || error instanceof MigrationLockTimeoutError || error instanceof MigrationsPendingError),
      };
    },
    dataSourceFactory: async (dataSourceOptions?: DataSourceOptions) => {
      if (!dataSourceOptions || dataSourceOptions.type !== 'postgres' || !dataSourceOptions.url) {
        throw new DatabaseConfigError('Database options are missing');
      }
      const dataSource = await openServiceDataSource(dataSourceOptions, options.schema, migrationLockTimeoutMs, { atStart, service: options.service });
      logger.log(`Connected; migrations are up to date in schema "${options.schema}" (MIGRATIONS_AT_START=${atStart})`);
      return dataSource;
    },
  });
}

/**
 * Opens a data source for a service schema. `atStart: 'run'` (the default): creates the schema,
 * connects and runs pending migrations (one transaction, no statement_timeout, the pool's
 * lock_timeout), all under the schema's migration lock (waited for at most `migrationLockTimeoutMs`).
 * `'check'`: connects, changes nothing, and throws MigrationsPendingError when a migration is pending.
 * A failed attempt leaves no pool behind, so the caller may retry.
 */
export async function openServiceDataSource(
  dataSourceOptions: DataSourceOptions,
  schema: string,
  migrationLockTimeoutMs?: number,
  { atStart = 'run', service = schema }: { atStart?: MigrationsAtStart; service?: string } = {},
): Promise<DataSource> {
  if (dataSourceOptions.type !== 'postgres' || !dataSourceOptions.url) {
    throw new DatabaseConfigError('Database options are missing');
  }
  const url = dataSourceOptions.url;
  const dataSource = new DataSource({ ...dataSourceOptions, migrationsRun: false });
  if (atStart === 'check') {
    try {
      await dataSource.initialize();
      const { pending } = await migrationStatus(dataSource);
      if (pending.length > 0) throw new MigrationsPendingError(service, schema, pending.map((migration) => migration.name));
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      throw error;
    }
    return dataSource;
  }
  try {
    await withMigrationLock(
      url,
      schema,
      async () => {
        await ensureSchema(url, schema);
        await dataSource.initialize();
        await runPendingMigrations(dataSource);
      },
      migrationLockTimeoutMs,
    );
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
