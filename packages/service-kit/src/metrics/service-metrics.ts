import { Global, type INestApplication, type LoggerService, Module, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { Registry } from 'prom-client';
import { flag, readEnvConfig } from '../env-config.js';
import { JobRunner } from '../jobs/job-runner.js';
import { HttpMetrics } from './http-metrics.js';
import { registerJobMetrics } from './job-metrics.js';
import { metricsEndpoint } from './metrics-endpoint.js';
import { processMetricsRegistry } from './process-metrics.js';

/**
 * The app's own metrics registry (every series labelled `service`). A feature that adds gauges of its
 * own (the payments reconciliation lag) injects it from MetricsModule and registers them with
 * `registers: [metrics.registry]`, gathered on scrape through a `collect` callback, never per request.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
}

/** Provides ServiceMetrics to every module of the app (import it once, in the root module). */
@Global()
@Module({ providers: [ServiceMetrics], exports: [ServiceMetrics] })
export class MetricsModule {}

/** METRICS_ENABLED (default true): false serves no /metrics and records nothing per request. */
export function metricsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return readEnvConfig({ enabled: flag('METRICS_ENABLED', true) }, env).enabled;
}

/** What configureServiceApp wires in: the per-request recorder and the /metrics middleware. */
export interface InstalledMetrics {
  http: HttpMetrics;
  endpoint: ReturnType<typeof metricsEndpoint>;
}

/** The app's provider of `token`, if it has one (asked through ModuleRef: the app's own `get` logs a miss as an error). */
function provided<T>(app: INestApplication, token: Type<T>): T | undefined {
  try {
    return app.get(ModuleRef).get(token, { strict: false });
  } catch {
    return undefined;
  }
}

/**
 * The app's metrics, when it has a name and METRICS_ENABLED is not false: HTTP metrics (recorded by
 * the request context), the process's default metrics, and, where the app has a JobRunner, its
 * queues; served at GET /metrics (metrics-endpoint.ts).
 */
export function installServiceMetrics(
  app: INestApplication,
  options: { name?: string; logger: LoggerService },
  env: Record<string, string | undefined> = process.env,
): InstalledMetrics | undefined {
  if (!options.name || !metricsEnabled(env)) return undefined;
  const metrics = provided(app, ServiceMetrics) ?? new ServiceMetrics();
  metrics.registry.setDefaultLabels({ service: options.name });
  const http = new HttpMetrics(metrics.registry);
  const jobs = provided(app, JobRunner);
  if (jobs) registerJobMetrics(metrics.registry, jobs);
  return { http, endpoint: metricsEndpoint([processMetricsRegistry(), metrics.registry], options.logger) };
}
