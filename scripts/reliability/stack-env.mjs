// The environment each process of the reliability stack gets: what `npm start` gives it, or in the
// production mode every production setting satisfied (random secrets, an https site address, live-
// shaped keys on the providers' stand-ins), plus each internal caller's secret where it is held.
// Kept apart from stack.mjs (which starts things) because this is what a reader checks against
// docs/configuration.md: one place that says what every process was told.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Stripe test-mode keys the stand-in accepts (no real Stripe would: they are not Stripe's). */
export const STRIPE_KEYS = Object.freeze({
  STRIPE_SECRET_KEY: 'sk_test_reliability_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_reliability_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_reliability_standin',
});

/**
 * The production-mode stack's site address: https and not localhost, as production requires (links
 * in e-mails, cookies marked Secure, the captcha's expected hostname). Nothing resolves it: the
 * harness talks to the gateway on loopback.
 */
export const PRODUCTION_SITE_URL = 'https://reliability.example.com';

/**
 * A secret as production wants one: 32 random bytes (256 bits), base64url (43 characters, far more
 * than 10 distinct ones), new for every stack.
 */
export const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * Live-shaped Stripe keys for the production-mode stack (production refuses test keys for an
 * enabled live method); the stand-in accepts exactly these, and no Stripe would.
 */
export function liveStripeKeys() {
  const tail = randomBytes(12).toString('hex');
  return Object.freeze({
    STRIPE_SECRET_KEY: `sk_live_reliability_${tail}`,
    STRIPE_PUBLISHABLE_KEY: `pk_live_reliability_${tail}`,
    STRIPE_WEBHOOK_SECRET: `whsec_reliability_${tail}`,
  });
}

/**
 * What every process of the stack is given (the harness's own environment first, `extra` last: a
 * scenario's `*_STACK_ENV` wins).
 *
 * @param {{ mode: 'development' | 'production', stack: any, folder: string, smtpUrl: string, stripe: { url: string }, stripeKeys: Record<string, string>,
 *           paypal: any, recaptcha: any, recaptchaSecret: string, extra?: Record<string, string> }} settings
 */
export function commonEnv({ mode, stack, folder, smtpUrl, stripe, stripeKeys, paypal, recaptcha, recaptchaSecret, extra }) {
  const production = mode === 'production';
  const common = {
    ...process.env,
    NODE_ENV: mode,
    LOG_LEVEL: 'warn',
    DATABASE_URL: stack.databaseUrl,
    // seven processes share PostgreSQL's 100 connections (each: its pool + the job runner's 4)
    DATABASE_POOL_SIZE: '8',
    METRICS_TOKEN: stack.metricsToken,
    // the retired shared secrets, given on purpose: the forged probes show that holding them opens nothing
    INTERNAL_API_TOKEN: stack.internalToken,
    ADMIN_API_TOKEN: stack.legacyAdminToken,
    PUBLIC_SITE_URL: production ? PRODUCTION_SITE_URL : stack.gatewayUrl,
    SMTP_URL: smtpUrl,
    FORMS_UPLOAD_DIR: path.join(folder, 'uploads'),
    ...stripeKeys,
    STRIPE_API_BASE_URL: stripe.url,
    // the outbox and the jobs pick up work promptly (the figures wait on them with a bounded poll)
    EMAIL_POLL_INTERVAL_MS: '200',
    FORM_EMAIL_POLL_INTERVAL_MS: '200',
    PAYMENTS_JOBS_POLL_INTERVAL_MS: '200',
    ...(production
      ? {
          // The harness is the load balancer in front of the gateway (on loopback): the gateway
          // keeps its X-Forwarded-For and the services trust loopback only, so a scenario can
          // speak as many shoppers, and the per-address limits keep their production values.
          TRUST_PROXY: 'loopback',
          GATEWAY_BEHIND_PROXY: 'true',
          REMOTES_REGISTRY_FILE: path.join(folder, 'remotes-registry.json'),
          REMOTES_CACHE_DIR: path.join(folder, 'remotes-cache'),
          PAYPAL_ENVIRONMENT: 'production',
          PAYPAL_CLIENT_ID: paypal.clientId,
          PAYPAL_CLIENT_SECRET: paypal.clientSecret,
          PAYPAL_WEBHOOK_ID: paypal.webhookId,
          PAYPAL_API_BASE_URL: paypal.url,
          ...(recaptcha ? { RECAPTCHA_SECRET_KEY: recaptchaSecret, RECAPTCHA_VERIFY_URL: recaptcha.verifyUrl ?? `${recaptcha.url}/recaptcha/api/siteverify` } : {}),
        }
      : {
          STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
          // Every request of the harness comes from 127.0.0.1, one "shopper address": the per-address
          // limits (30 writes a minute) would refuse the load itself. Raised here for the load; the
          // forged scenario checks a limit on its own.
          RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
          RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000000',
        }),
    ...extra,
  };
  if (production) {
    // production never runs the sandbox here, and Authorize.Net stays disabled and keyless
    for (const name of Object.keys(common)) if (name === 'PAYMENTS_SANDBOX' || name.startsWith('AUTHORIZENET_') || name === 'EMBEDDED_PG_PORT') delete common[name];
  }
  return common;
}

/**
 * Each internal caller's secret is held by the caller and the services it calls: payments' and
 * forms' by orders, orders' (the back office's calls) by forms and payments; the gateway and content none.
 */
function internalSecretsOf(stack, service) {
  return {
    ...(service === 'orders' || service === 'payments' ? { PAYMENTS_INTERNAL_SECRET: stack.internalSecrets.payments } : {}),
    ...(service === 'orders' || service === 'forms' ? { FORMS_INTERNAL_SECRET: stack.internalSecrets.forms } : {}),
    ...(service === 'orders' || service === 'forms' || service === 'payments' ? { ORDERS_INTERNAL_SECRET: stack.internalSecrets.orders } : {}),
  };
}

/**
 * Sets `entry.env` of every process: the common environment, its internal secrets, its port, and
 * where the others are.
 *
 * @param {{ processes: { service: string, port: number, url: string, env: Record<string, string> }[], topology: any, common: Record<string, string>, stack: any }} settings
 */
export function assignProcessEnv({ processes, topology, common, stack }) {
  const urlsOf = (service) => processes.filter((entry) => entry.service === service).map((entry) => entry.url);
  for (const entry of processes) {
    const topologyEntry = entry.service === topology.GATEWAY.name ? topology.GATEWAY : topology.SERVICES[entry.service];
    entry.env = {
      ...common,
      ...internalSecretsOf(stack, entry.service),
      ...(entry.service === 'orders' ? { STAFF_TOTP_ENCRYPTION_KEY: stack.staffTotpKey } : {}),
      [topologyEntry.portEnv]: String(entry.port),
    };
    for (const service of topology.SERVICE_NAMES) {
      const urls = urlsOf(service);
      // the gateway balances over every replica (a comma-separated list); a service calling
      // another (payments and forms call orders) is given the first replica, as its client takes one URL
      entry.env[topology.SERVICES[service].urlEnv] = entry.service === topology.GATEWAY.name ? urls.join(',') : urls[0];
    }
  }
}
