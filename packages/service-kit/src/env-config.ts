/** One bad variable and what is wrong with it, in words an operator can act on. */
export interface EnvProblem {
  /** the variable at fault; absent when a check named its variables only in `problem` */
  variable?: string;
  problem: string;
}

/** A configuration problem found at start-up; the message names every bad variable. */
export class EnvConfigError extends Error {
  override readonly name = 'EnvConfigError';
  /** each problem on its own (the message joins them), so a caller can gather several checks' problems */
  readonly problems: readonly EnvProblem[];

  constructor(message: string, problems?: readonly EnvProblem[]) {
    super(message);
    this.problems = problems ?? [{ problem: message.replace(/^Invalid configuration: /, '') }];
  }
}

type Env = Record<string, string | undefined>;

/** How to read one variable: returns the value or a human message saying what is wrong. */
export interface EnvReader<T> {
  readonly variable: string;
  read(raw: string | undefined): { value: T } | { problem: string };
}

/** A TCP port (1-65535); `fallback` when unset or blank. */
export function port(variable: string, fallback: number): EnvReader<number> {
  return {
    variable,
    read(raw) {
      if (raw === undefined || raw.trim() === '') return { value: fallback };
      const value = Number(raw.trim());
      if (!Number.isInteger(value) || value < 1 || value > 65535) {
        return { problem: `${variable} must be a port number between 1 and 65535 (got "${raw}")` };
      }
      return { value };
    },
  };
}

/** A whole number within [min, max]; `fallback` when unset or blank. */
export function integer(variable: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): EnvReader<number> {
  return {
    variable,
    read(raw) {
      if (raw === undefined || raw.trim() === '') return { value: fallback };
      const value = Number(raw.trim());
      if (!Number.isInteger(value) || value < min || value > max) {
        return { problem: `${variable} must be a whole number between ${min} and ${max} (got "${raw}")` };
      }
      return { value };
    },
  };
}

/** true/false (also 1/0, yes/no); `fallback` when unset or blank. */
export function flag(variable: string, fallback: boolean): EnvReader<boolean> {
  return {
    variable,
    read(raw) {
      const value = raw?.trim().toLowerCase();
      if (!value) return { value: fallback };
      if (['true', '1', 'yes'].includes(value)) return { value: true };
      if (['false', '0', 'no'].includes(value)) return { value: false };
      return { problem: `${variable} must be true or false (got "${raw}")` };
    },
  };
}

/** Free text; `fallback` when unset or blank (pass undefined to make the variable required). */
export function text(variable: string, fallback?: string): EnvReader<string> {
  return {
    variable,
    read(raw) {
      const trimmed = raw?.trim();
      if (trimmed) return { value: trimmed };
      if (fallback !== undefined) return { value: fallback };
      return { problem: `${variable} is required` };
    },
  };
}

/**
 * An absolute URL with one of the given protocols, or a site-relative path when `allowPath` (remote
 * manifests may be served from the same origin). Pass fallback undefined to make it required.
 */
export function url(
  variable: string,
  fallback: string | undefined,
  options: { protocols?: string[]; allowPath?: boolean } = {},
): EnvReader<string> {
  const protocols = options.protocols ?? ['http:', 'https:'];
  return {
    variable,
    read(raw) {
      const trimmed = raw?.trim();
      if (!trimmed) {
        return fallback !== undefined ? { value: fallback } : { problem: `${variable} is required` };
      }
      if (options.allowPath && trimmed.startsWith('/') && !trimmed.startsWith('//')) return { value: trimmed };
      let parsed: URL;
      try {
        parsed = new URL(trimmed);
      } catch {
        return { problem: `${variable} must be a URL (${protocols.join(' or ')}), got "${redactUrl(trimmed)}"` };
      }
      if (!protocols.includes(parsed.protocol)) {
        return { problem: `${variable} must use ${protocols.join(' or ')} (got "${parsed.protocol}")` };
      }
      return { value: trimmed.replace(/\/+$/, '') || trimmed };
    },
  };
}

/** DATABASE_URL: postgres://user:password@host:port/database (required). */
export function databaseUrl(variable = 'DATABASE_URL'): EnvReader<string> {
  const reader = url(variable, undefined, { protocols: ['postgres:', 'postgresql:'] });
  return {
    variable,
    read(raw) {
      const result = reader.read(raw);
      if ('problem' in result) {
        return {
          problem: raw?.trim()
            ? result.problem
            : `${variable} is required (e.g. postgres://postgres:password@127.0.0.1:54329/storefront); ` +
              'start services with `npm start`, which starts an embedded PostgreSQL when it is unset',
        };
      }
      const parsed = new URL(result.value);
      if (!parsed.hostname || parsed.pathname.length < 2) {
        return { problem: `${variable} must name a host and a database (got "${redactUrl(result.value)}")` };
      }
      return result;
    },
  };
}

/**
 * Reads every variable of `spec` at once and throws one EnvConfigError listing every problem, so a
 * misconfigured service says everything that is wrong in its first log line.
 */
export function readEnvConfig<S extends Record<string, EnvReader<unknown>>>(
  spec: S,
  env: Env = process.env,
): { [K in keyof S]: S[K] extends EnvReader<infer T> ? T : never } {
  const values: Record<string, unknown> = {};
  const problems: EnvProblem[] = [];
  for (const [key, reader] of Object.entries(spec)) {
    const result = reader.read(env[reader.variable]);
    if ('problem' in result) problems.push({ variable: reader.variable, problem: result.problem });
    else values[key] = result.value;
  }
  if (problems.length > 0) {
    throw new EnvConfigError(`Invalid configuration: ${problems.map((entry) => entry.problem).join('; ')}`, problems);
  }
  return values as { [K in keyof S]: S[K] extends EnvReader<infer T> ? T : never };
}

/** Hides the password of a connection string in messages. */
export function redactUrl(value: string): string {
  return value.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}
