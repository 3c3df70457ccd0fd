import { EnvConfigError } from '@storefront/service-kit';
import { REAL_ADAPTERS } from './adapters.js';
import { sandboxGateways } from './gateway-registry.js';

describe('sandboxGateways', () => {
  it('runs every gateway on the sandbox without keys (blank values count as unset)', () => {
    expect(sandboxGateways({})).toEqual(['stripe', 'authorizenet', 'paypal']);
    expect(sandboxGateways({ STRIPE_SECRET_KEY: '  ' })).toContain('stripe');
  });

  it('runs a gateway on its provider when all its keys are set', () => {
    const env = Object.fromEntries(REAL_ADAPTERS.paypal.keys.map((key) => [key, 'value']));
    expect(sandboxGateways(env)).toEqual(['stripe', 'authorizenet']);
    // PayPal's adapter is registered with exactly the README's key variables
    expect(REAL_ADAPTERS.paypal?.keys).toEqual(['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']);
    expect(REAL_ADAPTERS.paypal?.create({ ...env, PUBLIC_SITE_URL: 'https://shop.example.com' })).toMatchObject({ name: 'paypal', sandbox: false, testMode: true });
    expect(REAL_ADAPTERS.paypal?.publicConfig({ ...env, PAYPAL_SDK_URL: 'https://paypal.example/sdk/js' })).toEqual({ clientId: 'value', scriptUrl: 'https://paypal.example/sdk/js' });
    expect(sandboxGateways({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toEqual(['authorizenet', 'paypal']);
    expect(REAL_ADAPTERS.stripe.keys).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  });

  it('refuses half a configuration and names what is missing', () => {
    expect(() => sandboxGateways({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(EnvConfigError);
    expect(() => sandboxGateways({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_SECRET_KEY is set, but STRIPE_PUBLISHABLE_KEY is not/);
    expect(() => sandboxGateways({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_ID is set, but PAYPAL_CLIENT_SECRET is not/);
  });
});
