// The reliability harness's stack: the built services and gateway as real processes (as
// `npm start` runs them), a fresh embedded PostgreSQL, a real SMTP sink the orders service delivers
// to, and the Stripe stand-in the payments service's official `stripe` SDK talks to. Every figure
// the scenarios report is read from these parts (PostgreSQL, the sink, the stand-in), never from a
// counter of the harness's own.
import { randomBytes } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, isPortFree, repoRoot, startEmbeddedDatabase } from '../lib/embedded-database.mjs';
import { localRegistry, writeRegistry } from '../lib/remotes-registry.mjs';
import { startStaticServer } from '../lib/static-server.mjs';
import { createSmtpSink } from './smtp-sink.mjs';

/** The harness's own ports (README "Reliability"); each overridable for a second harness on the machine. */
export const DEFAULT_PORTS = Object.freeze({
  gateway: Number(process.env.RELIABILITY_GATEWAY_PORT ?? 8400),
  serviceBase: Number(process.env.RELIABILITY_SERVICE_PORT_BASE ?? 4700),
  database: Number(process.env.RELIABILITY_PG_PORT ?? 54420),
  smtp: Number(process.env.RELIABILITY_SMTP_PORT ?? 2620),
});

/** Stripe test-mode keys the stand-in accepts (no real Stripe would: they are not Stripe's). */
const STRIPE_KEYS = Object.freeze({
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

/** The modes a stack runs in: what `npm start` runs, or NODE_ENV=production with every production setting satisfied. */
export const STACK_MODES = Object.freeze(['development', 'production']);

/**
 * A secret as production wants one: 32 random bytes (256 bits), base64url (43 characters, far more
 * than 10 distinct ones), new for every stack.
 */
export const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * Live-shaped Stripe keys for the production-mode stack (production refuses test keys for an
 * enabled live method); the stand-in accepts exactly these, and no Stripe would.
 */
function liveStripeKeys() {
  const tail = randomBytes(12).toString('hex');
  return Object.freeze({
    STRIPE_SECRET_KEY: `sk_live_reliability_${tail}`,
    STRIPE_PUBLISHABLE_KEY: `pk_live_reliability_${tail}`,
    STRIPE_WEBHOOK_SECRET: `whsec_reliability_${tail}`,
  });
}

const CREDENTIALS = { user: 'postgres', password: 'password', database: 'storefront' };

const READY_TIMEOUT_MS = 90_000;
/** Stacks of this process not yet stopped: a SIGINT or SIGTERM to the harness stops them before it exits. */
const runningStacks = new Set();
let signalsHandled = false;

/**
 * Registers `stack` to be stopped when the harness is interrupted: Node's own handling of those signals
 * exits without the 'exit' event, which would leave the services and PostgreSQL running on the
 * harness's ports. Bounded: whatever has not stopped in 45 s is killed by the 'exit' handler.
 */
function stopOnSignal(stack) {
  if (!signalsHandled) {
    signalsHandled = true;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => {
        const stops = [...runningStacks].map((running) => running.stop().catch(() => undefined));
        const bound = new Promise((resolve) => setTimeout(resolve, 45_000).unref());
        void Promise.race([Promise.all(stops), bound]).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
      });
    }
  }
  runningStacks.add(stack);
}

/** A service given SIGTERM drains (SHUTDOWN_GRACE_MS) and closes by itself within 30 s; killed only past that. */
const STOP_TIMEOUT_MS = 35_000;
/** Connection errors a harness query rides out while PostgreSQL restarts. */
const RETRYABLE_PG = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process has ended (or was never started). */
function exited(child) {
  return !child || child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child, ms) {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the stack. Options as in the harness's brief; `ports` default to DEFAULT_PORTS.
 *
 * `mode`: 'development' (the default) runs what `npm start` runs; 'production' runs every process
 * with NODE_ENV=production and every production setting satisfied: random secrets, an https
 * PUBLIC_SITE_URL, TRUST_PROXY=loopback (the harness stands in for the load balancer in front of
 * the gateway, so its X-Forwarded-For names the shopper), a database role of its own with a random
 * password, live-shaped Stripe and PayPal keys on their stand-ins, Authorize.Net disabled and
 * keyless, reCAPTCHA on its stand-in and an admin API key made with the back office CLI.
 * `sharedDatabase`: another running stack whose PostgreSQL hosts this stack's database (a database
 * and role of its own; saves a second PostgreSQL); that stack must outlive this one.
 *
 * What a stack could not set up as its mode wants is listed in `stack.gaps` (one sentence each),
 * and the scenarios report it: a stack with gaps is not the stack the figures claim.
 *
 * @param {{ mode?: 'development' | 'production', ports?: Partial<typeof DEFAULT_PORTS>, replicas?: { orders?: 1 | 2, payments?: 1 | 2 },
 *           env?: Record<string, string>, log?: (line: string) => void, sharedDatabase?: { query: Function, databaseUrl: string } }} [options]
 */
export async function startStack(options = {}) {
  const mode = options.mode ?? 'development';
  if (!STACK_MODES.includes(mode)) throw new Error(`startStack: mode must be one of ${STACK_MODES.join(', ')} (got "${mode}")`);
  const production = mode === 'production';
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  // PostgreSQL's default port lies in Linux's ephemeral range (32768-60999), where a client socket of
  // anything on the machine may hold it for a moment (CI's integration stage did once): unless the
  // port was chosen, the next free one is taken. A chosen port stays, and a clash on it is named.
  if (options.ports?.database === undefined && process.env.RELIABILITY_PG_PORT === undefined) ports.database = await findFreePort(ports.database);
  const replicas = { orders: 1, payments: 1, ...options.replicas };
  const log = options.log ?? ((line) => console.log(`[stack] ${line}`));
  const started = Date.now();
  const stripeKeys = production ? liveStripeKeys() : STRIPE_KEYS;
  /** @type {string[]} */
  const gaps = [];

  const topology = await import('@storefront/topology').catch(() => {
    throw new Error('packages/topology is not built: run `npx turbo run build` first');
  });
  const standIns = await import('@storefront/provider-stand-ins').catch(() => {
    throw new Error('packages/provider-stand-ins is not built: run `npx turbo run build` first');
  });
  const { startStripeStandIn } = standIns;
  for (const name of [...topology.SERVICE_NAMES, topology.GATEWAY.name]) {
    const entry = path.join(repoRoot, 'services', name, 'dist', 'main.js');
    if (!existsSync(entry)) throw new Error(`${path.relative(repoRoot, entry)} is not built: run \`npx turbo run build\` first`);
  }

  const folder = await mkdtemp(path.join(tmpdir(), 'storefront-reliability-'));
  const logDir = path.join(folder, 'logs');
  await mkdir(logDir);
  /** @type {Awaited<ReturnType<typeof startEmbeddedDatabase>> | null} */
  let database = null;
  /** @type {pg.Pool | null} */
  let pool = null;
  let stripe = null;
  /** @type {{ url: string, close(): Promise<void> } | null} */
  let paypal = null;
  /** @type {{ url: string, verifyUrl?: string, close(): Promise<void> } | null} */
  let recaptcha = null;
  /** production mode: the remotes' server bundles, as their own servers serve them (scripts/lib/static-server.mjs) */
  let remoteBundles;
  const smtp = createSmtpSink(ports.smtp);
  /** RECAPTCHA_SECRET_KEY: the stand-in accepts only this one */
  const recaptchaSecret = randomSecret();
  const shared = options.sharedDatabase ?? null;
  /** this stack's own database in a shared PostgreSQL (dropped at stop) */
  let sharedDatabaseName = '';
  /** @type {{ service: string, index: number, port: number, url: string, child: import('node:child_process').ChildProcess, logFile: string, env: Record<string, string> }[]} */
  const processes = [];
  let stopping = false;

  // a crash of the harness must not leave services running on the harness's ports
  const killAll = () => {
    for (const entry of processes) if (!exited(entry.child)) entry.child.kill('SIGKILL');
  };
  process.on('exit', killAll);

  const stack = {
    /** 'development' (what `npm start` runs) or 'production' (NODE_ENV=production, every production setting satisfied) */
    mode,
    /** what this stack could not set up as its mode wants (one sentence each; empty when complete) */
    gaps,
    /** the tmp folder: data dir, uploads, one log per process (kept when stop({ keepFiles: true })) */
    folder,
    logDir,
    ports,
    replicas,
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    /** the site address the services were given (links in e-mails, the captcha's hostname) */
    publicSiteUrl: production ? PRODUCTION_SITE_URL : '',
    /** INTERNAL_API_TOKEN, retired by the signed internal calls: given to every process, and the probes show it opens nothing */
    internalToken: randomSecret(),
    /** each internal caller's own secret (PAYMENTS_INTERNAL_SECRET, FORMS_INTERNAL_SECRET, ORDERS_INTERNAL_SECRET): orders holds all three */
    internalSecrets: Object.freeze({ payments: randomSecret(), forms: randomSecret(), orders: randomSecret() }),
    /** METRICS_TOKEN: the scrape credential of every /metrics */
    metricsToken: randomSecret(),
    /** STAFF_TOTP_ENCRYPTION_KEY (orders only): 32 random bytes, the key the staff's authenticator keys are sealed with */
    staffTotpKey: randomSecret(),
    /**
     * The bearer /metrics answered at start-up: METRICS_TOKEN, or INTERNAL_API_TOKEN while the code
     * still guards /metrics with it (then a gap is listed).
     */
    metricsBearer: '',
    /**
     * The admin API's bearer: an API key made with `backoffice api-keys create` once orders has
     * migrated; while that CLI does not exist, the retired ADMIN_API_TOKEN below (then a gap is listed).
     */
    adminToken: '',
    /** the admin API key's id and name, when it is one */
    adminKey: /** @type {{ id: string, name: string } | null} */ (null),
    /** ADMIN_API_TOKEN, retired by the API keys: given to orders, and the probes show it opens nothing */
    legacyAdminToken: randomSecret(),
    /** the database role the services use (production: a role of its own with a random password) */
    databaseRole: production ? '' : CREDENTIALS.user,
    databaseUrl: '',
    processes,
    smtp,
    /** @type {import('@storefront/provider-stand-ins').StripeStandIn | null} */
    stripe: null,
    /** the Stripe keys the services were given (a scenario may talk to the stand-in as Stripe.js does) */
    stripeKeys,
    /** the PayPal stand-in (production mode only: development runs PayPal keyless, on the sandbox, as `npm start` does) */
    paypal: null,
    /** the reCAPTCHA stand-in (production mode only; null when packages/provider-stand-ins has none yet: a gap) */
    recaptcha: null,
    /**
     * A token the reCAPTCHA stand-in accepts once, for this site and `action` (the form's name), as
     * Google's widget would hand the page one (null without a stand-in):
     * `recaptcha-ok:<hostname>:<action>:<score, empty: the default>:<nonce>`.
     */
    captchaToken(action) {
      if (!recaptcha) return null;
      return `recaptcha-ok:${new URL(PRODUCTION_SITE_URL).hostname}:${action}::${randomBytes(8).toString('hex')}`;
    },

    /**
     * A query through the harness's own small pool, retried while PostgreSQL is away (a restart);
     * answers the rows.
     * @param {string} sql
     * @param {unknown[]} [params]
     */
    async query(sql, params = []) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          return (await pool.query(sql, params)).rows;
        } catch (error) {
          const code = error?.code ?? error?.cause?.code;
          const transient = RETRYABLE_PG.has(code) || /terminat|Connection ended|not queryable|ECONNREFUSED/i.test(String(error?.message));
          if (!transient || Date.now() > deadline) throw error;
          await sleep(250);
        }
      }
    },

    database: {
      get port() {
        return shared ? Number(new URL(shared.databaseUrl).port) : ports.database;
      },
      /** Stops PostgreSQL (a fast shutdown: connections are cut, as in a crash of the server). A shared one is left running. */
      async stop() {
        if (shared || !database) return;
        const stoppingDatabase = database;
        database = null;
        await stoppingDatabase.stop();
      },
      /** Starts it again on the same data folder and port. */
      async start() {
        if (shared || database) return;
        database = await startEmbeddedDatabase({ dataDir: path.join(folder, 'postgres'), port: ports.database, ...CREDENTIALS, log });
      },
      /** Stop, stay down `downMs`, start again (same data, same port). */
      async restart({ downMs = 0 } = {}) {
        if (shared) throw new Error('this stack shares another stack\'s PostgreSQL: restart that one');
        await stack.database.stop();
        await sleep(downMs);
        await stack.database.start();
      },
    },

    /**
     * The process of one service replica.
     * @param {string} service
     * @param {number} [index]
     */
    process(service, index = 0) {
      const entry = processes.find((candidate) => candidate.service === service && candidate.index === index);
      if (!entry) throw new Error(`no process ${service}#${index} in this stack`);
      return entry;
    },

    /** Sends `signal` to one replica and resolves once it exited. */
    async kill(service, index = 0, signal = 'SIGKILL') {
      const entry = stack.process(service, index);
      if (exited(entry.child)) return;
      entry.expectedExit = true;
      entry.child.kill(signal);
      if (!(await waitForExit(entry.child, signal === 'SIGKILL' ? 10_000 : STOP_TIMEOUT_MS))) {
        entry.child.kill('SIGKILL');
        await waitForExit(entry.child, 10_000);
      }
    },

    /** Starts one replica again (killing it first if it still runs); resolves when its /health/ready answers 200. */
    async restart(service, index = 0) {
      const entry = stack.process(service, index);
      if (!exited(entry.child)) await stack.kill(service, index, 'SIGTERM');
      spawnProcess(entry);
      await waitUntilReady([entry]);
    },

    /**
     * One replica's Prometheus text (GET /metrics with the scrape credential as bearer).
     * @param {string} service
     * @param {number} [index]
     */
    async metrics(service, index = 0) {
      const entry = stack.process(service, index);
      const response = await fetch(`${entry.url}/metrics`, { headers: { authorization: `Bearer ${stack.metricsBearer || stack.metricsToken}` }, signal: AbortSignal.timeout(5000) });
      if (response.status !== 200) throw new Error(`${service}#${index} /metrics answered ${response.status}`);
      return response.text();
    },

    /** Where one replica logs (what to show when a figure fails). */
    logOf(service, index = 0) {
      return stack.process(service, index).logFile;
    },

    /**
     * SIGTERM every process (they drain), then PostgreSQL, the SMTP sink and the stand-in; deletes
     * the tmp folder unless `keepFiles` (its logs are then left for reading).
     * @param {{ keepFiles?: boolean }} [stopOptions]
     */
    async stop(stopOptions = {}) {
      if (stopping) return;
      stopping = true;
      runningStacks.delete(stack);
      const running = processes.filter((entry) => !exited(entry.child));
      await Promise.all(
        running.map(async (entry) => {
          entry.child.kill('SIGTERM');
          if (!(await waitForExit(entry.child, STOP_TIMEOUT_MS))) {
            log(`${entry.service}#${entry.index} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killed`);
            entry.child.kill('SIGKILL');
            await waitForExit(entry.child, 5000);
          }
        }),
      );
      await pool?.end().catch(() => undefined);
      await stack.database.stop().catch((error) => log(`PostgreSQL did not stop cleanly: ${error.message}`));
      if (shared && sharedDatabaseName && !stopOptions.keepFiles) {
        await shared.query(`DROP DATABASE IF EXISTS ${sharedDatabaseName} WITH (FORCE)`).catch((error) => log(`database ${sharedDatabaseName} not dropped: ${error.message}`));
        await shared.query(`DROP ROLE IF EXISTS ${stack.databaseRole}`).catch(() => undefined);
      }
      await smtp.stop().catch(() => undefined);
      await stripe?.close().catch(() => undefined);
      await paypal?.close().catch(() => undefined);
      await recaptcha?.close().catch(() => undefined);
      await remoteBundles?.close().catch(() => undefined);
      if (stopOptions.keepFiles) log(`logs and data kept in ${folder}`);
      else await rm(folder, { recursive: true, force: true });
    },
  };

  stopOnSignal(stack);

  function spawnProcess(entry) {
    // a scenario cut off by the run's bound may still try to restart what it killed: never after stop
    if (stopping) throw new Error(`the stack is stopped: ${entry.service}#${entry.index} is not started again`);
    entry.expectedExit = false;
    const fd = openSync(entry.logFile, 'a');
    try {
      entry.child = spawn(process.execPath, [path.join(repoRoot, 'services', entry.service, 'dist', 'main.js')], {
        cwd: repoRoot,
        env: entry.env,
        stdio: ['ignore', fd, fd],
      });
    } finally {
      closeSync(fd);
    }
    entry.child.on('exit', (code, signal) => {
      if (!stopping && !entry.expectedExit) log(`${entry.service}#${entry.index} exited (${signal ?? `code ${code}`}); log: ${entry.logFile}`);
    });
  }

  async function readiness(entry) {
    try {
      const response = await fetch(`${entry.url}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.status !== 200) return `HTTP ${response.status}`;
      // ready, and ours: a process of another stack on this port (a race for a free port) has another token
      const scrape = async (bearer) => {
        const metrics = await fetch(`${entry.url}/metrics`, { headers: { authorization: `Bearer ${bearer}` }, signal: AbortSignal.timeout(2000) });
        await metrics.arrayBuffer();
        return metrics.status === 200;
      };
      if (await scrape(stack.metricsToken)) {
        stack.metricsBearer ||= stack.metricsToken;
        return 'up';
      }
      // the code before METRICS_TOKEN guards /metrics with INTERNAL_API_TOKEN
      if (await scrape(stack.internalToken)) {
        if (stack.metricsBearer !== stack.internalToken) {
          stack.metricsBearer = stack.internalToken;
          gaps.push('/metrics does not answer METRICS_TOKEN (it still takes INTERNAL_API_TOKEN)');
          log('/metrics refused METRICS_TOKEN and answered INTERNAL_API_TOKEN: the code before the scrape credential');
        }
        return 'up';
      }
      return `another process answers on port ${entry.port} (/metrics refused this stack's tokens)`;
    } catch (error) {
      return error?.cause?.code ?? error?.name ?? 'no answer';
    }
  }

  async function waitUntilReady(entries) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const pending = new Set(entries);
    const last = new Map();
    const restarts = new Map();
    while (pending.size > 0) {
      for (const entry of pending) {
        if (!exited(entry.child)) continue;
        const how = entry.child.signalCode ?? `code ${entry.child.exitCode}`;
        // Replicas starting together on a fresh database can fail once (seen: pg-boss's queue
        // creation deadlocking between two payments replicas); an orchestrator starts such a
        // replica again, and so does the harness, once, saying so.
        if (stack.processes.filter((other) => other.service === entry.service).length > 1 && (restarts.get(entry) ?? 0) < 1) {
          restarts.set(entry, (restarts.get(entry) ?? 0) + 1);
          log(`${entry.service}#${entry.index} exited during start-up (${how}; log ${entry.logFile}): started again, as an orchestrator would`);
          spawnProcess(entry);
          continue;
        }
        throw new Error(`${entry.service}#${entry.index} exited during start-up (${how}); log: ${entry.logFile}`);
      }
      if (Date.now() > deadline) {
        const names = [...pending].map((entry) => `${entry.service}#${entry.index} (${last.get(entry) ?? 'no answer'}; log ${entry.logFile})`);
        throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s: ${names.join(', ')}`);
      }
      await Promise.all(
        [...pending].map(async (entry) => {
          const status = await readiness(entry);
          last.set(entry, status);
          if (status === 'up') pending.delete(entry);
        }),
      );
      if (pending.size > 0) await sleep(250);
    }
  }

  /**
   * A production-mode stack migrates as production does: each service's migrate command once, before
   * its replicas start (they only check, MIGRATIONS_AT_START's production default).
   */
  async function migrateSchema(entry) {
    const outcome = await new Promise((resolve) => {
      execFile(process.execPath, ['dist/migrate.js', 'up'], { cwd: path.join(repoRoot, 'services', entry.service), env: entry.env, timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ error, output: `${stdout}${stderr}` }),
      );
    });
    if (outcome.error) throw new Error(`${entry.service}: node dist/migrate.js up failed (${outcome.error.message}):\n${outcome.output.trim().split('\n').slice(-5).join('\n')}`);
  }

  /**
   * The admin API key, made as an operator makes one (`backoffice api-keys create --json`, against
   * orders' migrated database); the key is printed once and only the harness holds it. Without that
   * command (the code before API keys) the retired ADMIN_API_TOKEN is the bearer, and a gap says so.
   */
  async function createAdminKey(orders) {
    const cli = path.join(repoRoot, 'services', 'orders', 'dist', 'backoffice', 'cli.js');
    const name = `reliability-${randomBytes(4).toString('hex')}`;
    const outcome = await new Promise((resolve) => {
      execFile(process.execPath, [cli, 'api-keys', 'create', '--name', name, '--json'], { cwd: repoRoot, env: orders.env, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ error, stdout: String(stdout), stderr: String(stderr) }),
      );
    });
    // the key's JSON: the whole output, or its last line that is an object (log lines may precede it)
    let made = null;
    for (const candidate of [outcome.stdout.trim(), ...outcome.stdout.trim().split('\n').reverse().filter((line) => line.trim().startsWith('{'))]) {
      try {
        made = JSON.parse(candidate);
        break;
      } catch {
        // not JSON: the next candidate
      }
    }
    if (!outcome.error && made && typeof made.key === 'string' && made.key.startsWith('sfk_') && made.id) {
      stack.adminToken = made.key;
      stack.adminKey = { id: made.id, name: made.name ?? name };
      return;
    }
    stack.adminToken = stack.legacyAdminToken;
    const why = (outcome.stderr || outcome.stdout || String(outcome.error?.message ?? '')).trim().split('\n').slice(-1)[0]?.slice(0, 200);
    gaps.push(`no admin API key: \`backoffice api-keys create --json\` did not make one (${why || 'no output'}); the retired ADMIN_API_TOKEN is the bearer`);
    log(`backoffice api-keys create failed (${why}): falling back to ADMIN_API_TOKEN`);
  }

  /**
   * Production refuses the embedded database's default password: a role of its own with a random
   * password (not a superuser: it owns its database, which is all the migrations need) and a
   * database it owns. Answers the services' DATABASE_URL and the harness's (the superuser's, on
   * the same database, to read whatever the scenarios check).
   */
  async function productionDatabase(adminQuery, adminUrl) {
    const suffix = randomBytes(6).toString('hex');
    const role = `reliability_${suffix}`;
    const name = shared ? `storefront_production_${suffix}` : new URL(adminUrl).pathname.slice(1);
    const password = randomSecret();
    await adminQuery(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
    if (shared) {
      await adminQuery(`CREATE DATABASE ${name} OWNER ${role}`);
      sharedDatabaseName = name;
    } else {
      await adminQuery(`ALTER DATABASE ${name} OWNER TO ${role}`);
      await adminQuery(`ALTER SCHEMA public OWNER TO ${role}`);
    }
    stack.databaseRole = role;
    const services = new URL(adminUrl);
    services.username = role;
    services.password = password;
    services.pathname = `/${name}`;
    const harness = new URL(adminUrl);
    harness.pathname = `/${name}`;
    return { servicesUrl: services.toString(), harnessUrl: harness.toString() };
  }

  try {
    await stack.database.start();
    let harnessDatabaseUrl = shared ? shared.databaseUrl : database.databaseUrl;
    stack.databaseUrl = harnessDatabaseUrl;
    if (production) {
      const adminQuery = shared ? (sql) => shared.query(sql) : async (sql) => {
        const client = new pg.Client({ connectionString: database.databaseUrl });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      const urls = await productionDatabase(adminQuery, harnessDatabaseUrl);
      stack.databaseUrl = urls.servicesUrl;
      harnessDatabaseUrl = urls.harnessUrl;
    } else if (shared) {
      throw new Error('startStack: sharedDatabase is for the production mode (a database and role of its own)');
    }
    /** the harness's own connection: the superuser's (it reads what the scenarios check, whoever owns it) */
    stack.harnessDatabaseUrl = harnessDatabaseUrl;
    pool = new pg.Pool({ connectionString: harnessDatabaseUrl, max: 3, connectionTimeoutMillis: 5000 });
    // an idle client cut by a PostgreSQL restart is dropped by the pool; the error is not the harness's failure
    pool.on('error', () => undefined);
    await smtp.start();
    if (production) {
      // Production renders remotes only from the registry's verified server bundles: here each
      // remote's build, served as its own image's server would serve it.
      remoteBundles = await startStaticServer(Object.fromEntries(topology.REMOTES.map(({ folder }) => [`/remotes/${folder}/`, path.join(repoRoot, folder, 'dist')])));
      writeRegistry(path.join(folder, 'remotes-registry.json'), localRegistry({ repoRoot, serverOrigin: remoteBundles.url }));
    }
    stripe = await startStripeStandIn({
      port: 0,
      secretKey: stripeKeys.STRIPE_SECRET_KEY,
      publishableKey: stripeKeys.STRIPE_PUBLISHABLE_KEY,
      // Stripe's events reach the payments service through the gateway, as they would from Stripe
      webhook: { url: `${stack.gatewayUrl}/api/payment/webhooks/stripe`, secret: stripeKeys.STRIPE_WEBHOOK_SECRET },
    });
    stack.stripe = stripe;
    if (production) {
      paypal = await standIns.startPayPalStandIn({ port: 0, clientId: `reliability-${randomBytes(8).toString('hex')}`, clientSecret: randomSecret(), webhookId: `WH-${randomBytes(8).toString('hex').toUpperCase()}` });
      stack.paypal = paypal;
      if (typeof standIns.startRecaptchaStandIn === 'function') {
        recaptcha = await standIns.startRecaptchaStandIn({ port: 0, secret: recaptchaSecret });
        stack.recaptcha = recaptcha;
      } else {
        gaps.push('packages/provider-stand-ins exports no startRecaptchaStandIn: production runs without RECAPTCHA_SECRET_KEY (refused once captcha is required)');
        log('no reCAPTCHA stand-in (startRecaptchaStandIn) in packages/provider-stand-ins: RECAPTCHA_SECRET_KEY is left unset');
      }
    }
    log(
      `${mode}: PostgreSQL on ${stack.database.port}${shared ? ` (shared, database ${sharedDatabaseName})` : ''}, SMTP sink on ${ports.smtp}, Stripe stand-in at ${stripe.url}` +
        `${paypal ? `, PayPal stand-in at ${paypal.url}` : ''}${recaptcha ? `, reCAPTCHA stand-in at ${recaptcha.url}` : ''} (${Date.now() - started} ms)`,
    );

    // the processes and their ports: each service replica takes the next free port from serviceBase
    let nextPort = ports.serviceBase;
    for (const service of topology.SERVICE_NAMES) {
      const count = replicas[service] ?? 1;
      for (let index = 0; index < count; index += 1) {
        const port = await findFreePort(nextPort);
        nextPort = port + 1;
        processes.push({ service, index, port, url: `http://127.0.0.1:${port}`, child: null, logFile: path.join(logDir, `${service}-${index}.log`), env: {} });
      }
    }
    if (!(await isPortFree(ports.gateway))) throw new Error(`gateway port ${ports.gateway} is in use (RELIABILITY_GATEWAY_PORT)`);
    processes.push({
      service: topology.GATEWAY.name,
      index: 0,
      port: ports.gateway,
      url: stack.gatewayUrl,
      child: null,
      logFile: path.join(logDir, 'gateway-0.log'),
      env: {},
    });

    const urlsOf = (service) => processes.filter((entry) => entry.service === service).map((entry) => entry.url);
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
      SMTP_URL: smtp.url,
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
      ...options.env,
    };
    if (production) {
      // production never runs the sandbox here, and Authorize.Net stays disabled and keyless
      for (const name of Object.keys(common)) if (name === 'PAYMENTS_SANDBOX' || name.startsWith('AUTHORIZENET_') || name === 'EMBEDDED_PG_PORT') delete common[name];
    }
    /**
     * Each internal caller's secret is held by the caller and the services it calls: payments' and
     * forms' by orders, orders' (the back office's calls) by forms and payments; the gateway and content none.
     */
    const internalSecretsOf = (service) => ({
      ...(service === 'orders' || service === 'payments' ? { PAYMENTS_INTERNAL_SECRET: stack.internalSecrets.payments } : {}),
      ...(service === 'orders' || service === 'forms' ? { FORMS_INTERNAL_SECRET: stack.internalSecrets.forms } : {}),
      ...(service === 'orders' || service === 'forms' || service === 'payments' ? { ORDERS_INTERNAL_SECRET: stack.internalSecrets.orders } : {}),
    });
    for (const entry of processes) {
      const topologyEntry = entry.service === topology.GATEWAY.name ? topology.GATEWAY : topology.SERVICES[entry.service];
      entry.env = {
        ...common,
        ...internalSecretsOf(entry.service),
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

    // backends first (their migrations run once, under the migration lock), then the gateway
    const backends = processes.filter((entry) => entry.service !== topology.GATEWAY.name);
    if (production) for (const service of new Set(backends.map((entry) => entry.service))) await migrateSchema(backends.find((entry) => entry.service === service));
    for (const entry of backends) spawnProcess(entry);
    await waitUntilReady(backends);
    await createAdminKey(backends.find((entry) => entry.service === 'orders'));
    const gateway = processes.at(-1);
    spawnProcess(gateway);
    await waitUntilReady([gateway]);
    log(
      `${mode} ready in ${Date.now() - started} ms: gateway ${stack.gatewayUrl}; ` +
        backends.map((entry) => `${entry.service}#${entry.index}:${entry.port}`).join(', ') +
        `; logs in ${logDir}${gaps.length ? `; GAPS: ${gaps.join('; ')}` : ''}`,
    );
    return stack;
  } catch (error) {
    log(`start failed: ${error instanceof Error ? error.message : error}`);
    await stack.stop({ keepFiles: true }).catch(() => undefined);
    throw error;
  }
}
