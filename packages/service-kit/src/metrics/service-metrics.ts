import { Global, type INestApplication, type LoggerService, Module, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { Gauge, Registry } from 'prom-client';
import { flag, readEnvConfig } from '../env-config.js';
import { JobRunner } from '../jobs/job-runner.js';
import { HttpMetrics } from './http-metrics.js';
import { registerJobMetrics } from './job-metrics.js';
import { metricsEndpoint } from './metrics-endpoint.js';
import { scrapeFailureCount } from './metrics-token.js';
import { METRIC_PREFIX, processMetricsRegistry } from './process-metrics.js';
import { upstreamBreakers } from '../upstream/circuit-breaker.js';

/** A gauge whose value is read when it is scraped, and left out of a scrape whose read failed. */
class ScrapedGauge extends Gauge {
  constructor(
    name: string,
    help: string,
    private readonly read: () => number | null | Promise<number | null>,
  ) {
    super({ name, help, registers: [] });
  }

  override async get(): ReturnType<Gauge['get']> {
    const value = await Promise.resolve()
      .then(this.read)
      .catch(() => null);
    const known = typeof value === 'number' && Number.isFinite(value);
    if (known) this.set(value);
    const metric = await super.get();
    return known ? metric : { ...metric, values: [] };
  }
}

/**
 * The app's own metrics registry (every series labelled `service`). A feature that adds gauges of its
 * own (the payments reconciliation lag) injects it from MetricsModule and registers them with
 * `registers: [metrics.registry]`, gathered on scrape through a `collect` callback, never per request.
 */
export class ServiceMetrics {
  readonly registry = new Registry();

  /**
   * A gauge read on scrape: `read` gives its value, or null (or a rejection) to leave it out of this
   * scrape rather than report a stale one. Keep `read` short and bounded (withinMs): a scrape waits for it.
   */
  gauge(name: string, help: string, read: () => number | null | Promise<number | null>): void {
    if (!name.startsWith(METRIC_PREFIX)) throw new Error(`Metric ${name} must start with ${METRIC_PREFIX} (one prefix for every storefront series)`);
    this.registry.registerMetric(new ScrapedGauge(name, help, read));
  }
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
function provided<T>(app: INestApplication, token: Type<T> | symbol): T | undefined {
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
  registerBreakerMetrics(metrics.registry);
  // failed scrape tokens counted where the service's rate limits are (PostgreSQL: one count for every replica)
  const storage = provided<ThrottlerStorage>(app, getStorageToken());
  return { http, endpoint: metricsEndpoint([processMetricsRegistry(), metrics.registry], options.logger, scrapeFailureCount(storage)) };
}

/** `storefront_upstream_circuit_state{upstream}`: 0 closed, 1 half-open, 2 open, for each upstream breaker of the process (read on scrape). */
function registerBreakerMetrics(registry: Registry): void {
  const codes = { closed: 0, 'half-open': 1, open: 2 } as const;
  new Gauge({
    name: 'storefront_upstream_circuit_state',
    help: 'Circuit breaker of each upstream this process calls: 0 closed, 1 half-open (one trial call), 2 open (calls fail fast)',
    labelNames: ['upstream'],
    registers: [registry],
    collect() {
      this.reset();
      for (const breaker of upstreamBreakers()) this.set({ upstream: breaker.upstream }, codes[breaker.state]);
    },
  });
}
