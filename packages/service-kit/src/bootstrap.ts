import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, type ServiceAppOptions } from './configure-app.js';
import { EnvConfigError, port, readEnvConfig, text } from './env-config.js';
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
   * INTERNAL_API_TOKEN and DATABASE_URL (see productionSafety), plus the service's own rules.
   */
  production?: ProductionSafetyOptions;
}

/**
 * Starts a service: JSON logs, the production safety check (NODE_ENV=production), shared middleware,
 * shutdown hooks, listening on HOST (default 127.0.0.1):<portEnv>. A configuration it refuses is
 * one error line naming every offending variable (`variables`), and exit code 1.
 */
export async function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  const started = Date.now();
  const logger = createServiceLogger(options.name, options.logLevels);
  try {
    const { listenPort, host } = readEnvConfig({ listenPort: port(options.portEnv, options.defaultPort), host: text('HOST', DEFAULT_HOST) });
    await productionSafety(options.production);
    const app = await NestFactory.create<NestExpressApplication>(options.module, { logger, bodyParser: false });
    const middleware = typeof options.middleware === 'function' ? options.middleware(app) : options.middleware;
    configureServiceApp(app, { ...options, logger, middleware });
    // SIGTERM/SIGINT close the HTTP server and the database pool before the process ends.
    app.enableShutdownHooks();
    await app.listen(listenPort, host);
    logger.log(`${options.name} listening on http://${host.includes(':') ? `[${host}]` : host}:${listenPort}`, {
      host,
      port: listenPort,
      startupMs: Date.now() - started,
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
