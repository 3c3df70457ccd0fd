import { readGatewayConfig } from './config.js';
import { gatewayHelmetOptions } from './security.js';

function directives(env: Record<string, string> = {}) {
  const csp = gatewayHelmetOptions(readGatewayConfig(env)).contentSecurityPolicy;
  if (!csp || typeof csp !== 'object') throw new Error('no CSP');
  return csp.directives as Record<string, unknown[]>;
}

describe('gateway CSP for video cards', () => {
  it('frames only our own pages (the payment sandbox’s card fields) and YouTube’s privacy-enhanced player', () => {
    expect(directives()['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
  });

  it('loads images from us, data: URLs and YouTube’s thumbnail host only', () => {
    expect(directives()['img-src']).toEqual(["'self'", 'data:', 'https://i.ytimg.com']);
  });
});

describe('gateway CSP for reCAPTCHA', () => {
  it('allows nothing of Google without a site key', () => {
    expect(JSON.stringify(directives()['script-src'])).not.toContain('google');
    expect(directives()['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com']);
  });

  it('allows Google’s widget script and frame when RECAPTCHA_SITE_KEY is set, and nothing else of it', () => {
    const csp = directives({ RECAPTCHA_SITE_KEY: 'site-key' });
    expect(csp['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://www.google.com', 'https://www.gstatic.com']));
    expect(csp['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://www.google.com', 'https://www.gstatic.com']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://i.ytimg.com']);
  });
});

describe('gateway CSP for the payment providers', () => {
  it('allows no provider while every gateway runs on the sandbox', () => {
    expect(JSON.stringify(directives())).not.toMatch(/stripe|paypal|authorize/);
  });

  it("allows a provider's script, frames and API only when its public key is set", () => {
    const csp = directives({ STRIPE_PUBLISHABLE_KEY: 'pk_live_x', PAYPAL_CLIENT_ID: 'client-id' });
    expect(csp['script-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://www.paypal.com']));
    expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://hooks.stripe.com', 'https://www.paypal.com']));
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://api.stripe.com']));
    expect(JSON.stringify(csp)).not.toContain('authorize.net');
  });
});

describe('gateway Cross-Origin-Opener-Policy', () => {
  it("stays same-origin, and allows popups (PayPal's checkout window reports back to its opener) only with PayPal's client id set", () => {
    expect(gatewayHelmetOptions(readGatewayConfig({})).crossOriginOpenerPolicy).toEqual({ policy: 'same-origin' });
    expect(gatewayHelmetOptions(readGatewayConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).crossOriginOpenerPolicy).toEqual({ policy: 'same-origin' });
    expect(gatewayHelmetOptions(readGatewayConfig({ PAYPAL_CLIENT_ID: 'client-id' })).crossOriginOpenerPolicy).toEqual({ policy: 'same-origin-allow-popups' });
  });
});
