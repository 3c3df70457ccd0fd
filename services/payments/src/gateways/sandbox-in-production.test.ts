import type { PaymentMethod } from '@storefront/contracts';
import { PRODUCTION_BASELINE_ENV, productionProblems } from '@storefront/service-kit';
import { PAYMENTS_PRODUCTION, methodsOnSandbox, paymentsSandbox } from './sandbox-in-production.js';

const SAFE = {
  ...PRODUCTION_BASELINE_ENV,
  DATABASE_URL: 'postgres://storefront:s3cret-of-our-own@db:5432/storefront',
};
/** what production needs beside PAYMENTS_SANDBOX=allow: the sandbox webhooks' own secret */
const SANDBOX_SECRET = { SANDBOX_WEBHOOK_SECRET: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' };

function method(name: PaymentMethod['name'], gateway: PaymentMethod['gateway'], enabled = true): PaymentMethod {
  return { name, title: name, description: '', enabled, isDefault: false, gateway, sortOrder: 1 } as PaymentMethod;
}

const problems = (env: Record<string, string | undefined>) => productionProblems(PAYMENTS_PRODUCTION, env);

describe('the payments service in production (the repository\'s content/settings/payment-methods.json)', () => {
  it('refuses to take payments on the sandbox without PAYMENTS_SANDBOX=allow, naming the methods and the keys they lack', async () => {
    expect(await problems(SAFE)).toEqual([
      {
        variable: 'PAYMENTS_SANDBOX',
        problem:
          'PAYMENTS_SANDBOX is not "allow", but enabled payment methods would take payments on the sandbox gateway, where no money moves: ' +
          'credit-card and split-payment (stripe: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are unset), online-payment (paypal: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are unset); ' +
          'give their gateways keys or disable them in content/settings/payment-methods.json, or set PAYMENTS_SANDBOX=allow to take them on the sandbox on purpose (a demo)',
      },
    ]);
  });

  it('starts on the sandbox when PAYMENTS_SANDBOX=allow says so', async () => {
    expect(await problems({ ...SAFE, PAYMENTS_SANDBOX: 'allow', ...SANDBOX_SECRET })).toEqual([]);
  });

  it('runs the sandbox in production only with its own webhook secret: set, not the published default, long and varied', async () => {
    const allowed = { ...SAFE, PAYMENTS_SANDBOX: 'allow' };
    const problemOf = async (secret: string | undefined) => (await problems({ ...allowed, SANDBOX_WEBHOOK_SECRET: secret })).map((entry) => `${entry.variable}: ${entry.problem}`);
    expect(await problemOf(undefined)).toEqual([expect.stringMatching(/^SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET is missing: PAYMENTS_SANDBOX=allow runs the sandbox gateway in production/)]);
    expect(await problemOf('whsec_sandbox_development_only')).toEqual([expect.stringMatching(/^SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET is the published development default/)]);
    // the rest is every production secret's rule, in the same words as METRICS_TOKEN's
    const advice = 'production needs a random secret of at least 32 characters with at least 10 different ones (e.g. openssl rand -hex 32)';
    expect(await problemOf('short-secret')).toEqual([`SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET is too short (12 characters): ${advice}`]);
    expect(await problemOf('a'.repeat(40))).toEqual([`SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET has only 1 different characters: ${advice}`]);
    expect(await problemOf('change-me')).toEqual([`SANDBOX_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET is a known default, which anyone can read: ${advice}`]);
    expect((await problems({ ...allowed, METRICS_TOKEN: 'short-secret', ...SANDBOX_SECRET })).map((entry) => entry.problem)).toEqual([`METRICS_TOKEN is too short (12 characters): ${advice}`]);
    // without the sandbox it is not read at all
    expect(await problems({ ...SAFE, SANDBOX_WEBHOOK_SECRET: 'whsec_sandbox_development_only', STRIPE_SECRET_KEY: 'sk_live_abc' }).then((found) => found.map((entry) => entry.variable))).not.toContain('SANDBOX_WEBHOOK_SECRET');
  });

  it('refuses any other PAYMENTS_SANDBOX value', async () => {
    expect(await problems({ ...SAFE, PAYMENTS_SANDBOX: 'yes' })).toEqual([
      { variable: 'PAYMENTS_SANDBOX', problem: 'PAYMENTS_SANDBOX must be "allow" or unset (got "yes")' },
    ]);
  });

  it("keeps the registry's refusal of half a provider's keys, next to the shared rules", async () => {
    const found = await problems({ ...SAFE, METRICS_TOKEN: undefined, STRIPE_SECRET_KEY: 'sk_live_x', PAYMENTS_SANDBOX: 'allow' });
    expect(found.map((entry) => entry.variable)).toEqual(['METRICS_TOKEN', undefined]);
    expect(found[1]?.problem).toMatch(/^STRIPE_SECRET_KEY is set, but STRIPE_PUBLISHABLE_KEY is not/);
  });

  it("runs stripe on its live keys, and names what Stripe's production settings lack", async () => {
    const live = { ...SAFE, PAYMENTS_SANDBOX: 'allow', ...SANDBOX_SECRET, PUBLIC_SITE_URL: 'https://www.example.com', STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' };
    expect(await problems({ ...live, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([]);
    expect((await problems(live)).map((entry) => entry.problem)).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set/)]);
  });

  it("counts Stripe's test keys as taking no money, like the sandbox", async () => {
    const found = await problems({ ...SAFE, PUBLIC_SITE_URL: 'https://www.example.com', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(found).toEqual([{ variable: 'PAYMENTS_SANDBOX', problem: expect.stringContaining("credit-card and split-payment (stripe: its keys are for stripe's test environment)") }]);
  });

  it('asks nothing of development', async () => {
    expect(await problems({})).toEqual([]);
  });
});

describe('methodsOnSandbox and PAYMENTS_SANDBOX', () => {
  const methods = [method('credit-card', 'stripe'), method('online-payment', 'paypal'), method('credit-card', 'authorizenet', false), method('split-payment', 'sandbox')];

  it('picks the enabled methods whose gateway runs on the sandbox (no keys, or the sandbox gateway itself)', () => {
    // stripe as if its keys were set (a real adapter): only paypal runs on the sandbox
    expect(methodsOnSandbox(methods, ['paypal', 'authorizenet']).map((entry) => `${entry.name}/${entry.gateway}`)).toEqual([
      'online-payment/paypal',
      'split-payment/sandbox',
    ]);
  });

  it('accepts production when no enabled method is on the sandbox', () => {
    expect(paymentsSandbox(methodsOnSandbox(methods.slice(0, 1), ['paypal'])).read(undefined)).toEqual({ value: false });
  });

  it("says a settings file that names the sandbox gateway can't be fixed with keys", () => {
    const result = paymentsSandbox(methodsOnSandbox([method('split-payment', 'sandbox')], [])).read('');
    expect(result).toEqual({ problem: expect.stringContaining('split-payment (sandbox: the settings file names the sandbox gateway)') });
  });
});

describe('PayPal on its provider in production', () => {
  const PAYPAL = { PAYPAL_CLIENT_ID: 'live-client-id', PAYPAL_CLIENT_SECRET: 'live-secret' };
  const LIVE = { ...SAFE, ...PAYPAL, PAYPAL_ENVIRONMENT: 'production', PAYPAL_WEBHOOK_ID: 'WH-1', PAYMENTS_SANDBOX: 'allow', ...SANDBOX_SECRET, PUBLIC_SITE_URL: 'https://www.example.com' };

  it('starts with live credentials, the production environment and a webhook id', async () => {
    expect(await problems(LIVE)).toEqual([]);
  });

  it("refuses PayPal's sandbox environment (no money moves) unless PAYMENTS_SANDBOX=allow says it is a demo", async () => {
    const { PAYPAL_ENVIRONMENT: _production, PAYMENTS_SANDBOX: _allow, ...sandboxed } = LIVE;
    expect((await problems(sandboxed)).map((entry) => entry.problem)).toEqual([expect.stringMatching(/^PAYPAL_ENVIRONMENT is not "production"/)]);
    expect(await problems({ ...sandboxed, PAYMENTS_SANDBOX: 'allow', ...SANDBOX_SECRET })).toEqual([]);
  });

  it('takes a local stand-in over http on this machine (the reliability harness), nothing else over http', async () => {
    expect(await problems({ ...LIVE, PAYPAL_API_BASE_URL: 'http://127.0.0.1:4590' })).toEqual([]);
  });

  it('names a missing webhook id, plain-http URLs and an unknown environment', async () => {
    const found = (
      await problems({ ...LIVE, PAYPAL_WEBHOOK_ID: '', PUBLIC_SITE_URL: 'http://localhost:8080', PAYPAL_API_BASE_URL: 'http://paypal.internal', PAYPAL_SDK_URL: 'http://paypal.internal/sdk/js' })
    ).map((entry) => entry.problem);
    // the first two are every service's rules (service-kit), the rest PayPal's own
    expect(found).toEqual([expect.stringMatching(/^PUBLIC_SITE_URL must be https in production/), expect.stringMatching(/^PAYPAL_API_BASE_URL must use https in production/), expect.stringMatching(/^PAYPAL_WEBHOOK_ID is not set/), expect.stringMatching(/^PUBLIC_SITE_URL must be the site's https address/), expect.stringMatching(/^PAYPAL_SDK_URL must be an https URL/)]);
    expect((await problems({ ...LIVE, PAYPAL_ENVIRONMENT: 'live' })).map((entry) => entry.problem)).toEqual([expect.stringMatching(/^PAYPAL_ENVIRONMENT must be "sandbox" or "production"/)]);
  });
});
