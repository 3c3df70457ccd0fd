import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, type ServiceAppOptions } from './configure-app.js';
import { createServiceLogger } from './logger.js';

export interface TestAppOptions extends Omit<ServiceAppOptions, 'logger'> {
  name?: string;
  /** Defaults to errors only, so test output stays readable. */
  logLevels?: LogLevel[];
  /** Listen on a random port (for clients other than supertest); `url` is then set. */
  listen?: boolean;
}

export interface TestApp {
  app: INestApplication;
  /** The HTTP server, for supertest: request(testApp.server). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  server: any;
  /** http://127.0.0.1:<port> when `listen` was set. */
  url?: string;
  close(): Promise<void>;
}

/** Builds a service app with exactly the production middleware and filters, for integration tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createTestApp(module: any, options: TestAppOptions = {}): Promise<TestApp> {
  const logger = createServiceLogger(options.name ?? 'test', options.logLevels ?? ['error']);
  const app = await NestFactory.create<NestExpressApplication>(module, { logger, bodyParser: false, abortOnError: false });
  configureServiceApp(app, { ...options, logger });
  let url: string | undefined;
  if (options.listen) {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    url = `http://127.0.0.1:${address.port}`;
  } else {
    await app.init();
  }
  return { app, server: app.getHttpServer(), url, close: () => app.close() };
}
