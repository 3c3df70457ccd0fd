import type { INestApplication, LogLevel } from '@nestjs/common';
import net from 'node:net';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureServiceApp, type ServiceAppOptions } from './configure-app.js';
import { applyHttpServerBounds, type HttpServerBounds } from './http-server-bounds.js';
import { createServiceLogger } from './logger.js';
import { EnvConfigError, type EnvProblem } from './env-config.js';
import { productionSafety, type ProductionSafetyOptions } from './production-safety.js';

export interface TestAppOptions extends Omit<ServiceAppOptions, 'logger'> {
  name?: string;
  /** Defaults to errors only, so test output stays readable. */
  logLevels?: LogLevel[];
  /** Listen on a random port (for clients other than supertest); `url` is then set. */
  listen?: boolean;
  /** The HTTP server's bounds, as bootstrapService applies them (default: Node's own). */
  httpServerBounds?: HttpServerBounds;
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
  if (options.httpServerBounds) applyHttpServerBounds(app.getHttpServer(), options.httpServerBounds);
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

/**
 * A DataSource on DATABASE_URL (or `url`) confined to `schema` (the schema and the search path), with
 * the given migrations and entities: what a migration's or an adapter's integration test builds its
 * tables from, and what a command-line tool (the orders back office) opens a running service's schema
 * with. Create the schema with `createSchemaDatabase`, or call `initialize()` yourself.
 */
export function schemaDataSource(
  schema: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  { migrations = [], entities = [], url = process.env.DATABASE_URL }: { migrations?: any[]; entities?: any[]; url?: string } = {},
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    schema,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    extra: { options: `-c search_path=${schema},public` },
  });
}

/** `schemaDataSource`, initialised, its schema created and the migrations run. */
export async function createSchemaDatabase(...args: Parameters<typeof schemaDataSource>): Promise<DataSource> {
  const db = schemaDataSource(...args);
  await db.initialize();
  await db.query(`CREATE SCHEMA IF NOT EXISTS "${args[0]}"`);
  await db.runMigrations();
  return db;
}

/**
 * A fresh database next to DATABASE_URL's, for a suite whose job workers must not take another
 * suite's jobs (pg-boss queues are per database); returns its URL. Named `${prefix}_<pid>_<time>`.
 */
export async function createOwnDatabase(prefix: string, base = process.env.DATABASE_URL): Promise<string> {
  if (!base) throw new Error('DATABASE_URL is required (run through scripts/with-test-database.mjs)');
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A loopback port free at the time of asking (the system's pick for port 0), for a test's own server or child process. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * What production requires of every service besides its own settings (productionSafety's common
 * rules), satisfied with test values: a test of one service's production rules spreads it so only
 * its own rules are in play.
 */
export const PRODUCTION_BASELINE_ENV: Readonly<Record<string, string>> = Object.freeze({
  NODE_ENV: 'production',
  TRUST_PROXY: '1',
  PUBLIC_SITE_URL: 'https://shop.example.com',
  METRICS_TOKEN: 'metrics-0123456789abcdefghijklmnopqrstuv',
});

/**
 * What productionSafety refuses in `env` with a service's `options`, one entry a variable ([] when it
 * starts): every service's production-rules test asks this, then asserts the variables and words.
 */
export async function productionProblems(options: ProductionSafetyOptions, env: Record<string, string | undefined>): Promise<readonly EnvProblem[]> {
  try {
    await productionSafety(options, env);
    return [];
  } catch (error) {
    if (error instanceof EnvConfigError) return error.problems;
    throw error;
  }
}
