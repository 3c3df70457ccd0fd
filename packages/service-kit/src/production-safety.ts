import { DATABASE_TIMEOUT_READERS } from './database.js';
import { EnvConfigError, databaseUrl, readEnvConfig, type EnvProblem, type EnvReader } from './env-config.js';
import { HTTP_SERVER_BOUND_READERS } from './http-server-bounds.js';

type Env = Record<string, string | undefined>;

/**
 * Values this repository ships or once shipped as defaults (docker-compose.yml, PostgreSQL's and the
 * embedded database's): anyone can read them, so in production they are never secrets.
 */
export const KNOWN_DEFAULT_SECRETS = Object.freeze({
  /** docker-compose.yml's INTERNAL_API_TOKEN default before production mode */
  internalApiToken: Object.freeze(['change-me-internal-token']),
  /** placeholders a copied example might carry into ADMIN_API_TOKEN */
  adminApiToken: Object.freeze(['change-me-admin-token', 'change-me', 'admin', 'changeme']),
  /** docker-compose.yml's POSTGRES_PASSWORD default, the embedded database's, PostgreSQL's habit, none */
  databasePassword: Object.freeze(['storefront', 'postgres', 'password', '']),
});

/** The shortest INTERNAL_API_TOKEN production accepts (e.g. `openssl rand -hex 32` gives 64). */
export const MIN_INTERNAL_TOKEN_LENGTH = 32;

/** NODE_ENV=production: the Dockerfiles and docker-compose.yml set it; `npm start`, tests and e2e never do. */
export function isProduction(env: Env = process.env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

/** What goes wrong without it, for the message of a variable production requires. */
export function requiredInProduction<T>(reader: EnvReader<T>, why: string): EnvReader<T> {
  return {
    variable: reader.variable,
    read(raw) {
      if (!raw?.trim()) return { problem: `${reader.variable} is missing: ${why}` };
      return reader.read(raw);
    },
  };
}

/** INTERNAL_API_TOKEN in production: set, not a default from this repository, at least 32 characters. */
export function productionInternalToken(variable = 'INTERNAL_API_TOKEN'): EnvReader<string> {
  const why = `production needs a shared secret of at least ${MIN_INTERNAL_TOKEN_LENGTH} characters between the services`;
  return requiredInProduction<string>(
    {
      variable,
      read(raw = '') {
        const value = raw.trim();
        if (KNOWN_DEFAULT_SECRETS.internalApiToken.includes(value)) {
          return { problem: `${variable} is the docker-compose.yml default, which anyone can read: ${why} (e.g. openssl rand -hex 32)` };
        }
        if (value.length < MIN_INTERNAL_TOKEN_LENGTH) {
          return { problem: `${variable} is too short (${value.length} characters): ${why}` };
        }
        return { value };
      },
    },
    why,
  );
}

/** The shortest ADMIN_API_TOKEN production accepts. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/**
 * ADMIN_API_TOKEN in production: optional (unset, the /api/admin routes are switched off), but when
 * set at least 32 characters and not a known default or another service secret's default.
 */
export function productionAdminToken(variable = 'ADMIN_API_TOKEN'): EnvReader<string | undefined> {
  const why = `it opens the back office over HTTP (/api/admin) to whoever holds it: production needs a secret of at least ${MIN_ADMIN_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32), or leave it unset to switch those routes off`;
  return {
    variable,
    read(raw) {
      const value = raw?.trim();
      if (!value) return { value: undefined };
      if ([...KNOWN_DEFAULT_SECRETS.adminApiToken, ...KNOWN_DEFAULT_SECRETS.internalApiToken].includes(value)) {
        return { problem: `${variable} is a known default, which anyone can read: ${why}` };
      }
      if (value.length < MIN_ADMIN_TOKEN_LENGTH) return { problem: `${variable} is too short (${value.length} characters): ${why}` };
      return { value };
    },
  };
}

/** DATABASE_URL in production: set (the embedded PostgreSQL is for development) and without a default password. */
export function productionDatabaseUrl(variable = 'DATABASE_URL'): EnvReader<string> {
  const reader = databaseUrl(variable);
  return requiredInProduction<string>(
    {
      variable,
      read(raw) {
        const result = reader.read(raw);
        if ('problem' in result) return result;
        const password = passwordOf(result.value);
        if (KNOWN_DEFAULT_SECRETS.databasePassword.includes(password)) {
          return {
            problem:
              `${variable} ${password ? 'has a known default password' : 'has no password'}: production needs a database password of its own ` +
              `(not ${KNOWN_DEFAULT_SECRETS.databasePassword.filter(Boolean).join(', ')} or empty)`,
          };
        }
        return result;
      },
    },
    'production needs its own PostgreSQL (the embedded one `npm start` runs is for development)',
  );
}

function passwordOf(connectionString: string): string {
  const { password } = new URL(connectionString);
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/**
 * A bound production keeps: `reader`'s value, except 0 (which switches the bound off, for
 * development) is refused.
 */
export function boundedInProduction(reader: EnvReader<number>): EnvReader<number> {
  return {
    variable: reader.variable,
    read(raw) {
      const result = reader.read(raw);
      if ('value' in result && result.value === 0) {
        return { problem: `${reader.variable}=0 switches its bound off: production keeps every wait bounded (unset it for the default)` };
      }
      return result;
    },
  };
}

/** The wait bounds production refuses to switch off (0): the HTTP server's, and the database's where there is one. */
export function productionBounds(database = true): ProductionRules {
  const readers: EnvReader<number>[] = [
    ...Object.values(HTTP_SERVER_BOUND_READERS),
    ...(database ? [DATABASE_TIMEOUT_READERS.statementTimeoutMs, DATABASE_TIMEOUT_READERS.lockTimeoutMs, DATABASE_TIMEOUT_READERS.idleInTransactionTimeoutMs] : []),
  ];
  return Object.fromEntries(readers.map((reader) => [`bound:${reader.variable}`, boundedInProduction(reader)]));
}

/** A service's own production rules: readers like readEnvConfig's, each naming its variable. */
export type ProductionRules = Record<string, EnvReader<unknown>>;

export interface ProductionSafetyOptions {
  /**
   * false: the service neither serves nor calls /internal routes, so production does not require
   * INTERNAL_API_TOKEN of it (its internal guard then refuses every internal call). Default true.
   */
  internalApi?: boolean;
  /** false: the service keeps nothing in PostgreSQL, so production does not require DATABASE_URL. Default true. */
  database?: boolean;
  /**
   * The service's own rules, given the environment (may read files, never connect). A rule set that
   * throws EnvConfigError adds its problems to the others'.
   */
  rules?: ProductionRules | ((env: Env) => ProductionRules | Promise<ProductionRules>);
}

/**
 * With NODE_ENV=production, checks the settings that would make a deployment unsafe (a missing or
 * default INTERNAL_API_TOKEN, the database's default password, a wait bound switched off with 0, the
 * service's own rules) and throws
 * one EnvConfigError naming every offending variable and why. Outside production it does nothing.
 * bootstrapService runs it before anything connects.
 */
export async function productionSafety(options: ProductionSafetyOptions = {}, env: Env = process.env): Promise<void> {
  if (!isProduction(env)) return;
  const problemsOf = (error: unknown): readonly EnvProblem[] => {
    if (error instanceof EnvConfigError) return error.problems;
    throw error;
  };
  let rules: ProductionRules = {};
  let ruleSetProblems: readonly EnvProblem[] = [];
  try {
    rules = typeof options.rules === 'function' ? await options.rules(env) : (options.rules ?? {});
  } catch (error) {
    ruleSetProblems = problemsOf(error);
  }
  const spec: ProductionRules = {
    ...(options.internalApi === false ? {} : { internalApiToken: productionInternalToken() }),
    ...(options.database === false ? {} : { databaseUrl: productionDatabaseUrl() }),
    ...productionBounds(options.database !== false),
    ...rules,
  };
  let readProblems: readonly EnvProblem[] = [];
  try {
    readEnvConfig(spec, env);
  } catch (error) {
    readProblems = problemsOf(error);
  }
  const problems = [...readProblems, ...ruleSetProblems];
  if (problems.length > 0) {
    throw new EnvConfigError(
      `unsafe for production (NODE_ENV=production): ${problems.map((entry) => entry.problem).join('; ')}`,
      problems,
    );
  }
}
