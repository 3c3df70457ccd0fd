/**
 * Where each payment provider's browser side lives: the script the checkout loads (overridable, so
 * e2e points it at a local stand-in) and the origins the page's Content-Security-Policy must allow
 * for it (the provider's documented CSP). Read by the payments service (the script URL it hands the
 * browser with the method's public keys) and by the gateway (the CSP), from the same environment
 * variables, so the two cannot disagree. A provider is on when its `enabledBy` variable is set.
 */
export type PaymentProviderName = 'stripe' | 'paypal' | 'authorizenet';

export interface PaymentProviderBrowser {
  /** the public key whose presence puts the provider's script on the checkout */
  enabledBy: string;
  /** the variable that overrides the script's URL (a stand-in in tests) */
  scriptUrlEnv: string;
  defaultScriptUrl: string;
  /** the provider's documented CSP needs, besides the script URL's own origin */
  csp: { script: readonly string[]; frame: readonly string[]; connect: readonly string[]; img: readonly string[] };
  /**
   * The provider opens a window of its own that talks back to the page (PayPal's checkout popup): the
   * page's Cross-Origin-Opener-Policy must be same-origin-allow-popups, or the browser cuts the
   * popup off from its opener and the payment never reports back (PayPal's documented requirement).
   */
  opensPopup?: true;
}

export const PAYMENT_PROVIDERS_BROWSER: Readonly<Record<PaymentProviderName, PaymentProviderBrowser>> = Object.freeze({
  stripe: {
    enabledBy: 'STRIPE_PUBLISHABLE_KEY',
    scriptUrlEnv: 'STRIPE_JS_URL',
    // the release train @stripe/stripe-js itself loads
    defaultScriptUrl: 'https://js.stripe.com/endive/stripe.js',
    csp: {
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
      img: [],
    },
  },
  paypal: {
    enabledBy: 'PAYPAL_CLIENT_ID',
    scriptUrlEnv: 'PAYPAL_SDK_URL',
    defaultScriptUrl: 'https://www.paypal.com/sdk/js',
    csp: {
      script: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
      frame: ['https://www.paypal.com', 'https://*.paypal.com'],
      connect: ['https://www.paypal.com', 'https://*.paypal.com'],
      img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    },
    opensPopup: true,
  },
  authorizenet: {
    enabledBy: 'AUTHORIZENET_CLIENT_KEY',
    scriptUrlEnv: 'AUTHORIZENET_ACCEPT_JS_URL',
    // Accept.js of production; with AUTHORIZENET_ENVIRONMENT other than production, ACCEPT_JS_SANDBOX_URL
    defaultScriptUrl: 'https://js.authorize.net/v1/Accept.js',
    csp: {
      script: [],
      frame: [],
      connect: ['https://api2.authorize.net', 'https://apitest.authorize.net'],
      img: [],
    },
  },
});

/** Accept.js of Authorize.Net's sandbox (AUTHORIZENET_ENVIRONMENT other than production). */
export const ACCEPT_JS_SANDBOX_URL = 'https://jstest.authorize.net/v1/Accept.js';

type Env = Record<string, string | undefined>;

/**
 * The provider's browser script URL as configured: its override variable, else its default (for
 * Authorize.Net, the sandbox's Accept.js unless AUTHORIZENET_ENVIRONMENT is production).
 */
export function paymentProviderScriptUrl(provider: PaymentProviderName, env: Env): string {
  const configured = env[PAYMENT_PROVIDERS_BROWSER[provider].scriptUrlEnv]?.trim();
  if (configured) return configured;
  if (provider === 'authorizenet' && env.AUTHORIZENET_ENVIRONMENT?.trim() !== 'production') return ACCEPT_JS_SANDBOX_URL;
  return PAYMENT_PROVIDERS_BROWSER[provider].defaultScriptUrl;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The CSP sources the checkout needs for the providers switched on in `env`: each one's documented
 * origins plus its configured script URL's origin (a stand-in's, in tests).
 */
export function paymentProvidersCsp(env: Env): { script: string[]; frame: string[]; connect: string[]; img: string[] } {
  const result = { script: new Set<string>(), frame: new Set<string>(), connect: new Set<string>(), img: new Set<string>() };
  for (const [name, provider] of Object.entries(PAYMENT_PROVIDERS_BROWSER) as [PaymentProviderName, PaymentProviderBrowser][]) {
    if (!env[provider.enabledBy]?.trim()) continue;
    const scriptOrigin = originOf(paymentProviderScriptUrl(name, env));
    for (const directive of ['script', 'frame', 'connect', 'img'] as const) {
      for (const source of provider.csp[directive]) result[directive].add(source);
      if (scriptOrigin) result[directive].add(scriptOrigin);
    }
  }
  return { script: [...result.script], frame: [...result.frame], connect: [...result.connect], img: [...result.img] };
}

/** Whether a provider switched on in `env` opens a popup that must keep its opener (see PaymentProviderBrowser.opensPopup). */
export function paymentProvidersOpenPopups(env: Env): boolean {
  return Object.values(PAYMENT_PROVIDERS_BROWSER).some((provider) => provider.opensPopup === true && Boolean(env[provider.enabledBy]?.trim()));
}
