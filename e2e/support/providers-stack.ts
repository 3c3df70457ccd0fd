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
  // PayPal: the stand-in's defaults (packages/provider-stand-ins/src/paypal), its REST API and its JS SDK
  PAYPAL_CLIENT_ID: 'stand-in-paypal-client-id',
  PAYPAL_CLIENT_SECRET: 'stand-in-paypal-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-STAND-IN-0001',
  PAYPAL_ENVIRONMENT: 'sandbox',
  PAYPAL_API_BASE_URL: standInUrl('paypal'),
  PAYPAL_SDK_URL: `${standInUrl('paypal')}/sdk/js`,
  // Authorize.Net: the stand-in's credentials (AUTHORIZENET_STAND_IN_CREDENTIALS in provider-stand-ins)
  AUTHORIZENET_API_LOGIN_ID: '5KP3u95bQpv',
  AUTHORIZENET_TRANSACTION_KEY: '346HZ32z3fP4hTG2',
  AUTHORIZENET_CLIENT_KEY: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY',
  AUTHORIZENET_SIGNATURE_KEY: `${'A'.repeat(32)}${'0123456789ABCDEF'.repeat(6)}`,
  AUTHORIZENET_ENVIRONMENT: 'sandbox',
  AUTHORIZENET_API_BASE_URL: standInUrl('authorizenet'),
  AUTHORIZENET_ACCEPT_JS_URL: `${standInUrl('authorizenet')}/v1/Accept.js`,
  // Stripe: the stand-in's API and Stripe.js (test-mode keys: the checkout says "Test payment")
  STRIPE_SECRET_KEY: 'sk_test_standin_e2e',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_e2e',
  STRIPE_API_BASE_URL: standInUrl('stripe'),
  STRIPE_JS_URL: `${standInUrl('stripe')}/v3/stripe.js`,
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
  // the providers send shoppers back here, by absolute URL (Stripe's return_url after 3-D Secure, PayPal's return and cancel URLs)
  PUBLIC_SITE_URL: PROVIDERS_BASE_URL,
  ...PROVIDER_TEST_KEYS,
  // a content/ copy for this stack only (e.g. one that switches the card method to Authorize.Net,
  // which the repository's settings keep disabled): the shared content file is never edited
  ...(process.env.E2E_PROVIDERS_CONTENT_DIR ? { CONTENT_DIR: process.env.E2E_PROVIDERS_CONTENT_DIR } : {}),
};

/** The providers stack's own database (its orders, to check what was really stored). */
export const PROVIDERS_DATABASE_URL = `postgres://postgres:password@127.0.0.1:${PG_PORT}/storefront`;
