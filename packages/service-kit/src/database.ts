import { type DynamicModule, Logger } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';
import { databaseUrl, integer, readEnvConfig, redactUrl } from './env-config.js';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

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
}

/** Thrown at start-up for a configuration the service cannot work with; never retried. */
export class DatabaseConfigError extends Error {
  override readonly name = 'DatabaseConfigError';
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock named after the schema, so that replicas of
 * a service starting together (docker compose scales orders and payments) create the schema and
 * run migrations one at a time instead of racing on CREATE statements.
 */
export async function withMigrationLock<T>(connectionString: string, schema: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`storefront-migrations:${schema}`]);
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
          },
          options.env ?? process.env,
        );
      } catch (error) {
        throw new DatabaseConfigError((error as Error).message);
      }
      logger.log(`Using ${redactUrl(config.url)} schema "${options.schema}"`);
      return {
        type: 'postgres' as const,
        url: config.url,
        schema: options.schema,
        entities: options.entities,
        migrations: options.migrations,
        migrationsTableName: 'migrations',
        // Migrations run in openServiceDataSource, under a lock shared by the service's replicas.
        migrationsRun: false,
        synchronize: false,
        connectTimeoutMS: 5000,
        poolSize: config.poolSize,
        extra: { options: `-c search_path=${options.schema},public` },
        poolErrorHandler: (error: Error) => logger.warn(`PostgreSQL connection error: ${error.message}`),
        retryAttempts: config.retryAttempts,
        retryDelay: config.retryDelayMs,
        toRetry: (error: unknown) => !(error instanceof DatabaseConfigError),
      };
    },
    dataSourceFactory: async (dataSourceOptions?: DataSourceOptions) => {
      if (!dataSourceOptions || dataSourceOptions.type !== 'postgres' || !dataSourceOptions.url) {
        throw new DatabaseConfigError('Database options are missing');
      }
      const dataSource = await openServiceDataSource(dataSourceOptions, options.schema);
      logger.log(`Connected; migrations are up to date in schema "${options.schema}"`);
      return dataSource;
    },
  });
}

/**
 * Opens a data source for a service schema: creates the schema, connects and runs pending
 * migrations, all under the schema's migration lock. A failed attempt leaves no pool behind, so
 * the caller may retry.
 */
export async function openServiceDataSource(dataSourceOptions: DataSourceOptions, schema: string): Promise<DataSource> {
  if (dataSourceOptions.type !== 'postgres' || !dataSourceOptions.url) {
    throw new DatabaseConfigError('Database options are missing');
  }
  const url = dataSourceOptions.url;
  const dataSource = new DataSource({ ...dataSourceOptions, migrationsRun: false });
  try {
    await withMigrationLock(url, schema, async () => {
      await ensureSchema(url, schema);
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'all' });
    });
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}
