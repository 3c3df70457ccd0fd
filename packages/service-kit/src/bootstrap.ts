import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, type ServiceAppOptions } from './configure-app.js';
import { EnvConfigError, port, readEnvConfig, text } from './env-config.js';
import { HTTP_SERVER_BOUND_READERS, applyHttpServerBounds, readHttpServerBounds } from './http-server-bounds.js';
import { HttpDrain, SHUTDOWN_GRACE_READER, ServiceLifecycle, exitGracefullyOnSignals } from './lifecycle.js';
import { createServiceLogger } from './logger.js';
import { productionSafety, type ProductionSafetyOptions } from './production-safety.js';

/** Where services listen unless HOST says otherwise: this machine only. Containers set HOST=0.0.0.0. */
export const DEFAULT_HOST = '127.0.0.1';

export interface BootstrapOptions extends Omit<ServiceAppOptions, 'logger' | 'middleware'> {
  /** The service name in logs and /health, e.g. "content". */
  name: string;
  /** The root Nest module. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  module: any;
  /** The env variable holding the port, e.g. CONTENT_PORT. */
  portEnv: string;
  defaultPort: number;
  /** Middleware built once the app exists (it may need the logger). */
  middleware?: ServiceAppOptions['middleware'] | ((app: INestApplication) => ServiceAppOptions['middleware']);
  logLevels?: LogLevel[];
  /**
   * What NODE_ENV=production requires of this service, checked before anything connects: by default
   * DATABASE_URL, the internal secrets it names and every service's rules (see productionSafety), plus its own.
   */
  production?: ProductionSafetyOptions;
}

/**
 * Starts a service: JSON logs, the production safety check (NODE_ENV=production), shared middleware,
 * the HTTP server's bounds (HTTP_*), the graceful shutdown on SIGTERM/SIGINT (SHUTDOWN_GRACE_MS),
 * listening on HOST (default 127.0.0.1):<portEnv>. A configuration it refuses is one error line
 * naming every offending variable (`variables`), and exit code 1.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  const started = Date.now();
  const logger = createServiceLogger(options.name, options.logLevels);
  try {
    const { listenPort, host, graceMs } = readEnvConfig({
      listenPort: port(options.portEnv, options.defaultPort),
      host: text('HOST', DEFAULT_HOST),
      graceMs: SHUTDOWN_GRACE_READER,
      // read here too, so one start-up line names every bad variable
      ...HTTP_SERVER_BOUND_READERS,
    });
    const bounds = readHttpServerBounds();
    await productionSafety(options.production);
    const app = await NestFactory.create<NestExpressApplication>(options.module, { logger, bodyParser: false });
    const middleware = typeof options.middleware === 'function' ? options.middleware(app) : options.middleware;
    configureServiceApp(app, { ...options, logger, middleware });
    const server = app.getHttpServer();
    applyHttpServerBounds(server, bounds);
    // SIGTERM/SIGINT: readiness 503, no new connections, in-flight requests finish (SHUTDOWN_GRACE_MS),
    // the job runner stops, the database closes, exit 0 (instead of Nest's enableShutdownHooks, which
    // closes the database before the HTTP server and ends the process by its signal)
    const drain = new HttpDrain(server);
    exitGracefullyOnSignals(app, { lifecycle: lifecycleOf(app), drain, graceMs, logger, service: options.name });
    await app.listen(listenPort, host);
    logger.log(`${options.name} listening on http://${host.includes(':') ? `[${host}]` : host}:${listenPort}`, {
      host,
      port: listenPort,
      startupMs: Date.now() - started,
      ...bounds,
      shutdownGraceMs: graceMs,
    });
    return app;
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    if (err instanceof EnvConfigError) {
      // the operator's to fix, not a bug: one line, every variable named, no stack
      const variables = [...new Set(err.problems.flatMap((entry) => (entry.variable ? [entry.variable] : [])))];
      logger.error(`${options.name} refuses to start: ${err.message}`, { variables });
    } else {
      logger.error(`${options.name} failed to start: ${err.message}`, err.stack);
    }
    process.exitCode = 1;
    throw err;
  }
}

/** The app's ServiceLifecycle (HealthModule's, which /health/ready reads), or one of its own. */
function lifecycleOf(app: INestApplication): ServiceLifecycle {
  try {
    return app.get(ServiceLifecycle, { strict: false });
  } catch {
    return new ServiceLifecycle();
  }
}
