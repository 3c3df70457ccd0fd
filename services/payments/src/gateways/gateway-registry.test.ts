import { EnvConfigError } from '@storefront/service-kit';
import { sandboxGateways } from './gateway-registry.js';

describe('sandboxGateways', () => {
  it('runs every gateway on the sandbox without keys', () => {
    expect(sandboxGateways({})).toEqual(['stripe', 'authorizenet', 'paypal']);
    expect(sandboxGateways({ STRIPE_SECRET_KEY: '  ' })).toContain('stripe');
  });

  it('refuses to start when keys are set for a gateway whose real adapter does not exist yet', () => {
    expect(() => sandboxGateways({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(EnvConfigError);
    expect(() => sandboxGateways({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, but the real paypal adapter arrives in a later issue/,
    );
  });
});
