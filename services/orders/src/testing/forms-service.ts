import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signInternalRequest } from '@storefront/service-kit';
import { ownDatabase } from './own-database.js';

/**
 * Test-only (excluded from the build): the REAL forms service, its built dist/main.js as a process of
 * its own, as the orders service's back office calls it: on a free port of 4631–4699, on a database
 * of its own (created here, dropped at stop: two suites may run one each at the same time), with the
 * given form definitions in its CONTENT_DIR and its uploads in a temporary folder. Build first
 * (turbo's test:integration runs after the services' build).
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const FORMS_MAIN = path.join(repoRoot, 'services', 'forms', 'dist', 'main.js');

const PORTS = { first: 4631, last: 4699 };
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface FormsService {
  /** http://127.0.0.1:<port> (what orders' FORMS_SERVICE_URL is set to) */
  url: string;
  port: number;
  databaseUrl: string;
  uploadDir: string;
  /** what it has printed so far (warnings and errors) */
  output(): string;
  /** a GET of its internal API signed as orders with `secret`: what the back office's FormsClient sends */
  signedGet(pathWithQuery: string, secret: string): Promise<Response>;
  /** SIGTERM, then SIGKILL past the bound; idempotent */
  stop(): Promise<void>;
  /** stop, then its database and folders removed */
  close(): Promise<void>;
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port of 4631–4699 nobody listens on now, from a random start (several runs on one machine pick apart). */
async function freeFormsPort(excluded: ReadonlySet<number>): Promise<number> {
  const span = PORTS.last - PORTS.first + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORTS.first + ((start + i) % span);
    if (!excluded.has(port) && (await isFree(port))) return port;
  }
  throw new Error(`no free port in ${PORTS.first}–${PORTS.last} for the forms service`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built forms service with `forms` in its content/forms/ and `siteFiles` (paths under the
 * repository's content/, e.g. settings/notifications.json) copied as they are; `env` adds to (or
 * overrides) what it is given.
 */
export async function startFormsService({
  forms,
  siteFiles = [],
  env = {},
}: {
  forms: readonly { name: string }[];
  siteFiles?: readonly string[];
  env?: Record<string, string>;
}): Promise<FormsService> {
  if (!existsSync(FORMS_MAIN)) throw new Error(`${FORMS_MAIN} is missing: npx turbo run build --filter=@storefront/forms-service`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'orders-forms-service-'));
  const contentDir = path.join(folder, 'content');
  const uploadDir = path.join(folder, 'uploads');
  await mkdir(path.join(contentDir, 'forms'), { recursive: true });
  for (const form of forms) await writeFile(path.join(contentDir, 'forms', `${form.name}.json`), JSON.stringify(form));
  for (const file of siteFiles) {
    await mkdir(path.dirname(path.join(contentDir, file)), { recursive: true });
    await copyFile(path.join(repoRoot, 'content', file), path.join(contentDir, file));
  }
  const database = await ownDatabase('orders_forms_service');
  const databaseUrl = database.url;

  const tried = new Set<number>();
  // a port found free can be taken by another process before the service listens: another one then
  for (let attempt = 1; ; attempt++) {
    const port = await freeFormsPort(tried);
    tried.add(port);
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    const child: ChildProcess = spawn(process.execPath, [FORMS_MAIN], {
      cwd: repoRoot,
      // exactly this: nothing of the test's own environment leaks in
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        FORMS_PORT: String(port),
        CONTENT_DIR: contentDir,
        FORMS_UPLOAD_DIR: uploadDir,
        // the shopper's writes and the signature failures are counted per address: this machine's, here
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE: '100000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

    const stop = async (): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(timer);
    };

    const deadline = Date.now() + READY_TIMEOUT_MS;
    let ready = false;
    while (!ready) {
      if (child.exitCode !== null) break;
      try {
        ready = (await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) })).status === 200;
      } catch {
        // not listening yet
      }
      if (ready) break;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the forms service was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      await sleep(200);
    }
    if (!ready) {
      if (/EADDRINUSE/.test(output) && attempt < 3) continue;
      throw new Error(`the forms service exited during start-up (${child.exitCode}):\n${output}`);
    }

    const close = async (): Promise<void> => {
      await stop();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    };

    return {
      url,
      port,
      databaseUrl,
      uploadDir,
      output: () => output,
      signedGet: (pathWithQuery, secret) =>
        fetch(`${url}${pathWithQuery}`, { headers: signInternalRequest({ caller: 'orders', secret, method: 'GET', url: `${url}${pathWithQuery}` }) }),
      stop,
      close,
    };
  }
}
