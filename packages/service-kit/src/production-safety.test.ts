import { EnvConfigError, text, url } from './env-config.js';
import { KNOWN_DEFAULT_SECRETS, productionSafety, requiredInProduction } from './production-safety.js';

const TOKEN = 'a'.repeat(32);
const SAFE = {
  NODE_ENV: 'production',
  INTERNAL_API_TOKEN: TOKEN,
  DATABASE_URL: 'postgres://storefront:s3cret-of-our-own@db:5432/storefront',
};

/** The EnvConfigError productionSafety throws, or undefined when it accepts the settings. */
async function refusal(env: Record<string, string | undefined>, options?: Parameters<typeof productionSafety>[0]): Promise<EnvConfigError | undefined> {
  try {
    await productionSafety(options, env);
    return undefined;
  } catch (error) {
    if (error instanceof EnvConfigError) return error;
    throw error;
  }
}

describe('productionSafety', () => {
  it('does nothing outside production, whatever is set', async () => {
    expect(await refusal({})).toBeUndefined();
    expect(await refusal({ NODE_ENV: 'development', INTERNAL_API_TOKEN: 'change-me-internal-token' })).toBeUndefined();
  });

  it('accepts a token of 32 characters and a database password of its own', async () => {
    expect(await refusal(SAFE)).toBeUndefined();
  });

  it('names every offending variable and why, in one error', async () => {
    const error = await refusal({ NODE_ENV: 'production' });
    expect(error?.problems.map((entry) => entry.variable)).toEqual(['INTERNAL_API_TOKEN', 'DATABASE_URL']);
    expect(error?.message).toBe(
      'unsafe for production (NODE_ENV=production): ' +
        'INTERNAL_API_TOKEN is missing: production needs a shared secret of at least 32 characters between the services; ' +
        'DATABASE_URL is missing: production needs its own PostgreSQL (the embedded one `npm start` runs is for development)',
    );
  });

  it.each([
    ['missing', '', 'INTERNAL_API_TOKEN is missing: production needs a shared secret of at least 32 characters between the services'],
    ['blank', '   ', 'INTERNAL_API_TOKEN is missing'],
    ['short', 'x'.repeat(31), 'INTERNAL_API_TOKEN is too short (31 characters): production needs a shared secret of at least 32 characters'],
    ["docker-compose's old default", 'change-me-internal-token', 'INTERNAL_API_TOKEN is the docker-compose.yml default, which anyone can read'],
  ])('refuses an INTERNAL_API_TOKEN that is %s', async (_, token, words) => {
    const error = await refusal({ ...SAFE, INTERNAL_API_TOKEN: token });
    expect(error?.problems).toEqual([{ variable: 'INTERNAL_API_TOKEN', problem: expect.stringContaining(words) }]);
  });

  it.each(KNOWN_DEFAULT_SECRETS.databasePassword.filter(Boolean))('refuses the known database password "%s" without printing it', async (password) => {
    const error = await refusal({ ...SAFE, DATABASE_URL: `postgres://storefront:${password}@db:5432/storefront` });
    expect(error?.problems).toEqual([
      {
        variable: 'DATABASE_URL',
        problem: 'DATABASE_URL has a known default password: production needs a database password of its own (not storefront, postgres, password or empty)',
      },
    ]);
  });

  it('refuses a DATABASE_URL without a password, and a broken one with the usual words', async () => {
    const none = await refusal({ ...SAFE, DATABASE_URL: 'postgres://storefront@db:5432/storefront' });
    expect(none?.problems[0]?.problem).toMatch(/^DATABASE_URL has no password: /);
    const broken = await refusal({ ...SAFE, DATABASE_URL: 'mysql://a:b@db/x' });
    expect(broken?.problems[0]?.problem).toBe('DATABASE_URL must use postgres: or postgresql: (got "mysql:")');
  });

  it('lets a service without internal calls or a database leave those out', async () => {
    expect(await refusal({ NODE_ENV: 'production' }, { internalApi: false, database: false })).toBeUndefined();
  });

  it("adds a service's own rules, static or read from the environment", async () => {
    const smtp = requiredInProduction(url('SMTP_URL', undefined, { protocols: ['smtp:'] }), 'production sends real e-mail');
    const error = await refusal({ ...SAFE, INTERNAL_API_TOKEN: '' }, { rules: { smtp } });
    expect(error?.problems.map((entry) => entry.variable)).toEqual(['INTERNAL_API_TOKEN', 'SMTP_URL']);
    expect(error?.message).toContain('SMTP_URL is missing: production sends real e-mail');
    expect(await refusal({ ...SAFE, SMTP_URL: 'smtp://mail:25' }, { rules: { smtp } })).toBeUndefined();

    const fromEnv = await refusal(SAFE, { rules: async (env) => ({ mode: text('MODE', env.NODE_ENV === 'production' ? undefined : 'dev') }) });
    expect(fromEnv?.problems).toEqual([{ variable: 'MODE', problem: 'MODE is required' }]);
  });

  it("keeps a rule set's own EnvConfigError with the others", async () => {
    const error = await refusal(
      { NODE_ENV: 'production', DATABASE_URL: SAFE.DATABASE_URL },
      {
        rules: () => {
          throw new EnvConfigError('Invalid configuration: STRIPE_SECRET_KEY is set, but there is no adapter');
        },
      },
    );
    expect(error?.problems).toEqual([
      { variable: 'INTERNAL_API_TOKEN', problem: expect.stringMatching(/^INTERNAL_API_TOKEN is missing/) },
      { problem: 'STRIPE_SECRET_KEY is set, but there is no adapter' },
    ]);
  });

  it('refuses a database wait bound switched off (0) where there is a database, and leaves it alone where there is none', async () => {
    const env = { ...SAFE, DB_LOCK_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: '0', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' };
    const error = await refusal(env);
    expect(error?.problems.map((entry) => entry.variable)).toEqual(['DB_STATEMENT_TIMEOUT_MS', 'DB_LOCK_TIMEOUT_MS', 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS']);
    expect(error?.problems[1]?.problem).toBe('DB_LOCK_TIMEOUT_MS=0 switches its bound off: production keeps every wait bounded (unset it for the default)');
    // the gateway keeps no data: its database variables mean nothing
    expect(await refusal(env, { database: false })).toBeUndefined();
    // bounds of its own choosing are fine
    expect(await refusal({ ...SAFE, DB_LOCK_TIMEOUT_MS: '2000', HTTP_MAX_CONNECTIONS: '5000' })).toBeUndefined();
  });

  it('lets any other error of a rule set through (a broken content file is not a setting)', async () => {
    await expect(
      productionSafety(
        {
          rules: () => {
            throw new TypeError('boom');
          },
        },
        SAFE,
      ),
    ).rejects.toThrow(TypeError);
  });
});
