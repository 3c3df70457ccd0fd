#!/usr/bin/env node
// `npm start`: builds (unless --no-build), starts PostgreSQL when DATABASE_URL is unset (embedded,
// data in EMBEDDED_PG_DATA_DIR; --fresh-database wipes it first), the four services and the gateway,
// waits for every /health/ready, and stops everything on Ctrl-C / SIGTERM or when any part dies.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startEmbeddedDatabase } from './lib/embedded-database.mjs';

const argv = new Set(process.argv.slice(2));
const known = new Set(['--no-build', '--fresh-database']);
for (const arg of argv) {
  if (!known.has(arg)) {
    console.error(`Unknown option ${arg}. Usage: node scripts/start.mjs [--no-build] [--fresh-database]`);
    process.exit(2);
  }
}

const env = { ...process.env };
// A newcomer's terminal shows progress, then the address, then only what needs attention: services
// log warnings and errors unless LOG_LEVEL says otherwise (LOG_LEVEL=log adds a line per request).
env.LOG_LEVEL ||= 'warn';
const STARTUP_TIMEOUT_MS = Number(env.STARTUP_TIMEOUT_MS ?? 90000);
// A service given SIGTERM drains its requests (SHUTDOWN_GRACE_MS, 10 s), stops its job runner and
// closes its database, and gives up by itself after 30 s: it is killed only past that.
const STOP_TIMEOUT_MS = 35000;

function portOf(variable, fallback) {
  const raw = env[variable];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`${variable} must be a port number (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

function say(message) {
  console.log(`[start] ${message}`);
}

if (!argv.has('--no-build')) {
  say('building (npx turbo run build)...');
  const build = spawnSync('npx', ['turbo', 'run', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) {
    console.error('[start] the build failed; nothing was started');
    process.exit(build.status ?? 1);
  }
}

// The map of the site (packages/topology: ports, URL variables) is TypeScript; its build is made by
// the build above (or an earlier one, with --no-build).
const topology = await import('@storefront/topology').catch(() => {
  console.error('[start] packages/topology is not built. Run `npm run build` (or start without --no-build).');
  process.exit(1);
});
/** Backends first, then the gateway (the order they are spawned in). */
const services = [
  ...topology.SERVICE_NAMES.map((name) => {
    const { portEnv, port, urlEnv } = topology.SERVICES[name];
    return { name, portEnv, port: portOf(portEnv, port), urlEnv };
  }),
  { name: topology.GATEWAY.name, portEnv: topology.GATEWAY.portEnv, port: portOf(topology.GATEWAY.portEnv, topology.GATEWAY.port) },
];
for (const service of services) {
  service.entry = path.join(repoRoot, 'services', service.name, 'dist', 'main.js');
  env[service.portEnv] = String(service.port);
  if (service.urlEnv && !env[service.urlEnv]) env[service.urlEnv] = `http://127.0.0.1:${service.port}`;
}
// Canonical links and the sitemap name the address shoppers use: here, the local gateway's.
if (!env.PUBLIC_SITE_URL?.trim()) env.PUBLIC_SITE_URL = `http://localhost:${services.find((service) => service.name === 'gateway').port}`;


const missing = services.filter((service) => !existsSync(service.entry));
if (missing.length > 0) {
  console.error(
    `[start] not built: ${missing.map((s) => path.relative(repoRoot, s.entry)).join(', ')}. ` +
      'Run `npm run build` (or start without --no-build).',
  );
  process.exit(1);
}

const children = new Map();
let database;
let shuttingDown = false;

async function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Stops every child (signal, then SIGKILL after a timeout), then the database, then exits. */
async function shutdown(code, signal = 'SIGTERM') {
  if (shuttingDown) return;
  shuttingDown = true;
  const running = [...children.values()].filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length > 0) say(`stopping ${running.length} service(s)...`);
  await Promise.all(
    running.map(async (child) => {
      // After Ctrl-C the terminal already sent SIGINT to the whole process group: give the services
      // a moment to close by themselves before signalling them again.
      if (await waitForExit(child, signal === 'SIGINT' ? 1500 : 0)) return;
      child.kill(signal);
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
    }),
  );
  if (database) {
    say('stopping PostgreSQL...');
    await database.stop();
  }
  say('stopped');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130, 'SIGINT'));
process.on('SIGTERM', () => void shutdown(143, 'SIGTERM'));
process.on('SIGHUP', () => void shutdown(129, 'SIGTERM'));

const started = Date.now();
try {
  if (!env.DATABASE_URL) {
    const dataDir = path.resolve(repoRoot, env.EMBEDDED_PG_DATA_DIR || path.join('.data', 'postgres'));
    database = await startEmbeddedDatabase({
      dataDir,
      port: portOf(topology.EMBEDDED_DATABASE.portEnv, topology.EMBEDDED_DATABASE.port),
      user: env.EMBEDDED_PG_USER || 'postgres',
      password: env.EMBEDDED_PG_PASSWORD || 'password',
      database: env.EMBEDDED_PG_DATABASE || 'storefront',
      fresh: argv.has('--fresh-database'),
    });
    env.DATABASE_URL = database.databaseUrl;
    say(
      `embedded PostgreSQL on port ${database.port} (data ${path.relative(repoRoot, dataDir) || dataDir}; ` +
        `init ${database.initMs} ms, start ${database.startMs} ms)`,
    );
  } else if (argv.has('--fresh-database')) {
    say('--fresh-database ignored: DATABASE_URL is set, the embedded database is not used');
  }
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

for (const service of services) {
  // `npm run dev -- <service>` sets DEV_WATCH_SERVICE: that service restarts when its build changes.
  const watch = env.DEV_WATCH_SERVICE === service.name ? [`--watch-path=${path.dirname(service.entry)}`] : [];
  const child = spawn(process.execPath, [...watch, service.entry], { cwd: repoRoot, env, stdio: 'inherit' });
  children.set(service.name, child);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`[start] ${service.name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
    void shutdown(1);
  });
}

async function healthStatus(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status === 200 ? 'up' : `HTTP ${response.status}`;
  } catch (error) {
    return error?.cause?.code ?? error?.name ?? 'no answer';
  }
}

/** Polls every service's /health/ready until all answer 200 (database up, migrations run); names the ones that did not. */
async function waitUntilHealthy() {
  const pending = new Map(services.map((s) => [s.name, `http://127.0.0.1:${s.port}/health/ready`]));
  const last = new Map();
  while (pending.size > 0) {
    if (shuttingDown) return;
    if (Date.now() - started > STARTUP_TIMEOUT_MS) {
      const names = [...pending.keys()].map((name) => `${name} (${pending.get(name)}: ${last.get(name) ?? 'no answer'})`);
      console.error(`[start] not healthy after ${STARTUP_TIMEOUT_MS / 1000}s: ${names.join(', ')}`);
      await shutdown(1);
      return;
    }
    await Promise.all(
      [...pending].map(async ([name, url]) => {
        const status = await healthStatus(url);
        last.set(name, status);
        if (status === 'up') pending.delete(name);
      }),
    );
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const gateway = services.at(-1);
  say(`all services healthy in ${Date.now() - started} ms`);
  console.log(`Storefront running at http://localhost:${gateway.port}`);
}

await waitUntilHealthy();
