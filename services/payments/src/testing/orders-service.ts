import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@storefront/service-kit';

/**
 * TEST ONLY (excluded from the build): the real orders service as its own process, over real HTTP,
 * for the payments integration tests. It runs the built `services/orders/dist/main.js` (the root
 * `npm run test:integration` builds every service first) against the test's DATABASE_URL, in the
 * orders service's own schema ("orders"; its main has no way to choose another). The port is picked
 * once, so `stop()` then `start()` brings the same service back at the same URL (an outage).
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
export const ORDERS_MAIN = path.join(repoRoot, 'services', 'orders', 'dist', 'main.js');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** what the process printed last: shown when it fails to start or dies */
const OUTPUT_LINES_KEPT = 40;

export interface OrdersServiceOptions {
  /** PAYMENTS_INTERNAL_SECRET of the orders process (the payments service must sign with it) */
  paymentsSecret?: string;
  /** more environment for the orders process */
  env?: Record<string, string>;
}


export class OrdersServiceProcess {
  private child: ChildProcess | undefined;
  private port: number | undefined;
  private readonly output: string[] = [];
  private readonly killOnExit = (): void => {
    this.child?.kill('SIGKILL');
  };

  constructor(private readonly options: OrdersServiceOptions = {}) {}

  /** http://127.0.0.1:<port>, the same across restarts (set by the first start). */
  get url(): string {
    if (this.port === undefined) throw new Error('The orders service has not been started.');
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process and resolves once its /health answers ok (database up, migrations run). */
  async start(): Promise<string> {
    if (this.child) throw new Error('The orders service is already running.');
    if (!existsSync(ORDERS_MAIN)) {
      throw new Error(`${ORDERS_MAIN} is missing: build the orders service first (cd services/orders && npx tsc -p tsconfig.build.json).`);
    }
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL is not set (run through scripts/with-test-database.mjs).');
    this.port ??= await freePort();
    this.output.length = 0;
    const child = spawn(process.execPath, [ORDERS_MAIN], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ORDERS_PORT: String(this.port),
        PAYMENTS_INTERNAL_SECRET: this.options.paymentsSecret ?? '',
        EMAIL_WORKER_ENABLED: 'false',
        LOG_LEVEL: 'warn',
        // orders are created by the test faster than a shopper's per-minute limit allows
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    process.once('exit', this.killOnExit);
    const keep = (chunk: Buffer): void => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.output.push(line);
      this.output.splice(0, Math.max(0, this.output.length - OUTPUT_LINES_KEPT));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    // 'close': after the exit and its last output, so the error below shows why it ended
    const exited = new Promise<never>((_, reject) =>
      child.once('close', (code, signal) => reject(new Error(`the orders service exited (${signal ?? `code ${code}`}) before it was healthy`))),
    );
    exited.catch(() => undefined);
    try {
      await Promise.race([this.waitUntilHealthy(child), exited]);
    } catch (error) {
      await this.stop();
      throw new Error(`${(error as Error).message}\n--- orders service output ---\n${this.output.join('\n')}`, { cause: error });
    }
    return this.url;
  }

  /** SIGTERM (it closes its server and pool), SIGKILL if it does not end in time. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    process.removeListener('exit', this.killOnExit);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await ended;
    clearTimeout(timer);
  }

  /** The last lines the process printed (warnings and errors: it runs with LOG_LEVEL=warn). */
  recentOutput(): string {
    return this.output.join('\n');
  }

  /** Polls /health until it answers ok; gives up when the process has ended. */
  private async waitUntilHealthy(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    let last = 'no answer';
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error('the orders service exited before it was healthy');
      try {
        const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2000) });
        const body = (await res.json().catch(() => null)) as { status?: string; service?: string } | null;
        if (res.ok && body?.status === 'ok' && body.service === 'orders') return;
        last = `${res.status} ${JSON.stringify(body)}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the orders service was not healthy within ${START_TIMEOUT_MS} ms (last: ${last})`);
  }
}
