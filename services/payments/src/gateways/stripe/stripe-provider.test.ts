import { EnvConfigError } from '@storefront/service-kit';
import { REAL_ADAPTERS } from '../adapters.js';
import { STRIPE_PROVIDER } from './stripe-provider.js';
import { readStripeConfig } from './stripe-config.js';

const KEYS = { STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc' };
const LIVE = { STRIPE_SECRET_KEY: 'sk_live_51abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', PUBLIC_SITE_URL: 'https://www.example.com' };

function variablesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvConfigError) return error.problems.map((entry) => entry.variable ?? '');
    throw error;
  }
  return [];
}

describe('the stripe provider', () => {
  it('is the real adapter of the stripe gateway, switched on by its two keys', () => {
    expect(REAL_ADAPTERS.stripe).toBe(STRIPE_PROVIDER);
    expect(STRIPE_PROVIDER.keys).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  });

  it('creates the adapter from usable keys, in test mode for test keys', () => {
    const gateway = STRIPE_PROVIDER.create(KEYS);
    expect(gateway).toMatchObject({ name: 'stripe', sandbox: false, testMode: true });
    expect(STRIPE_PROVIDER.create(LIVE).testMode).toBe(false);
  });

  it('refuses keys it cannot use, naming each variable', () => {
    expect(variablesOf(() => STRIPE_PROVIDER.create({ STRIPE_SECRET_KEY: 'pk_test_swapped', STRIPE_PUBLISHABLE_KEY: 'sk_test_swapped' }))).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
    ]);
    expect(variablesOf(() => STRIPE_PROVIDER.create({ ...KEYS, STRIPE_WEBHOOK_SECRET: 'not-a-signing-secret' }))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(variablesOf(() => STRIPE_PROVIDER.create({ ...KEYS, STRIPE_API_BASE_URL: 'ftp://stand-in' }))).toEqual(['STRIPE_API_BASE_URL']);
    expect(variablesOf(() => STRIPE_PROVIDER.create({ ...KEYS, STRIPE_API_BASE_URL: 'http://127.0.0.1:4491/v1' }))).toEqual(['STRIPE_API_BASE_URL']);
  });

  it('points the SDK at STRIPE_API_BASE_URL and returns shoppers to /payment/verify/stripe on the public site', () => {
    expect(readStripeConfig({ ...KEYS, STRIPE_API_BASE_URL: 'http://127.0.0.1:4491', PUBLIC_SITE_URL: 'https://shop.example.com/' })).toMatchObject({
      api: { host: '127.0.0.1', port: 4491, protocol: 'http' },
      returnUrl: 'https://shop.example.com/payment/verify/stripe',
    });
    expect(readStripeConfig(KEYS).api).toBeNull();
  });

  it('hands the browser the publishable key and Stripe.js URL, never a secret', () => {
    const env = { ...KEYS, STRIPE_WEBHOOK_SECRET: 'whsec_secret' };
    expect(STRIPE_PROVIDER.publicConfig(env)).toEqual({ publishableKey: 'pk_test_51abc', scriptUrl: 'https://js.stripe.com/endive/stripe.js' });
    expect(STRIPE_PROVIDER.publicConfig({ ...env, STRIPE_JS_URL: 'http://127.0.0.1:4491/v3/stripe.js' }).scriptUrl).toBe('http://127.0.0.1:4491/v3/stripe.js');
    expect(JSON.stringify(STRIPE_PROVIDER.publicConfig(env))).not.toMatch(/sk_test|whsec/);
  });

  it("is Stripe's test environment on test keys only", () => {
    expect(STRIPE_PROVIDER.isTestEnvironment(KEYS)).toBe(true);
    expect(STRIPE_PROVIDER.isTestEnvironment({ ...KEYS, STRIPE_SECRET_KEY: 'rk_test_51abc' })).toBe(true);
    expect(STRIPE_PROVIDER.isTestEnvironment(LIVE)).toBe(false);
  });

  it('asks production for a webhook secret, https addresses and keys of one mode', () => {
    expect(STRIPE_PROVIDER.productionProblems(LIVE)).toEqual([]);
    const problems = STRIPE_PROVIDER.productionProblems({
      STRIPE_SECRET_KEY: 'sk_live_51abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:4491',
      STRIPE_JS_URL: 'http://127.0.0.1:4491/v3/stripe.js',
    });
    expect(problems).toEqual([
      // (the API base URL on this machine is a stand-in: service-kit's shared outbound-URL rule takes it)
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set/),
      expect.stringMatching(/^STRIPE_JS_URL must be https in production/),
      expect.stringMatching(/^PUBLIC_SITE_URL must be the site's https address in production .*after 3-D Secure/),
      expect.stringMatching(/^STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY is a test key/),
    ]);
  });
});
