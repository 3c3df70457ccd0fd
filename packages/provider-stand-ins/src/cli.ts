#!/usr/bin/env node
import { startAuthorizeNetStandIn } from './authorizenet/authorizenet-stand-in.js';
import { listen, sendJson, type StandInServer } from './http.js';
import { startPayPalStandIn } from './paypal/paypal-stand-in.js';
import { startRecaptchaStandIn } from './recaptcha/recaptcha-stand-in.js';
import { startStripeStandIn, stripeWebhookFromEnv } from './stripe/index.js';

/**
 * Starts every provider stand-in on loopback for an e2e stack and prints one JSON line with their
 * URLs ({"stripe":"http://127.0.0.1:…",…}); stops on SIGTERM/SIGINT. Ports from
 * STAND_IN_<PROVIDER>_PORT (0 or unset: a free port). Once all are up, an index on STAND_INS_PORT
 * answers /__stand-in/health (what a runner waits for) and lists them at /.
 */
const STAND_INS: { name: string; start(port: number): Promise<StandInServer> }[] = [
  // one line per provider: { name: 'stripe', start: (port) => startStripeStandIn({ port }) },
  { name: 'paypal', start: (port) => startPayPalStandIn({ port, clientId: process.env.PAYPAL_CLIENT_ID, clientSecret: process.env.PAYPAL_CLIENT_SECRET, webhookId: process.env.PAYPAL_WEBHOOK_ID }) },
  { name: 'authorizenet', start: (port) => startAuthorizeNetStandIn({ port, ...(process.env.STAND_IN_AUTHORIZENET_WEBHOOK_URL ? { webhookUrl: process.env.STAND_IN_AUTHORIZENET_WEBHOOK_URL } : {}) }) },
  { name: 'stripe', start: (port) => startStripeStandIn({ port, ...stripeWebhookFromEnv(process.env) }) },
  // RECAPTCHA_VERIFY_URL is this URL + /recaptcha/api/siteverify
  { name: 'recaptcha', start: (port) => startRecaptchaStandIn({ port, ...(process.env.RECAPTCHA_SECRET_KEY ? { secret: process.env.RECAPTCHA_SECRET_KEY } : {}) }) },
];

async function main(): Promise<void> {
  const started = await Promise.all(
    STAND_INS.map(async ({ name, start }) => ({ name, server: await start(Number(process.env[`STAND_IN_${name.toUpperCase()}_PORT`] ?? 0)) })),
  );
  const urls = Object.fromEntries(started.map(({ name, server }) => [name, server.url]));
  const index = await listen((_request, response) => sendJson(response, 200, urls), Number(process.env.STAND_INS_PORT ?? 0));
  process.stdout.write(`${JSON.stringify({ index: index.url, ...urls })}\n`);
  const stop = () => void Promise.all([index, ...started.map(({ server }) => server)].map((server) => server.close())).finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
