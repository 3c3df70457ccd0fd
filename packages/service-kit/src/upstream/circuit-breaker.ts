import type { LoggerService } from '@nestjs/common';
import type { CircuitState } from '@storefront/contracts';
import CircuitBreaker from 'opossum';
import { integer, readEnvConfig } from '../env-config.js';

/**
 * Circuit breakers on upstream calls (bounded waits): gateway → services, services →
 * services, payments → providers. One breaker per upstream (per URL where a service has several),
 * built on opossum. While an upstream keeps failing its breaker opens and calls fail at once with
 * UpstreamCircuitOpenError (the caller answers 503 or takes another replica) instead of each waiting
 * out its timeout and piling up sockets; after `resetTimeoutMs` one trial call goes through
 * (half-open) and a success closes it again.
 */

/** The breakers' shared settings, from the environment (README, Configuration). */
export interface CircuitBreakerSettings {
  /** failures out of the calls in the window, in percent, that open a breaker (CIRCUIT_ERROR_PERCENT) */
  errorThresholdPercentage: number;
  /** calls in the window before the percentage counts at all (CIRCUIT_MIN_CALLS): one failure of two is no outage */
  volumeThreshold: number;
  /** how long the window of counted calls is (CIRCUIT_WINDOW_MS) */
  rollingCountTimeoutMs: number;
  /** how long an open breaker refuses before letting one trial call through (CIRCUIT_RESET_MS) */
  resetTimeoutMs: number;
}

export const CIRCUIT_BREAKER_READERS = {
  errorThresholdPercentage: integer('CIRCUIT_ERROR_PERCENT', 50, 1, 100),
  volumeThreshold: integer('CIRCUIT_MIN_CALLS', 10, 1, 100000),
  rollingCountTimeoutMs: integer('CIRCUIT_WINDOW_MS', 10000, 1000, 600000),
  resetTimeoutMs: integer('CIRCUIT_RESET_MS', 5000, 100, 600000),
};

export function readCircuitBreakerSettings(env: Record<string, string | undefined> = process.env): CircuitBreakerSettings {
  return readEnvConfig(CIRCUIT_BREAKER_READERS, env) as CircuitBreakerSettings;
}

export const CIRCUIT_OPEN_CODE = 'ECIRCUITOPEN';

/** A call refused without being made: the upstream's breaker is open. Nothing reached the upstream. */
export class UpstreamCircuitOpenError extends Error {
  override readonly name = 'UpstreamCircuitOpenError';
  readonly code = CIRCUIT_OPEN_CODE;
  constructor(readonly upstream: string) {
    super(`${upstream} is failing: its circuit breaker is open`);
  }
}

/** as /health/upstreams reports it (the contract's CircuitState) */
export type BreakerState = CircuitState;

export interface UpstreamBreakerOptions {
  /** the upstream in logs and metrics: 'orders', 'stripe', 'orders@http://10.0.0.7:4103' */
  upstream: string;
  /**
   * A bound on each call, enforced by the breaker (a slower call fails and counts). Leave it unset
   * when the call bounds itself (undici's headersTimeout, an SDK's timeout): one bound, one place.
   */
  timeoutMs?: number;
  /**
   * Whether an error is the upstream failing (counts toward opening) rather than the call being
   * refused for the caller's own reasons (a 4xx, a declined card). Default: every error counts.
   */
  isUpstreamFailure?: (error: unknown) => boolean;
  settings?: CircuitBreakerSettings;
  logger?: LoggerService;
}

/** Every breaker made in this process, for /metrics (`upstream_circuit_open`). */
const breakers = new Set<UpstreamBreaker>();

export function upstreamBreakers(): ReadonlySet<UpstreamBreaker> {
  return breakers;
}

type Call = () => Promise<unknown>;

export class UpstreamBreaker {
  readonly upstream: string;
  private readonly breaker: CircuitBreaker<[Call], unknown>;

  constructor(options: UpstreamBreakerOptions) {
    const settings = options.settings ?? readCircuitBreakerSettings();
    this.upstream = options.upstream;
    const isFailure = options.isUpstreamFailure;
    this.breaker = new CircuitBreaker<[Call], unknown>((call: Call) => call(), {
      name: options.upstream,
      timeout: options.timeoutMs ?? false,
      errorThresholdPercentage: settings.errorThresholdPercentage,
      volumeThreshold: settings.volumeThreshold,
      rollingCountTimeout: settings.rollingCountTimeoutMs,
      resetTimeout: settings.resetTimeoutMs,
      // opossum would keep every call's latency in the window to compute percentiles nobody reads
      // (the services' own histograms time requests): at the gateway's rate that is an array of
      // ~100k numbers sorted on every bucket turn
      rollingPercentilesEnabled: false,
      // opossum's errorFilter: true means "not a failure" (the call still rejects with it)
      ...(isFailure ? { errorFilter: (error: unknown) => !isFailure(error) } : {}),
    });
    const logger = options.logger;
    this.breaker.on('open', () => logger?.warn(`circuit open: ${this.upstream} keeps failing; calls fail fast for ${settings.resetTimeoutMs} ms`, { upstream: this.upstream }));
    this.breaker.on('halfOpen', () => logger?.log?.(`circuit half-open: one trial call to ${this.upstream}`, { upstream: this.upstream }));
    this.breaker.on('close', () => logger?.log?.(`circuit closed: ${this.upstream} answers again`, { upstream: this.upstream }));
    breakers.add(this);
  }

  get state(): BreakerState {
    if (this.breaker.halfOpen) return 'half-open';
    return this.breaker.opened ? 'open' : 'closed';
  }

  /** Whether a call made now would be refused (open, and not yet due a trial). */
  get refusing(): boolean {
    return this.breaker.opened && !this.breaker.halfOpen;
  }

  /**
   * Runs `call` through the breaker: its result, its own error, or UpstreamCircuitOpenError without
   * calling it when the breaker is open (a timeout set in the options rejects with opossum's ETIMEDOUT).
   */
  async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      return (await this.breaker.fire(call)) as T;
    } catch (error) {
      if ((error as { code?: string } | null)?.code === 'EOPENBREAKER') throw new UpstreamCircuitOpenError(this.upstream);
      throw error;
    }
  }

  /** Stops the breaker's window timer (a closing app). */
  shutdown(): void {
    this.breaker.shutdown();
    breakers.delete(this);
  }
}
