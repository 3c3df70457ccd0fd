import { commandLineDatabaseUrl } from '../command-line-database.js';
import { databaseUrl, readEnvConfig, type EnvReader } from '../env-config.js';

type Env = Record<string, string | undefined>;

/**
 * What a starting service does with its schema's migrations: `run` them (under the schema's lock:
 * `npm start`, tests, one machine) or `check` that none is pending and refuse to start otherwise
 * (production: the migrate command runs them once, before the rollout, as a Job or a one-shot).
 */
export type MigrationsAtStart = 'run' | 'check';

export const MIGRATIONS_AT_START_VARIABLE = 'MIGRATIONS_AT_START';
/** The migrations' own connection: directly to PostgreSQL (advisory locks and DDL do not go through a pooler). */
export const MIGRATIONS_DATABASE_URL_VARIABLE = 'MIGRATIONS_DATABASE_URL';

// NODE_ENV=production as productionSafety's isProduction reads it (that module imports the database's, so not imported here)
const production = (env: Env) => env.NODE_ENV?.trim() === 'production';

/** MIGRATIONS_AT_START: `run` or `check`; unset, `check` in production and `run` elsewhere. */
export function migrationsAtStart(env: Env = process.env): EnvReader<MigrationsAtStart> {
  const fallback: MigrationsAtStart = production(env) ? 'check' : 'run';
  return {
    variable: MIGRATIONS_AT_START_VARIABLE,
    read(raw) {
      const value = raw?.trim().toLowerCase();
      if (!value) return { value: fallback };
      if (value === 'run' || value === 'check') return { value };
      return { problem: `${MIGRATIONS_AT_START_VARIABLE} must be run or check (got "${raw}")` };
    },
  };
}

/** The service's MIGRATIONS_AT_START; an EnvConfigError names the variable when it is neither value. */
export function readMigrationsAtStart(env: Env = process.env): MigrationsAtStart {
  return readEnvConfig({ atStart: migrationsAtStart(env) }, env).atStart;
}

/**
 * The database the migrate command works on: MIGRATIONS_DATABASE_URL, else DATABASE_URL, else (no
 * production) the embedded PostgreSQL a running `npm start` serves. An EnvConfigError names a bad one.
 */
export function readMigrationsDatabaseUrl(env: Env = process.env): string {
  const own = env[MIGRATIONS_DATABASE_URL_VARIABLE]?.trim();
  if (own) return readEnvConfig({ url: databaseUrl(MIGRATIONS_DATABASE_URL_VARIABLE) }, env).url;
  if (env.DATABASE_URL?.trim() || production(env)) return readEnvConfig({ url: databaseUrl() }, env).url;
  return commandLineDatabaseUrl(env);
}
