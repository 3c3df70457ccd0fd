import { ACCEPT_JS_SANDBOX_URL, paymentProviderScriptUrl, paymentProvidersCsp } from './payment-providers.js';

describe('payment providers in the browser', () => {
  it('allows no provider origin while no provider is switched on (the sandbox is our own origin)', () => {
    expect(paymentProvidersCsp({})).toEqual({ script: [], frame: [], connect: [], img: [] });
  });

  it("allows a switched-on provider's documented origins and its configured script's origin", () => {
    const csp = paymentProvidersCsp({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_JS_URL: 'http://127.0.0.1:4391/v3/stripe.js' });
    expect(csp.script).toEqual(expect.arrayContaining(['https://js.stripe.com', 'http://127.0.0.1:4391']));
    expect(csp.frame).toEqual(expect.arrayContaining(['https://hooks.stripe.com', 'http://127.0.0.1:4391']));
    expect(csp.script.some((source) => source.includes('paypal'))).toBe(false);
  });

  it("loads Accept.js from Authorize.Net's sandbox unless the environment is production", () => {
    expect(paymentProviderScriptUrl('authorizenet', {})).toBe(ACCEPT_JS_SANDBOX_URL);
    expect(paymentProviderScriptUrl('authorizenet', { AUTHORIZENET_ENVIRONMENT: 'production' })).toBe('https://js.authorize.net/v1/Accept.js');
    expect(paymentProviderScriptUrl('paypal', { PAYPAL_SDK_URL: ' http://127.0.0.1:4392/sdk/js ' })).toBe('http://127.0.0.1:4392/sdk/js');
  });
});
