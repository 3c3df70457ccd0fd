import { randomBytes } from 'node:crypto';
import { PRODUCTION_BASELINE_ENV, developmentEncryptionKey, productionProblems } from '@storefront/service-kit';
import { ORDERS_PRODUCTION } from './production-rules.js';

const SAFE = {
  ...PRODUCTION_BASELINE_ENV,
  DATABASE_URL: 'postgres://storefront:s3cret-of-our-own@db:5432/storefront',
  SMTP_URL: 'smtps://mailer:mail-secret@mail.example.com:465',
  RECAPTCHA_SECRET_KEY: 'recaptcha-secret-of-our-own',
  STAFF_TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

const problems = (env: Record<string, string | undefined>) => productionProblems(ORDERS_PRODUCTION, env);

describe('the orders service in production', () => {
  it('starts with a mail server (the local mailbox is then off)', async () => {
    expect(await problems(SAFE)).toEqual([]);
  });

  it('refuses to start without SMTP_URL, because /dev/mailbox would be served', async () => {
    expect(await problems({ ...SAFE, SMTP_URL: undefined })).toEqual([
      {
        variable: 'SMTP_URL',
        problem:
          'SMTP_URL is missing: without a mail server the orders service delivers e-mail to the local mailbox and serves it at /dev/mailbox, ' +
          'which production never does; set SMTP_URL to your mail server (smtp://user:pass@host:587 or smtps://...)',
      },
    ]);
  });

  it('refuses an SMTP_URL that is not one, without printing its password', async () => {
    const [problem] = await problems({ ...SAFE, SMTP_URL: 'http://mailer:mail-secret@mail.example.com' });
    expect(problem).toEqual({ variable: 'SMTP_URL', problem: 'SMTP_URL must use smtp: or smtps: (got "http:")' });
  });

  it('names SMTP_URL with the shared rules in one refusal', async () => {
    const all = await problems({ NODE_ENV: 'production' });
    expect(all.map((entry) => entry.variable)).toEqual(['DATABASE_URL', 'TRUST_PROXY', 'PUBLIC_SITE_URL', 'METRICS_TOKEN', 'SMTP_URL', 'RECAPTCHA_SECRET_KEY', 'STAFF_TOTP_ENCRYPTION_KEY']);
  });

  it('asks nothing of development', async () => {
    expect(await problems({})).toEqual([]);
  });
});

describe('the admin API in production', () => {
  it('holds no static secret: ADMIN_API_TOKEN is not read (API keys live in the database)', async () => {
    expect(await problems({ ...SAFE, ADMIN_API_TOKEN: 'short' })).toEqual([]);
  });

  it('keeps its limits low enough to slow a guesser down, naming the variable', async () => {
    expect(await problems({ ...SAFE, RATE_LIMIT_ADMIN_PER_MINUTE: '1000', RATE_LIMIT_ADMIN_FAILED_KEYS: '100' })).toEqual([]);
    expect(await problems({ ...SAFE, RATE_LIMIT_ADMIN_PER_MINUTE: '1001', RATE_LIMIT_ADMIN_FAILED_KEYS: '101' })).toEqual([
      {
        variable: 'RATE_LIMIT_ADMIN_PER_MINUTE',
        problem: 'RATE_LIMIT_ADMIN_PER_MINUTE must be at most 1000 in production (got 1001): a higher limit is no limit against guessing or flooding',
      },
      {
        variable: 'RATE_LIMIT_ADMIN_FAILED_KEYS',
        problem: 'RATE_LIMIT_ADMIN_FAILED_KEYS must be at most 100 in production (failed admin API keys per client address per 15 minutes; got 101)',
      },
    ]);
  });
});

describe('SESSION_COOKIE_SECURE in production', () => {
  it('may be unset (Secure by default there) or true', async () => {
    expect(await problems({ ...SAFE, SESSION_COOKIE_SECURE: undefined })).toEqual([]);
    expect(await problems({ ...SAFE, SESSION_COOKIE_SECURE: 'true' })).toEqual([]);
  });

  it('refuses false: the customer session cookies are sent only over HTTPS', async () => {
    for (const value of ['false', '0', 'no']) {
      const [problem] = await problems({ ...SAFE, SESSION_COOKIE_SECURE: value });
      expect(problem?.variable).toBe('SESSION_COOKIE_SECURE');
      expect(problem?.problem).toMatch(/^SESSION_COOKIE_SECURE is false: production sends the customer session cookies only over HTTPS/);
    }
  });

  it('refuses a value that is not true or false', async () => {
    const [problem] = await problems({ ...SAFE, SESSION_COOKIE_SECURE: 'sometimes' });
    expect(problem).toEqual({ variable: 'SESSION_COOKIE_SECURE', problem: 'SESSION_COOKIE_SECURE must be true or false (got "sometimes")' });
  });
});

describe('STAFF_TOTP_ENCRYPTION_KEY in production', () => {
  it('is required: the authenticator keys are sealed with it', async () => {
    const [problem] = await problems({ ...SAFE, STAFF_TOTP_ENCRYPTION_KEY: undefined });
    expect(problem?.variable).toBe('STAFF_TOTP_ENCRYPTION_KEY');
    expect(problem?.problem).toMatch(/^STAFF_TOTP_ENCRYPTION_KEY is missing: staff's authenticator keys are sealed with it in the database/);
  });

  it('refuses the development-only key, which anyone can compute, and a key that is not 32 bytes', async () => {
    const [development] = await problems({ ...SAFE, STAFF_TOTP_ENCRYPTION_KEY: developmentEncryptionKey('STAFF_TOTP_ENCRYPTION_KEY').toString('hex') });
    expect(development).toEqual({ variable: 'STAFF_TOTP_ENCRYPTION_KEY', problem: expect.stringMatching(/^STAFF_TOTP_ENCRYPTION_KEY is the development-only key/) });
    const [short] = await problems({ ...SAFE, STAFF_TOTP_ENCRYPTION_KEY: randomBytes(16).toString('hex') });
    expect(short).toEqual({ variable: 'STAFF_TOTP_ENCRYPTION_KEY', problem: expect.stringMatching(/^STAFF_TOTP_ENCRYPTION_KEY must be 32 random bytes/) });
  });
});
