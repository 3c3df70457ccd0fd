import { EnvConfigError } from '@storefront/service-kit';
import { GATEWAY_KEYS, sandboxGateways } from './gateway-registry.js';

describe('sandboxGateways', () => {
  it('runs every gateway on the sandbox without keys (blank values count as unset)', () => {
    expect(sandboxGateways({})).toEqual(['stripe', 'authorizenet', 'paypal']);
    expect(sandboxGateways({ STRIPE_SECRET_KEY: '  ' })).toContain('stripe');
  });

  it('runs a gateway on its provider when all its keys are set', () => {
    expect(sandboxGateways({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toEqual(['authorizenet', 'paypal']);
    expect(GATEWAY_KEYS.stripe).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY']);
  });

  it('refuses half a configuration and names what is missing', () => {
    expect(() => sandboxGateways({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(EnvConfigError);
    expect(() => sandboxGateways({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_SECRET_KEY is set, but STRIPE_PUBLISHABLE_KEY is not/);
    expect(() => sandboxGateways({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_ID is set, but PAYPAL_CLIENT_SECRET is not/);
  });
});
