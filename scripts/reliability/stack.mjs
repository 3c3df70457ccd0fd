// The reliability harness's stack: the built services and gateway as real processes (as
// `npm start` runs them), a fresh embedded PostgreSQL, a real SMTP sink the orders service delivers
// to, and the Stripe stand-in the payments service's official `stripe` SDK talks to. Every figure
// the scenarios report is read from these parts (PostgreSQL, the sink, the stand-in), never from a
// counter of the harness's own. This module puts the parts together and answers the stack the
// scenarios use; what each process is told is in stack-env.mjs, how processes are started, watched
// and stopped in stack-processes.mjs, what an operator runs (migrations, the admin API key, the
// production database role) in operator-setup.mjs, and the SMTP sink in smtp-sink.mjs.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, isPortFree, repoRoot, startEmbeddedDatabase } from '../lib/embedded-database.mjs';
import { localRegistry, writeRegistry } from '../lib/remotes-registry.mjs';
import { startStaticServer } from '../lib/static-server.mjs';
import { createAdminKey, migrateSchema, productionDatabase } from './operator-setup.mjs';
import { createSmtpSink } from './smtp-sink.mjs';
import { PRODUCTION_SITE_URL, STRIPE_KEYS, assignProcessEnv, commonEnv, liveStripeKeys, randomSecret } from './stack-env.mjs';
import { STOP_TIMEOUT_MS, createLauncher, exited, forgetOnSignal, sleep, stopOnSignal, terminate, waitForExit } from './stack-processes.mjs';

// what callers of the stack have always imported from here
export { PRODUCTION_SITE_URL, randomSecret };

/** The harness's own ports (README "Reliability"); each overridable for a second harness on the machine. */
export const DEFAULT_PORTS = Object.freeze({
  gateway: Number(process.env.RELIABILITY_GATEWAY_PORT ?? 8400),
  serviceBase: Number(process.env.RELIABILITY_SERVICE_PORT_BASE ?? 4700),
  database: Number(process.env.RELIABILITY_PG_PORT ?? 54420),
  smtp: Number(process.env.RELIABILITY_SMTP_PORT ?? 2620),
});

/** The modes a stack runs in: what `npm start` runs, or NODE_ENV=production with every production setting satisfied. */
export const STACK_MODES = Object.freeze(['development', 'production']);

const CREDENTIALS = { user: 'postgres', password: 'password', database: 'storefront' };

/** Connection errors a harness query rides out while PostgreSQL restarts. */
const RETRYABLE_PG = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

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
      forgetOnSignal(stack);
      const running = processes.filter((entry) => !exited(entry.child));
      await Promise.all(running.map((entry) => terminate(entry, log)));
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
  const { spawnProcess, waitUntilReady } = createLauncher({ stack, gaps, log, isStopping: () => stopping });

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
      const urls = await productionDatabase({ stack, adminQuery, adminUrl: harnessDatabaseUrl, shared });
      sharedDatabaseName = urls.sharedDatabaseName;
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

    const common = commonEnv({ mode, stack, folder, smtpUrl: smtp.url, stripe, stripeKeys, paypal, recaptcha, recaptchaSecret, extra: options.env });
    assignProcessEnv({ processes, topology, common, stack });

    // backends first (their migrations run once, under the migration lock), then the gateway
    const backends = processes.filter((entry) => entry.service !== topology.GATEWAY.name);
    if (production) for (const service of new Set(backends.map((entry) => entry.service))) await migrateSchema(backends.find((entry) => entry.service === service));
    for (const entry of backends) spawnProcess(entry);
    await waitUntilReady(backends);
    await createAdminKey({ stack, orders: backends.find((entry) => entry.service === 'orders'), gaps, log });
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
