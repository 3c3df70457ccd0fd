// The reliability harness's stack: the built services and gateway as real processes (as
// `npm start` runs them), a fresh embedded PostgreSQL, a real SMTP sink the orders service delivers
// to, and the Stripe stand-in the payments service's official `stripe` SDK talks to. Every figure
// the scenarios report is read from these parts (PostgreSQL, the sink, the stand-in), never from a
// counter of the harness's own.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { findFreePort, isPortFree, repoRoot, startEmbeddedDatabase } from '../lib/embedded-database.mjs';

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

const CREDENTIALS = { user: 'postgres', password: 'password', database: 'storefront' };
const READY_TIMEOUT_MS = 90_000;
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
 * A real SMTP server on loopback that keeps every message it accepted: its Message-ID header, the
 * envelope's recipients and the subject. Headers are parsed minimally (unfolded, first occurrence).
 *
 * @param {number} port
 */
function createSmtpSink(port) {
  /** @type {{ messageId: string | null, to: string[], subject: string, receivedAt: number }[]} */
  const received = [];
  /** @type {SMTPServer | null} */
  let server = null;

  const headersOf = (raw) => {
    const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    const headers = new Map();
    for (const line of unfolded.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
    return headers;
  };

  const sink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    /** @returns {Promise<void>} */
    async start() {
      if (server) return;
      if (!(await isPortFree(port))) throw new Error(`SMTP sink: port ${port} is in use (RELIABILITY_SMTP_PORT)`);
      server = new SMTPServer({
        authOptional: true,
        // plain SMTP on loopback: nodemailer would upgrade to TLS if offered, and the sink has no certificate worth checking
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        // a stop() cuts connections after 500 ms (the default 30 s would keep "down" SMTP answering)
        closeTimeout: 500,
        size: 10 * 1024 * 1024,
        onData(stream, session, callback) {
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', () => {
            const headers = headersOf(Buffer.concat(chunks).toString('utf8'));
            received.push({
              messageId: headers.get('message-id') ?? null,
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              subject: headers.get('subject') ?? '',
              receivedAt: Date.now(),
            });
            callback();
          });
          stream.on('error', callback);
        },
      });
      server.on('error', () => undefined);
      await new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    },
    /** Stops listening and cuts open connections: mail cannot be delivered until start(). */
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise((resolve) => closing.close(() => resolve()));
    },
    get running() {
      return server !== null;
    },
    /** Every message accepted so far, oldest first (a copy). */
    messages() {
      return received.map((message) => ({ ...message, to: [...message.to] }));
    },
  };
  return sink;
}

/**
 * Starts the stack. Options as in the harness's brief; `ports` default to DEFAULT_PORTS.
 *
 * @param {{ ports?: Partial<typeof DEFAULT_PORTS>, replicas?: { orders?: 1 | 2, payments?: 1 | 2 },
 *           env?: Record<string, string>, log?: (line: string) => void }} [options]
 */
export async function startStack(options = {}) {
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const replicas = { orders: 1, payments: 1, ...options.replicas };
  const log = options.log ?? ((line) => console.log(`[stack] ${line}`));
  const started = Date.now();

  const topology = await import('@storefront/topology').catch(() => {
    throw new Error('packages/topology is not built: run `npx turbo run build` first');
  });
  const { startStripeStandIn } = await import('@storefront/provider-stand-ins').catch(() => {
    throw new Error('packages/provider-stand-ins is not built: run `npx turbo run build` first');
  });
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
  const smtp = createSmtpSink(ports.smtp);
  /** @type {{ service: string, index: number, port: number, url: string, child: import('node:child_process').ChildProcess, logFile: string, env: Record<string, string> }[]} */
  const processes = [];
  let stopping = false;

  // a crash of the harness must not leave services running on the harness's ports
  const killAll = () => {
    for (const entry of processes) if (!exited(entry.child)) entry.child.kill('SIGKILL');
  };
  process.on('exit', killAll);

  const stack = {
    /** the tmp folder: data dir, uploads, one log per process (kept when stop({ keepFiles: true })) */
    folder,
    logDir,
    ports,
    replicas,
    gatewayUrl: `http://127.0.0.1:${ports.gateway}`,
    internalToken: randomBytes(32).toString('hex'),
    adminToken: randomBytes(32).toString('hex'),
    databaseUrl: '',
    processes,
    smtp,
    /** @type {import('@storefront/provider-stand-ins').StripeStandIn | null} */
    stripe: null,
    /** the Stripe keys the services were given (a scenario may talk to the stand-in as Stripe.js does) */
    stripeKeys: STRIPE_KEYS,

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
        return ports.database;
      },
      /** Stops PostgreSQL (a fast shutdown: connections are cut, as in a crash of the server). */
      async stop() {
        if (!database) return;
        const stoppingDatabase = database;
        database = null;
        await stoppingDatabase.stop();
      },
      /** Starts it again on the same data folder and port. */
      async start() {
        if (database) return;
        database = await startEmbeddedDatabase({ dataDir: path.join(folder, 'postgres'), port: ports.database, ...CREDENTIALS, log });
      },
      /** Stop, stay down `downMs`, start again (same data, same port). */
      async restart({ downMs = 0 } = {}) {
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
     * One replica's Prometheus text (GET /metrics with the internal token as bearer).
     * @param {string} service
     * @param {number} [index]
     */
    async metrics(service, index = 0) {
      const entry = stack.process(service, index);
      const response = await fetch(`${entry.url}/metrics`, { headers: { authorization: `Bearer ${stack.internalToken}` }, signal: AbortSignal.timeout(5000) });
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
      await smtp.stop().catch(() => undefined);
      await stripe?.close().catch(() => undefined);
      if (stopOptions.keepFiles) log(`logs and data kept in ${folder}`);
      else await rm(folder, { recursive: true, force: true });
    },
  };

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
      const metrics = await fetch(`${entry.url}/metrics`, { headers: { authorization: `Bearer ${stack.internalToken}` }, signal: AbortSignal.timeout(2000) });
      await metrics.arrayBuffer();
      return metrics.status === 200 ? 'up' : `another process answers on port ${entry.port} (/metrics refused this stack's token)`;
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

  try {
    await stack.database.start();
    stack.databaseUrl = database.databaseUrl;
    pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 3, connectionTimeoutMillis: 5000 });
    // an idle client cut by a PostgreSQL restart is dropped by the pool; the error is not the harness's failure
    pool.on('error', () => undefined);
    await smtp.start();
    stripe = await startStripeStandIn({
      port: 0,
      secretKey: STRIPE_KEYS.STRIPE_SECRET_KEY,
      publishableKey: STRIPE_KEYS.STRIPE_PUBLISHABLE_KEY,
      // Stripe's events reach the payments service through the gateway, as they would from Stripe
      webhook: { url: `${stack.gatewayUrl}/api/payment/webhooks/stripe`, secret: STRIPE_KEYS.STRIPE_WEBHOOK_SECRET },
    });
    stack.stripe = stripe;
    log(`PostgreSQL on ${ports.database}, SMTP sink on ${ports.smtp}, Stripe stand-in at ${stripe.url} (${Date.now() - started} ms)`);

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
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: stack.databaseUrl,
      // seven processes share PostgreSQL's 100 connections (each: its pool + the job runner's 4)
      DATABASE_POOL_SIZE: '8',
      INTERNAL_API_TOKEN: stack.internalToken,
      ADMIN_API_TOKEN: stack.adminToken,
      PUBLIC_SITE_URL: stack.gatewayUrl,
      SMTP_URL: smtp.url,
      FORMS_UPLOAD_DIR: path.join(folder, 'uploads'),
      ...STRIPE_KEYS,
      STRIPE_API_BASE_URL: stripe.url,
      STRIPE_JS_URL: `${stripe.url}/v3/stripe.js`,
      // Every request of the harness comes from 127.0.0.1, one "shopper address": the per-address
      // limits (30 writes a minute) would refuse the load itself. Raised here for the load; the
      // forged scenario checks a limit on its own.
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000000',
      // the outbox and the jobs pick up work promptly (the figures wait on them with a bounded poll)
      EMAIL_POLL_INTERVAL_MS: '200',
      FORM_EMAIL_POLL_INTERVAL_MS: '200',
      PAYMENTS_JOBS_POLL_INTERVAL_MS: '200',
      ...options.env,
    };
    for (const entry of processes) {
      const topologyEntry = entry.service === topology.GATEWAY.name ? topology.GATEWAY : topology.SERVICES[entry.service];
      entry.env = { ...common, [topologyEntry.portEnv]: String(entry.port) };
      for (const service of topology.SERVICE_NAMES) {
        const urls = urlsOf(service);
        // the gateway balances over every replica (a comma-separated list); a service calling
        // another (payments and forms call orders) is given the first replica, as its client takes one URL
        entry.env[topology.SERVICES[service].urlEnv] = entry.service === topology.GATEWAY.name ? urls.join(',') : urls[0];
      }
    }

    // backends first (their migrations run once, under the migration lock), then the gateway
    const backends = processes.filter((entry) => entry.service !== topology.GATEWAY.name);
    for (const entry of backends) spawnProcess(entry);
    await waitUntilReady(backends);
    const gateway = processes.at(-1);
    spawnProcess(gateway);
    await waitUntilReady([gateway]);
    log(
      `ready in ${Date.now() - started} ms: gateway ${stack.gatewayUrl}; ` +
        backends.map((entry) => `${entry.service}#${entry.index}:${entry.port}`).join(', ') +
        `; logs in ${logDir}`,
    );
    return stack;
  } catch (error) {
    log(`start failed: ${error instanceof Error ? error.message : error}`);
    await stack.stop({ keepFiles: true }).catch(() => undefined);
    throw error;
  }
}
