import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort, signInternalRequest } from '@storefront/service-kit';
import { ORDERS_DATABASE } from './orders-database.js';

/**
 * The built orders service as its own process with NODE_ENV=production (what its Docker image
 * sets): unsafe settings stop it before it connects anywhere, with exit code 1 and one JSON log line
 * naming every variable; safe ones start it. Build first (turbo's test:integration depends on build).
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const ORDERS_MAIN = path.join(repoRoot, 'services', 'orders', 'dist', 'main.js');
/** production migrates before the rollout, with the service's migrate command, from the service's folder (the image's WORKDIR) */
const ORDERS_FOLDER = path.join(repoRoot, 'services', 'orders');
/** a refusal comes before any connection: far below the database retries (30 x 1 s) */
const REFUSAL_TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 30_000;

const PAYMENTS_SECRET = randomBytes(32).toString('hex');
const FORMS_SECRET = randomBytes(32).toString('hex');
const ORDERS_SECRET = randomBytes(32).toString('hex');
/** what every service needs in production besides its own settings (and the captcha secret registration needs, and the staff's authenticator keys' key) */
const COMMON = {
  TRUST_PROXY: '1',
  PUBLIC_SITE_URL: 'https://shop.example.com',
  METRICS_TOKEN: randomBytes(32).toString('hex'),
  RECAPTCHA_SECRET_KEY: randomBytes(16).toString('hex'),
  STAFF_TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const SECRETS = { PAYMENTS_INTERNAL_SECRET: PAYMENTS_SECRET, FORMS_INTERNAL_SECRET: FORMS_SECRET, ORDERS_INTERNAL_SECRET: ORDERS_SECRET };
/** nothing listens on port 1: a service that tried to connect would hang in its retries, not exit */
const UNREACHABLE_DATABASE = `postgres://storefront:${randomBytes(12).toString('hex')}@127.0.0.1:1/storefront`;


interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts dist/main.js with exactly `env` (plus PATH): nothing of the test's own environment leaks in. */
function runOrders(env: Record<string, string>): Run {
  let output = '';
  const child = spawn(process.execPath, [ORDERS_MAIN], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', EMAIL_WORKER_ENABLED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function exitWithin(run: Run, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      run.child.kill('SIGKILL');
      reject(new Error(`still running after ${ms} ms; output:\n${run.output()}`));
    }, ms);
  });
  try {
    return await Promise.race([run.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one line a refusal prints, parsed. */
function refusalLine(output: string): { level: string; context: string; message: string; variables: string[] } {
  const lines = output.split('\n').filter((line) => line.trim());
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!);
}

beforeAll(() => {
  if (!existsSync(ORDERS_MAIN)) throw new Error(`${ORDERS_MAIN} is missing: npx turbo run build --filter=./services/orders`);
});

describe('the orders service with NODE_ENV=production', () => {
  it('refuses every unsafe setting at once: exit code 1, one log line naming each variable', async () => {
    const run = runOrders({
      NODE_ENV: 'production',
      ORDERS_PORT: String(await freePort()),
      ...COMMON,
      PAYMENTS_INTERNAL_SECRET: 'change-me-internal-token',
      FORMS_INTERNAL_SECRET: FORMS_SECRET,
      ORDERS_INTERNAL_SECRET: ORDERS_SECRET,
      DATABASE_URL: 'postgres://storefront:storefront@127.0.0.1:1/storefront',
    });
    expect(await exitWithin(run, REFUSAL_TIMEOUT_MS)).toBe(1);
    const line = refusalLine(run.output());
    expect(line).toMatchObject({ level: 'error', context: 'orders', variables: ['PAYMENTS_INTERNAL_SECRET', 'DATABASE_URL', 'SMTP_URL'] });
    expect(line.message).toMatch(/^orders refuses to start: unsafe for production \(NODE_ENV=production\): /);
    expect(line.message).toContain('PAYMENTS_INTERNAL_SECRET is a known default, which anyone can read');
    expect(line.message).toContain('DATABASE_URL has a known default password');
    expect(line.message).toContain('SMTP_URL is missing: without a mail server the orders service delivers e-mail to the local mailbox and serves it at /dev/mailbox');
  });

  it('refuses to serve the local mailbox before it connects anywhere: SMTP_URL alone is missing', async () => {
    const run = runOrders({ NODE_ENV: 'production', ORDERS_PORT: String(await freePort()), ...COMMON, ...SECRETS, DATABASE_URL: UNREACHABLE_DATABASE });
    expect(await exitWithin(run, REFUSAL_TIMEOUT_MS)).toBe(1);
    expect(refusalLine(run.output()).variables).toEqual(['SMTP_URL']);
  });

  it("refuses missing callers' secrets, DATABASE_URL (the embedded database is for development) and the common settings", async () => {
    const run = runOrders({ NODE_ENV: 'production', ORDERS_PORT: String(await freePort()), SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(await exitWithin(run, REFUSAL_TIMEOUT_MS)).toBe(1);
    const line = refusalLine(run.output());
    expect(line.variables).toEqual(['PAYMENTS_INTERNAL_SECRET', 'FORMS_INTERNAL_SECRET', 'ORDERS_INTERNAL_SECRET', 'DATABASE_URL', 'TRUST_PROXY', 'PUBLIC_SITE_URL', 'METRICS_TOKEN', 'RECAPTCHA_SECRET_KEY', 'STAFF_TOTP_ENCRYPTION_KEY']);
    expect(line.message).toContain("PAYMENTS_INTERNAL_SECRET is missing: payments signs its calls to the orders service's internal routes with it");
  });

  describe('with safe settings', () => {
    const role = `orders_production_${process.pid}_${Date.now()}`;
    const password = randomBytes(18).toString('hex');
    let admin: pg.Client;
    let databaseUrl: string;

    beforeAll(async () => {
      const base = process.env.DATABASE_URL;
      if (!base) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');
      // the test database's own user has a known default password, which production refuses
      admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}'`);
      await admin.query(`CREATE DATABASE "${role}" OWNER "${role}"`);
      const url = new URL(base);
      url.username = role;
      url.password = password;
      url.pathname = `/${role}`;
      databaseUrl = url.toString();
    });

    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${role}" WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS "${role}"`);
      await admin.end();
    });

    it('refuses to start while migrations are pending (naming them and the command), and starts once `node dist/migrate.js up` ran them', async () => {
      const env = { NODE_ENV: 'production', ORDERS_PORT: String(await freePort()), ...COMMON, ...SECRETS, DATABASE_URL: databaseUrl, SMTP_URL: 'smtp://127.0.0.1:1' };
      const run = runOrders(env);
      expect(await exitWithin(run, START_TIMEOUT_MS)).toBe(1);
      const pending = ORDERS_DATABASE.migrations.map((migration) => migration.name);
      const refusal = run.output().split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as { level: string; message: string });
      expect(refusal.at(-1)).toMatchObject({
        level: 'error',
        message:
          `Schema "orders" has ${pending.length} pending migration(s): ${pending.join(', ')}. Not started (MIGRATIONS_AT_START=check): ` +
          "run `node dist/migrate.js up` in services/orders (the image's working directory) or `npm run migrate -- orders up`, then start again.",
      });

      const migrated = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(process.execPath, ['dist/migrate.js', 'up'], { cwd: ORDERS_FOLDER, env: { PATH: process.env.PATH ?? '', ...env }, timeout: START_TIMEOUT_MS }, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
        );
      });
      expect(migrated.code).toBe(0);
      const lines = migrated.output.trim().split('\n').map((line) => JSON.parse(line) as { context: string; message: string });
      expect(lines.at(-1)).toMatchObject({ context: 'orders', message: `${pending.length} migration(s) applied: schema "orders" is up to date` });
      expect(migrated.output).not.toContain(password);
    }, 60_000);

    it("starts on 127.0.0.1 (HOST unset), answers /health, never serves /dev/mailbox, wants payments' signature and the scrape token", async () => {
      const port = await freePort();
      const run = runOrders({
        NODE_ENV: 'production',
        ORDERS_PORT: String(port),
        ...COMMON,
        ...SECRETS,
        DATABASE_URL: databaseUrl,
        SMTP_URL: 'smtp://mailer:mail-secret@127.0.0.1:1',
      });
      try {
        const base = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + START_TIMEOUT_MS;
        let health: Response | undefined;
        while (!health?.ok) {
          if (run.child.exitCode !== null) throw new Error(`exited ${run.child.exitCode}:\n${run.output()}`);
          if (Date.now() > deadline) throw new Error(`no healthy answer in ${START_TIMEOUT_MS} ms:\n${run.output()}`);
          health = await fetch(`${base}/health`).catch(() => undefined);
          if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await health.json()).toMatchObject({ status: 'ok' });
        expect((await fetch(`${base}/dev/mailbox/messages.json`)).status).toBe(404);
        expect((await fetch(`${base}/internal/orders/00000000-0000-4000-8000-000000000000/payable`)).status).toBe(401);
        const payable = `${base}/internal/orders/00000000-0000-4000-8000-000000000000/payable`;
        expect((await fetch(payable, { headers: { 'X-Internal-Token': PAYMENTS_SECRET } })).status).toBe(401);
        expect((await fetch(payable, { headers: signInternalRequest({ caller: 'forms', secret: FORMS_SECRET, method: 'GET', url: payable }) })).status).toBe(401);
        const signed = await fetch(payable, { headers: signInternalRequest({ caller: 'payments', secret: PAYMENTS_SECRET, method: 'GET', url: payable }) });
        expect(signed.status).toBe(404);
        expect((await fetch(`${base}/metrics`)).status).toBe(401);
        expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${PAYMENTS_SECRET}` } })).status).toBe(401);
        expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${COMMON.METRICS_TOKEN}` } })).status).toBe(200);
        expect(run.output()).not.toContain(password);
      } finally {
        run.child.kill('SIGTERM');
        await exitWithin(run, 10_000);
      }
    });
  });
});
