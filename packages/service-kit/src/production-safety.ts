import { isIP } from 'node:net';
import type { InternalCaller } from '@storefront/contracts';
import { DATABASE_TIMEOUT_READERS } from './database.js';
import { EnvConfigError, databaseUrl, flag, integer, readEnvConfig, url, type EnvProblem, type EnvReader } from './env-config.js';
import { HTTP_SERVER_BOUND_READERS } from './http-server-bounds.js';
import { MIGRATIONS_AT_START_VARIABLE, MIGRATIONS_DATABASE_URL_VARIABLE, migrationsAtStart, type MigrationsAtStart } from './migrations/migration-settings.js';
import { INTERNAL_SECRET_VARIABLES } from './route-table/internal-signature.js';

type Env = Record<string, string | undefined>;

/**
 * Values this repository ships or once shipped as defaults (docker-compose.yml, PostgreSQL's and the
 * embedded database's): anyone can read them, so in production they are never secrets.
 */
export const KNOWN_DEFAULT_SECRETS = Object.freeze({
  /** docker-compose.yml's internal token default before production mode, and placeholders any secret may carry */
  internalApiToken: Object.freeze(['change-me-internal-token', 'change-me', 'changeme', 'secret', 'password']),
  /** placeholders a copied example of the retired ADMIN_API_TOKEN might carry into any secret */
  adminApiToken: Object.freeze(['change-me-admin-token', 'change-me', 'admin', 'changeme']),
  /** docker-compose.yml's POSTGRES_PASSWORD default, the embedded database's, PostgreSQL's habit, none */
  databasePassword: Object.freeze(['storefront', 'postgres', 'password', '']),
});

/** The shortest secret production accepts (e.g. `openssl rand -hex 32` gives 64 characters). */
export const MIN_SECRET_LENGTH = 32;
/**
 * The fewest distinct characters a production secret has: 32 copies of one letter, or a short word
 * repeated, are no secret. Not 16: `openssl rand -hex 32` draws from 16 characters only, and about one
 * output in four lacks one of them; fewer than 10 distinct in 64 random hex characters happens less
 * than once in a trillion.
 */
export const MIN_SECRET_DISTINCT_CHARACTERS = 10;

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

/** `reader` with one more rule production holds its value to: `refuse` names what is wrong, or gives undefined. */
function stricterInProduction<T>(reader: EnvReader<T>, refuse: (value: T) => string | undefined): EnvReader<T> {
  return {
    variable: reader.variable,
    read(raw) {
      const result = reader.read(raw);
      if ('problem' in result) return result;
      const problem = refuse(result.value);
      return problem === undefined ? result : { problem };
    },
  };
}

/** `reader` for a variable production may leave unset (then undefined: the service's own default). */
function optionalInProduction<T>(reader: EnvReader<T>): EnvReader<T | undefined> {
  return { variable: reader.variable, read: (raw) => (raw?.trim() ? reader.read(raw) : { value: undefined }) };
}

/**
 * A secret in production: set, not a default anyone can read, at least 32 characters and 16
 * distinct ones (random, e.g. `openssl rand -hex 32`). `why` says what the secret opens.
 */
export function productionSecret(variable: string, why: string): EnvReader<string> {
  const advice = `production needs a random secret of at least ${MIN_SECRET_LENGTH} characters with at least ${MIN_SECRET_DISTINCT_CHARACTERS} different ones (e.g. openssl rand -hex 32)`;
  return requiredInProduction<string>(
    {
      variable,
      read(raw = '') {
        const value = raw.trim();
        if ([...KNOWN_DEFAULT_SECRETS.internalApiToken, ...KNOWN_DEFAULT_SECRETS.adminApiToken].includes(value)) {
          return { problem: `${variable} is a known default, which anyone can read: ${advice}` };
        }
        if (value.length < MIN_SECRET_LENGTH) return { problem: `${variable} is too short (${value.length} characters): ${advice}` };
        const distinct = new Set(value).size;
        if (distinct < MIN_SECRET_DISTINCT_CHARACTERS) return { problem: `${variable} has only ${distinct} different characters: ${advice}` };
        return { value };
      },
    },
    `${why}: ${advice}`,
  );
}

/** Whose internal routes each caller signs its calls to. */
const CALLED_BY: Readonly<Record<InternalCaller, string>> = Object.freeze({
  payments: "the orders service's internal routes",
  forms: "the orders service's internal routes",
  orders: "the forms and payments services' internal routes (the back office)",
});

/** The internal callers' secrets production requires of a service that calls or serves internal routes. */
function internalSecretRules(callers: readonly InternalCaller[]): ProductionRules {
  return Object.fromEntries(
    callers.map((caller) => [`internalSecret:${caller}`, productionSecret(INTERNAL_SECRET_VARIABLES[caller], `${caller} signs its calls to ${CALLED_BY[caller]} with it`)]),
  );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * An outbound provider's base URL (RECAPTCHA_VERIFY_URL, STRIPE_API_BASE_URL, ...) in production:
 * optional (unset, the provider's own), but https, or http only to this machine (a local stand-in):
 * over plain http to anywhere else, whoever is on the path answers for the provider.
 */
export function productionOutboundUrl(variable: string): EnvReader<string | undefined> {
  return optionalInProduction(
    stricterInProduction(url(variable, undefined), (value) => {
      const parsed = new URL(value);
      if (parsed.protocol === 'https:' || isLoopbackHost(parsed.hostname)) return undefined;
      return `${variable} must use https in production (plain http only to a local stand-in on 127.0.0.1 or localhost)`;
    }),
  );
}

/** PUBLIC_SITE_URL in production: the shoppers' https address, never localhost (links in e-mails, canonical URLs). */
export function productionPublicSiteUrl(variable = 'PUBLIC_SITE_URL'): EnvReader<string> {
  return requiredInProduction<string>(
    stricterInProduction(url(variable, undefined), (value) => {
      const parsed = new URL(value);
      if (parsed.protocol !== 'https:') return `${variable} must be https in production (links in e-mails and pages would go over plain http)`;
      if (isLoopbackHost(parsed.hostname)) return `${variable} must be the site's public address in production, not ${parsed.hostname}`;
      return undefined;
    }),
    "production needs the site's public https address (e.g. https://www.example.com) for links in e-mails and pages",
  );
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For express believes (req.ip: rate limits, sign-in
 * failures, logs). Values: `false` (none: the socket's address; a directly exposed process), a
 * number of hops (e.g. `1`: one proxy in front, whatever its address), or a comma-separated list of
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. `true` (trust every
 * hop) lets any client write its own address and is refused in production, where TRUST_PROXY must be
 * set explicitly. Unset outside production: loopback and private ranges (npm start, docker compose).
 */
export const DEFAULT_TRUST_PROXY = 'loopback, linklocal, uniquelocal';
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export type TrustProxySetting = boolean | number | string;

export function trustProxy(variable = 'TRUST_PROXY'): EnvReader<TrustProxySetting> {
  return {
    variable,
    read(raw) {
      const value = raw?.trim();
      if (!value) return { value: DEFAULT_TRUST_PROXY };
      if (value === 'false') return { value: false };
      if (value === 'true') return { value: true };
      if (/^\d+$/.test(value)) return { value: Number(value) };
      for (const entry of value.split(',').map((part) => part.trim())) {
        const [address, prefix, ...rest] = entry.split('/');
        const knownName = TRUST_PROXY_NAMES.has(entry);
        const cidr = address !== undefined && isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix));
        if (!knownName && !cidr) {
          return { problem: `${variable} must be false, a number of proxies, or a list of addresses, CIDR ranges, loopback, linklocal and uniquelocal (got "${entry}")` };
        }
      }
      return { value };
    },
  };
}

/** TRUST_PROXY in production: set explicitly (the private-range default fits docker compose, not every network), and never `true`. */
export function productionTrustProxy(variable = 'TRUST_PROXY'): EnvReader<TrustProxySetting> {
  return requiredInProduction<TrustProxySetting>(
    stricterInProduction(trustProxy(variable), (value) =>
      value === true
        ? `${variable}=true believes every X-Forwarded-For, so any client picks its own address: production names its proxies (a number of hops, or their addresses)`
        : undefined,
    ),
    'production names the proxies in front of the service (false, a number of hops, or addresses and CIDR ranges), so rate limits count real clients',
  );
}

/** A whole number production keeps at or below `max` (unset: the service's default, which is within it). */
export function productionAtMost(variable: string, max: number, why: string): EnvReader<number | undefined> {
  return optionalInProduction(
    stricterInProduction(integer(variable, 0), (value) => (value > max ? `${variable} must be at most ${max} in production (got ${value}): ${why}` : undefined)),
  );
}

/** The highest RATE_LIMIT_*_PER_MINUTE production accepts. */
export const MAX_PRODUCTION_RATE_LIMIT_PER_MINUTE = 1000;
/** The longest session production accepts, in days. */
export const MAX_PRODUCTION_SESSION_TTL_DAYS = 30;

/**
 * What every service refuses in production, besides its database and bounds: TRUST_PROXY unset,
 * PUBLIC_SITE_URL not public https, no METRICS_TOKEN while metrics are on, a rate limit or session
 * lifetime past its cap, an outbound provider URL over plain http (one secret used for two purposes:
 * sharedSecretProblems).
 */
function commonRules(env: Env): ProductionRules {
  const metricsOn = readEnvConfig({ on: flag('METRICS_ENABLED', true) }, env).on;
  const rateLimits = Object.keys(env).filter((name) => /^RATE_LIMIT_[A-Z0-9_]+_PER_MINUTE$/.test(name));
  return {
    trustProxy: productionTrustProxy(),
    publicSiteUrl: productionPublicSiteUrl(),
    ...(metricsOn ? { metricsToken: productionSecret('METRICS_TOKEN', 'the scraper reads /metrics with it (or set METRICS_ENABLED=false)') } : {}),
    ...Object.fromEntries(
      rateLimits.map((name) => [
        `rateLimit:${name}`,
        productionAtMost(name, MAX_PRODUCTION_RATE_LIMIT_PER_MINUTE, 'a higher limit is no limit against guessing or flooding'),
      ]),
    ),
    sessionTtlDays: productionAtMost('SESSION_TTL_DAYS', MAX_PRODUCTION_SESSION_TTL_DAYS, 'a stolen session cookie would open the account for longer'),
    ...Object.fromEntries(OUTBOUND_PROVIDER_URLS.map((name) => [`outbound:${name}`, productionOutboundUrl(name)])),
  };
}

/** One secret given two purposes (the scrape token and an internal caller's, or both callers'): each pair named once. */
function sharedSecretProblems(env: Env): EnvProblem[] {
  const names = ['METRICS_TOKEN', ...Object.values(INTERNAL_SECRET_VARIABLES)];
  const problems: EnvProblem[] = [];
  for (const [index, name] of names.entries()) {
    const value = env[name]?.trim();
    if (!value) continue;
    for (const twin of names.slice(index + 1)) {
      if (env[twin]?.trim() === value) problems.push({ variable: twin, problem: `${name} and ${twin} are the same secret: production gives each purpose its own` });
    }
  }
  return problems;
}

/** The providers' base URLs a deployment may point elsewhere (local stand-ins in the reliability harness). */
export const OUTBOUND_PROVIDER_URLS: readonly string[] = Object.freeze([
  'RECAPTCHA_VERIFY_URL',
  'STRIPE_API_BASE_URL',
  'PAYPAL_API_BASE_URL',
  'AUTHORIZENET_API_BASE_URL',
]);

/** DATABASE_URL in production: set (the embedded PostgreSQL is for development) and without a default password. */
export function productionDatabaseUrl(variable = 'DATABASE_URL'): EnvReader<string> {
  return requiredInProduction<string>(
    stricterInProduction(databaseUrl(variable), (value) => {
      const password = passwordOf(value);
      if (!KNOWN_DEFAULT_SECRETS.databasePassword.includes(password)) return undefined;
      return (
        `${variable} ${password ? 'has a known default password' : 'has no password'}: production needs a database password of its own ` +
        `(not ${KNOWN_DEFAULT_SECRETS.databasePassword.filter(Boolean).join(', ')} or empty)`
      );
    }),
    'production needs its own PostgreSQL (the embedded one `npm start` runs is for development)',
  );
}

/**
 * MIGRATIONS_AT_START in production: `check` (the default there). `run` would migrate at every start
 * of every replica, through the pooler, beside the old release's pods; production migrates once,
 * before the rollout (the migrate Job or compose's one-shot).
 */
export function productionMigrationsAtStart(): EnvReader<MigrationsAtStart> {
  return stricterInProduction(migrationsAtStart({ NODE_ENV: 'production' }), (value) =>
    value === 'run'
      ? `${MIGRATIONS_AT_START_VARIABLE}=run migrates at every replica's start: production runs \`node dist/migrate.js up\` once before the rollout ` +
        '(the migrate Job or one-shot) and checks at start (unset it, or set check)'
      : undefined,
  );
}

/** MIGRATIONS_DATABASE_URL in production: optional (unset, DATABASE_URL's), and when set held to DATABASE_URL's rules. */
export function productionMigrationsDatabaseUrl(): EnvReader<string | undefined> {
  return optionalInProduction(productionDatabaseUrl(MIGRATIONS_DATABASE_URL_VARIABLE));
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
  return stricterInProduction(reader, (value) =>
    value === 0 ? `${reader.variable}=0 switches its bound off: production keeps every wait bounded (unset it for the default)` : undefined,
  );
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
   * The internal callers whose secrets the service holds: the ones it signs as (payments, forms,
   * orders) and the ones it checks (orders: payments and forms; forms and payments: orders). Production
   * requires each (PAYMENTS_INTERNAL_SECRET, FORMS_INTERNAL_SECRET, ORDERS_INTERNAL_SECRET). Default
   * none: the gateway and content hold no internal secret.
   */
  internalSecrets?: readonly InternalCaller[];
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
 * weak internal secret the service holds, the database's default password, a wait bound switched
 * off with 0, every service's rules in commonRules, the service's own rules) and throws
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
    ...internalSecretRules(options.internalSecrets ?? []),
    ...(options.database === false
      ? {}
      : { databaseUrl: productionDatabaseUrl(), migrationsAtStart: productionMigrationsAtStart(), migrationsDatabaseUrl: productionMigrationsDatabaseUrl() }),
    ...productionBounds(options.database !== false),
    ...commonRules(env),
    ...rules,
  };
  let readProblems: readonly EnvProblem[] = [];
  try {
    readEnvConfig(spec, env);
  } catch (error) {
    readProblems = problemsOf(error);
  }
  const problems = [...readProblems, ...sharedSecretProblems(env), ...ruleSetProblems];
  if (problems.length > 0) {
    throw new EnvConfigError(
      `unsafe for production (NODE_ENV=production): ${problems.map((entry) => entry.problem).join('; ')}`,
      problems,
    );
  }
}
