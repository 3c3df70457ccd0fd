import { e2eStackEnv } from './stack.js';

/**
 * The providers' e2e stack: the same production build, on ports of its own, with every gateway's
 * keys set, so the payments service runs the real adapters (the providers' official SDKs) against
 * the local stand-ins (packages/provider-stand-ins), and the checkout loads the stand-ins' browser
 * scripts (Stripe.js, the PayPal JS SDK, Accept.js) from the URLs the payment methods name.
 */
export const PROVIDERS_GATEWAY_PORT = Number(process.env.E2E_PROVIDERS_GATEWAY_PORT ?? 8095);
export const PROVIDERS_BASE_URL = `http://127.0.0.1:${PROVIDERS_GATEWAY_PORT}`;
const SERVICE_PORT_BASE = Number(process.env.E2E_PROVIDERS_SERVICE_PORT_BASE ?? 4300);
const PG_PORT = Number(process.env.E2E_PROVIDERS_PG_PORT ?? 54351);

/** The stand-ins' index (answers /__stand-in/health once every stand-in is up: STAND_INS_PORT). */
export const STAND_INS_INDEX_PORT = Number(process.env.STAND_INS_PORT ?? 4390);
/** Where each stand-in listens (the stand-ins' CLI reads STAND_IN_<PROVIDER>_PORT). */
export const STAND_IN_PORTS = {
  stripe: Number(process.env.STAND_IN_STRIPE_PORT ?? 4391),
  paypal: Number(process.env.STAND_IN_PAYPAL_PORT ?? 4392),
  authorizenet: Number(process.env.STAND_IN_AUTHORIZENET_PORT ?? 4393),
} as const;
export const standInUrl = (provider: keyof typeof STAND_IN_PORTS): string => `http://127.0.0.1:${STAND_IN_PORTS[provider]}`;

/** The providers' test credentials the stand-ins accept (test-mode values: no real provider would take them). */
export const PROVIDER_TEST_KEYS: Record<string, string> = {
  // each provider adds its keys, API base URL and browser script URL here, pointing at standInUrl(provider)
  ...{ STRIPE_SECRET_KEY: 'sk_test_standin_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_standin_e2e', STRIPE_API_BASE_URL: standInUrl('stripe'), STRIPE_JS_URL: `${standInUrl('stripe')}/v3/stripe.js` },
};

export const providersStackEnv: Record<string, string> = {
  ...e2eStackEnv,
  PORT: String(PROVIDERS_GATEWAY_PORT),
  CONTENT_PORT: String(SERVICE_PORT_BASE + 1),
  FORMS_PORT: String(SERVICE_PORT_BASE + 2),
  ORDERS_PORT: String(SERVICE_PORT_BASE + 3),
  PAYMENTS_PORT: String(SERVICE_PORT_BASE + 4),
  EMBEDDED_PG_PORT: String(PG_PORT),
  EMBEDDED_PG_DATA_DIR: process.env.E2E_PROVIDERS_PG_DATA_DIR ?? '.data/e2e-providers-postgres',
  // the providers send shoppers back here (Stripe's return_url after 3-D Secure)
  PUBLIC_SITE_URL: PROVIDERS_BASE_URL,
  ...PROVIDER_TEST_KEYS,
};

/** The providers stack's own database (its orders, to check what was really stored). */
export const PROVIDERS_DATABASE_URL = `postgres://postgres:password@127.0.0.1:${PG_PORT}/storefront`;
