/**
 * Where the e2e stack runs: ports apart from `npm start`'s defaults so a developer's running site
 * and the suite never collide.
 */
export const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 8090);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_GATEWAY_PORT}`;
const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54349);
/** services listen on base+1 .. base+4 (content, forms, orders, payments); parallel checkouts pick their own */
const E2E_SERVICE_PORT_BASE = Number(process.env.E2E_SERVICE_PORT_BASE ?? 4200);

export const e2eStackEnv: Record<string, string> = {
  PORT: String(E2E_GATEWAY_PORT),
  CONTENT_PORT: String(E2E_SERVICE_PORT_BASE + 1),
  FORMS_PORT: String(E2E_SERVICE_PORT_BASE + 2),
  ORDERS_PORT: String(E2E_SERVICE_PORT_BASE + 3),
  PAYMENTS_PORT: String(E2E_SERVICE_PORT_BASE + 4),
  EMBEDDED_PG_PORT: String(E2E_PG_PORT),
  EMBEDDED_PG_DATA_DIR: process.env.E2E_PG_DATA_DIR ?? '.data/e2e-postgres',
  LOG_LEVEL: 'warn',
  // e-mail jobs run as soon as the transaction that queued them commits; a retry waits at most this long past its backoff
  EMAIL_POLL_INTERVAL_MS: '200',
  FORM_EMAIL_POLL_INTERVAL_MS: '500',
  // one browser places many orders in a row from one address
  RATE_LIMIT_WRITES_PER_MINUTE: '600',
  // the back-office specs run side by side from one address, and each screen makes a few admin calls:
  // past the default 60 a minute a screen answers 429 (its own unit and integration tests cover the limit)
  RATE_LIMIT_ADMIN_PER_MINUTE: '600',
};

/** The embedded database the stack starts (user/password are the embedded defaults). */
export const E2E_DATABASE_URL = `postgres://postgres:password@127.0.0.1:${E2E_PG_PORT}/storefront`;
