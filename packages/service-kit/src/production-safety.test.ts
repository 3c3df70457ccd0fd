import { EnvConfigError, text, url } from './env-config.js';
import { KNOWN_DEFAULT_SECRETS, productionSafety, requiredInProduction, trustProxy } from './production-safety.js';
import { PRODUCTION_BASELINE_ENV } from './testing.js';

/** 64 hex characters, as `openssl rand -hex 32` makes them */
const SECRET = '3f9a1c7e5b2d8f40a6c3e9b1d7f2a5c80e4b6d9f1a3c5e7b9d0f2a4c6e8b1d3f';
const SAFE = {
  ...PRODUCTION_BASELINE_ENV,
  DATABASE_URL: 'postgres://storefront:s3cret-of-our-own@db:5432/storefront',
};
const ORDERS = { internalSecrets: ['payments', 'forms'] } as const;

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
    expect(await refusal({ NODE_ENV: 'development', PAYMENTS_INTERNAL_SECRET: 'change-me', TRUST_PROXY: 'true' }, ORDERS)).toBeUndefined();
  });

  it('accepts random secrets, a database password of its own and the common settings', async () => {
    expect(await refusal({ ...SAFE, PAYMENTS_INTERNAL_SECRET: SECRET, FORMS_INTERNAL_SECRET: SECRET.split('').reverse().join('') }, ORDERS)).toBeUndefined();
  });

  it('names every offending variable and why, in one error', async () => {
    const error = await refusal({ NODE_ENV: 'production' }, { internalSecrets: ['payments'] });
    expect(error?.problems.map((entry) => entry.variable)).toEqual(['PAYMENTS_INTERNAL_SECRET', 'DATABASE_URL', 'TRUST_PROXY', 'PUBLIC_SITE_URL', 'METRICS_TOKEN']);
    expect(error?.message).toMatch(/^unsafe for production \(NODE_ENV=production\): PAYMENTS_INTERNAL_SECRET is missing: payments signs its calls to the orders service's internal routes with it: production needs a random secret of at least 32 characters with at least 10 different ones \(e.g. openssl rand -hex 32\); DATABASE_URL is missing: /);
  });

  it('requires only the internal secrets a service holds: orders both, payments and forms their own, the gateway and content none', async () => {
    const variables = async (options: Parameters<typeof productionSafety>[0]) =>
      (await refusal(SAFE, options))?.problems.map((entry) => entry.variable) ?? [];
    expect(await variables(ORDERS)).toEqual(['PAYMENTS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET']);
    expect(await variables({ internalSecrets: ['payments'] })).toEqual(['PAYMENTS_INTERNAL_SECRET']);
    expect(await variables({ internalSecrets: ['forms'] })).toEqual(['FORMS_INTERNAL_SECRET']);
    expect(await variables({ database: false })).toEqual([]);
    // the back office: orders signs with its own secret, forms and payments check it
    expect(await variables({ internalSecrets: ['payments', 'forms', 'orders'] })).toEqual(['PAYMENTS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET', 'ORDERS_INTERNAL_SECRET']);
    expect(await variables({ internalSecrets: ['forms', 'orders'] })).toEqual(['FORMS_INTERNAL_SECRET', 'ORDERS_INTERNAL_SECRET']);
    const error = await refusal(SAFE, { internalSecrets: ['orders'] });
    expect(error?.problems[0]?.problem).toMatch(/^ORDERS_INTERNAL_SECRET is missing: orders signs its calls to the forms and payments services' internal routes \(the back office\) with it: /);
  });

  it.each([
    ['missing', '', 'PAYMENTS_INTERNAL_SECRET is missing: '],
    ['blank', '   ', 'PAYMENTS_INTERNAL_SECRET is missing: '],
    ['short', SECRET.slice(0, 31), 'PAYMENTS_INTERNAL_SECRET is too short (31 characters): '],
    ['one character repeated', 'a'.repeat(64), 'PAYMENTS_INTERNAL_SECRET has only 1 different characters: '],
    ['a few characters repeated', '012345678'.repeat(5), 'PAYMENTS_INTERNAL_SECRET has only 9 different characters: '],
    ["docker-compose's old default", 'change-me-internal-token', 'PAYMENTS_INTERNAL_SECRET is a known default, which anyone can read: '],
  ])('refuses a secret that is %s', async (_, secret, words) => {
    const error = await refusal({ ...SAFE, PAYMENTS_INTERNAL_SECRET: secret }, { internalSecrets: ['payments'] });
    expect(error?.problems).toEqual([{ variable: 'PAYMENTS_INTERNAL_SECRET', problem: expect.stringContaining(words) }]);
  });

  it('refuses one secret used for two purposes', async () => {
    const error = await refusal({ ...SAFE, PAYMENTS_INTERNAL_SECRET: SECRET, FORMS_INTERNAL_SECRET: SECRET }, ORDERS);
    expect(error?.problems).toEqual([
      { variable: 'FORMS_INTERNAL_SECRET', problem: 'PAYMENTS_INTERNAL_SECRET and FORMS_INTERNAL_SECRET are the same secret: production gives each purpose its own' },
    ]);
    const metrics = await refusal({ ...SAFE, METRICS_TOKEN: SECRET, PAYMENTS_INTERNAL_SECRET: SECRET }, { internalSecrets: ['payments'] });
    expect(metrics?.problems).toEqual([
      { variable: 'PAYMENTS_INTERNAL_SECRET', problem: 'METRICS_TOKEN and PAYMENTS_INTERNAL_SECRET are the same secret: production gives each purpose its own' },
    ]);
  });

  it('requires METRICS_TOKEN, a secret of its own quality, unless METRICS_ENABLED=false', async () => {
    const without = { ...SAFE, METRICS_TOKEN: undefined };
    expect((await refusal(without))?.problems).toEqual([{ variable: 'METRICS_TOKEN', problem: expect.stringMatching(/^METRICS_TOKEN is missing: the scraper reads \/metrics with it \(or set METRICS_ENABLED=false\)/) }]);
    expect((await refusal({ ...SAFE, METRICS_TOKEN: 'x'.repeat(40) }))?.problems[0]?.problem).toMatch(/^METRICS_TOKEN has only 1 different characters/);
    expect(await refusal({ ...without, METRICS_ENABLED: 'false' })).toBeUndefined();
  });

  it.each([
    [undefined, /^TRUST_PROXY is missing: production names the proxies in front of the service/],
    ['true', /^TRUST_PROXY=true believes every X-Forwarded-For, so any client picks its own address/],
    ['everyone', /^TRUST_PROXY must be false, a number of proxies, or a list of addresses, CIDR ranges, loopback, linklocal and uniquelocal \(got "everyone"\)/],
    ['10.0.0.0/8, 300.1.1.1', /\(got "300.1.1.1"\)/],
  ])('refuses TRUST_PROXY=%s', async (value, problem) => {
    expect((await refusal({ ...SAFE, TRUST_PROXY: value }))?.problems).toEqual([{ variable: 'TRUST_PROXY', problem: expect.stringMatching(problem) }]);
  });

  it.each(['false', '1', '2', 'loopback', '10.0.0.0/8, fd00::/8', 'loopback, uniquelocal'])('accepts TRUST_PROXY=%s', async (value) => {
    expect(await refusal({ ...SAFE, TRUST_PROXY: value })).toBeUndefined();
  });

  it('reads TRUST_PROXY into what express takes', () => {
    const read = (raw: string | undefined) => trustProxy().read(raw);
    expect([read(undefined), read('false'), read('true'), read('2'), read('10.0.0.0/8')]).toEqual([
      { value: 'loopback, linklocal, uniquelocal' },
      { value: false },
      { value: true },
      { value: 2 },
      { value: '10.0.0.0/8' },
    ]);
  });

  it.each([
    [undefined, /^PUBLIC_SITE_URL is missing: production needs the site's public https address/],
    ['http://shop.example.com', /^PUBLIC_SITE_URL must be https in production/],
    ['https://localhost:8080', /^PUBLIC_SITE_URL must be the site's public address in production, not localhost/],
    ['https://127.0.0.1', /not 127.0.0.1/],
  ])('refuses PUBLIC_SITE_URL=%s', async (value, problem) => {
    expect((await refusal({ ...SAFE, PUBLIC_SITE_URL: value }))?.problems).toEqual([{ variable: 'PUBLIC_SITE_URL', problem: expect.stringMatching(problem) }]);
  });

  it('caps every RATE_LIMIT_*_PER_MINUTE at 1000 and SESSION_TTL_DAYS at 30', async () => {
    const error = await refusal({ ...SAFE, RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000', RATE_LIMIT_ADMIN_FAILURES_PER_MINUTE: '1001', SESSION_TTL_DAYS: '365' });
    expect(error?.problems).toEqual([
      { variable: 'RATE_LIMIT_WRITES_PER_MINUTE', problem: 'RATE_LIMIT_WRITES_PER_MINUTE must be at most 1000 in production (got 1000000): a higher limit is no limit against guessing or flooding' },
      { variable: 'RATE_LIMIT_ADMIN_FAILURES_PER_MINUTE', problem: expect.stringMatching(/^RATE_LIMIT_ADMIN_FAILURES_PER_MINUTE must be at most 1000 in production \(got 1001\)/) },
      { variable: 'SESSION_TTL_DAYS', problem: 'SESSION_TTL_DAYS must be at most 30 in production (got 365): a stolen session cookie would open the account for longer' },
    ]);
    expect(await refusal({ ...SAFE, RATE_LIMIT_WRITES_PER_MINUTE: '60', SESSION_TTL_DAYS: '30' })).toBeUndefined();
  });

  it.each(['RECAPTCHA_VERIFY_URL', 'STRIPE_API_BASE_URL', 'PAYPAL_API_BASE_URL', 'AUTHORIZENET_API_BASE_URL'])(
    'refuses %s over plain http except to this machine (a local stand-in)',
    async (variable) => {
      expect((await refusal({ ...SAFE, [variable]: 'http://provider.example.net/v1' }))?.problems).toEqual([
        { variable, problem: `${variable} must use https in production (plain http only to a local stand-in on 127.0.0.1 or localhost)` },
      ]);
      for (const fine of ['https://provider.example.net/v1', 'http://127.0.0.1:4300/stripe', 'http://localhost:4300']) {
        expect(await refusal({ ...SAFE, [variable]: fine })).toBeUndefined();
      }
    },
  );

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
    expect(await refusal(PRODUCTION_BASELINE_ENV, { database: false })).toBeUndefined();
  });

  it("adds a service's own rules, static or read from the environment", async () => {
    const smtp = requiredInProduction(url('SMTP_URL', undefined, { protocols: ['smtp:'] }), 'production sends real e-mail');
    const error = await refusal({ ...SAFE, PAYMENTS_INTERNAL_SECRET: '' }, { internalSecrets: ['payments'], rules: { smtp } });
    expect(error?.problems.map((entry) => entry.variable)).toEqual(['PAYMENTS_INTERNAL_SECRET', 'SMTP_URL']);
    expect(error?.message).toContain('SMTP_URL is missing: production sends real e-mail');
    expect(await refusal({ ...SAFE, SMTP_URL: 'smtp://mail:25' }, { rules: { smtp } })).toBeUndefined();

    const fromEnv = await refusal(SAFE, { rules: async (env) => ({ mode: text('MODE', env.NODE_ENV === 'production' ? undefined : 'dev') }) });
    expect(fromEnv?.problems).toEqual([{ variable: 'MODE', problem: 'MODE is required' }]);
  });

  it("keeps a rule set's own EnvConfigError with the others", async () => {
    const error = await refusal(
      { ...SAFE, METRICS_TOKEN: undefined },
      {
        rules: () => {
          throw new EnvConfigError('Invalid configuration: STRIPE_SECRET_KEY is set, but there is no adapter');
        },
      },
    );
    expect(error?.problems).toEqual([
      { variable: 'METRICS_TOKEN', problem: expect.stringMatching(/^METRICS_TOKEN is missing/) },
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

  it('refuses MIGRATIONS_AT_START=run (production migrates before the rollout), and a MIGRATIONS_DATABASE_URL with a known password', async () => {
    const run = await refusal({ ...SAFE, MIGRATIONS_AT_START: 'run' });
    expect(run?.problems.map((entry) => entry.variable)).toEqual(['MIGRATIONS_AT_START']);
    expect(run?.message).toContain('MIGRATIONS_AT_START=run migrates at every replica\'s start: production runs `node dist/migrate.js up` once before the rollout');
    expect((await refusal({ ...SAFE, MIGRATIONS_AT_START: 'later' }))?.problems[0]?.problem).toBe('MIGRATIONS_AT_START must be run or check (got "later")');
    expect(await refusal({ ...SAFE, MIGRATIONS_AT_START: 'check' })).toBeUndefined();
    const migrationsUrl = await refusal({ ...SAFE, MIGRATIONS_DATABASE_URL: 'postgres://storefront:storefront@db:5432/storefront' });
    expect(migrationsUrl?.problems.map((entry) => entry.variable)).toEqual(['MIGRATIONS_DATABASE_URL']);
    expect(migrationsUrl?.problems[0]?.problem).toMatch(/^MIGRATIONS_DATABASE_URL has a known default password: /);
    expect(await refusal({ ...SAFE, MIGRATIONS_DATABASE_URL: 'postgres://migrator:an0ther-s3cret@db:5432/storefront' })).toBeUndefined();
    // the gateway keeps no data: it migrates nothing
    expect(await refusal({ ...PRODUCTION_BASELINE_ENV, MIGRATIONS_AT_START: 'run' }, { database: false })).toBeUndefined();
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
