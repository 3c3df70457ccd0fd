import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { integer, readEnvConfig } from './env-config.js';

/**
 * Where a service is in its life, for /health/ready: one per app (HealthModule provides it). Ready
 * until shutdown begins; from then on unready, so probes stop sending it traffic.
 */
export class ServiceLifecycle {
  private shutdownStartedAt: number | undefined;

  get shuttingDown(): boolean {
    return this.shutdownStartedAt !== undefined;
  }

  /** Marks the service as shutting down (readiness answers 503 from now on); once. */
  beginShutdown(): void {
    this.shutdownStartedAt ??= Date.now();
  }
}

/** SHUTDOWN_GRACE_MS: how long in-flight requests get to finish once shutdown begins. */
export const SHUTDOWN_GRACE_READER = integer('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000);

export function readShutdownGraceMs(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ graceMs: SHUTDOWN_GRACE_READER }, env).graceMs;
}

/** How often connections left idle during a drain are closed (those whose last answer just ended). */
const IDLE_SWEEP_MS = 100;

/**
 * Knows the requests a server is answering, so that a drain can tell each of them to close its
 * connection after its answer (`Connection: close`). Install before the server listens, after the
 * app's request listener (front handlers) is in place.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;

  constructor(private readonly server: Server) {
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (this.draining) {
        res.shouldKeepAlive = false;
        return;
      }
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  /** Requests being answered now. */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Stops accepting connections, lets the requests in flight finish (each answer closes its
   * connection; idle kept-alive connections are closed at once) for up to `graceMs`, then cuts what
   * is left. Resolves true when every request finished in time.
   */
  async drain(graceMs: number): Promise<boolean> {
    this.draining = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    // an answer that was already under way keeps its connection alive: close it once it is idle
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    try {
      const drained = await Promise.race([closed.then(() => true as const), timedOut]);
      if (!drained) {
        this.server.closeAllConnections();
        await closed;
      }
      return drained;
    } finally {
      clearInterval(sweep);
      clearTimeout(timer);
    }
  }
}

export interface ShutdownOptions {
  lifecycle: ServiceLifecycle;
  drain: HttpDrain;
  /** how long in-flight requests get (SHUTDOWN_GRACE_MS) */
  graceMs: number;
  logger: LoggerService;
  /** for the log lines */
  service: string;
}

/**
 * The graceful shutdown of a service or the gateway: readiness says 503 at once, the server stops
 * accepting connections, the requests in flight get `graceMs` to finish (then their connections are
 * cut), then Nest's shutdown runs: the job runner stops (running jobs get its stopTimeoutMs), the
 * database pool closes. Resolves once all of that is done.
 */
export async function shutDownService(app: INestApplication, options: ShutdownOptions): Promise<void> {
  const started = Date.now();
  options.lifecycle.beginShutdown();
  const inFlight = options.drain.inFlightCount;
  options.logger.log(`${options.service} shutting down: ${inFlight} request(s) in flight get up to ${options.graceMs} ms`, {
    event: 'shutdown.begin',
    inFlight,
    graceMs: options.graceMs,
  });
  const drained = await options.drain.drain(options.graceMs);
  if (!drained) {
    options.logger.warn(`${options.service}: requests still running after ${options.graceMs} ms (SHUTDOWN_GRACE_MS) were cut`, { event: 'shutdown.cut' });
  }
  // Nest's shutdown: module destroy hooks (the job runner stops), the HTTP adapter (closed already),
  // application shutdown hooks (the database pool closes)
  await app.close();
  options.logger.log(`${options.service} stopped in ${Date.now() - started} ms`, { event: 'shutdown.done', drained });
}

/**
 * How long a shutdown may take in all before the process exits anyway (code 1): the grace, the job
 * runner's wait for running jobs (10 s) and its abort (2 s), and closing the pools.
 */
export function shutdownDeadlineMs(graceMs: number): number {
  return graceMs + 20_000;
}

/**
 * On SIGTERM or SIGINT: `shutDownService`, then exit 0 (1 when the shutdown failed or passed its
 * deadline). A second signal while shutting down changes nothing (npm start's Ctrl-C sends SIGINT twice).
 */
export function exitGracefullyOnSignals(app: INestApplication, options: ShutdownOptions, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  let shutdown: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shutdown) {
      options.logger.log(`${options.service}: ${signal} while shutting down; still shutting down`, { event: 'shutdown.signal-again' });
      return;
    }
    options.logger.log(`${options.service} got ${signal}`, { event: 'shutdown.signal', signal });
    setTimeout(() => {
      options.logger.error(`${options.service}: shutdown did not finish within ${shutdownDeadlineMs(options.graceMs)} ms; exiting`, { event: 'shutdown.deadline' });
      process.exit(1);
    }, shutdownDeadlineMs(options.graceMs)).unref();
    shutdown = shutDownService(app, options).then(
      () => exitSoon(0),
      (error: Error) => {
        options.logger.error(`${options.service}: shutdown failed: ${error.message}`, error.stack);
        exitSoon(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}

/** Exits after the current turn of the event loop, so the last log lines (written per turn) are out. */
function exitSoon(code: number): void {
  setImmediate(() => process.exit(code));
}
