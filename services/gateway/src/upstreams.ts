import { Logger, type LoggerService, type OnApplicationShutdown } from '@nestjs/common';
import { CIRCUIT_OPEN_CODE, type CircuitBreakerSettings, UpstreamBreaker } from '@storefront/service-kit';
import { Pool } from 'undici';
import type { GatewayConfig, ServiceName } from './config.js';

/**
 * How long an idle upstream connection is kept. Below Node's default server keepAliveTimeout (5 s),
 * so the gateway drops an idle connection before the service closes it and never sends a request
 * on a socket that is being closed.
 */
export const UPSTREAM_IDLE_SOCKET_MS = 4000;

/**
 * Errors of a request that never reached the service: no connection (refused, unreachable, no such
 * host, connect timeout), a connection reset or closed before the request was written (the caller
 * checks that), or the replica's breaker refusing the call. Safe to send to another replica, even a
 * POST. A timeout after the request was sent is not one of them: the service may have done the work.
 */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  CIRCUIT_OPEN_CODE,
]);

/** An error's code, or its cause's (fetch wraps undici's errors in a TypeError with the cause). */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof causeCode === 'string' ? causeCode : undefined;
}

/** Whether `error` says the request never reached the service (see CONNECT_FAILURES). */
export function isConnectFailure(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && CONNECT_FAILURES.has(code);
}

/**
 * Whether a failed attempt may be sent to the next replica: it failed to connect before anything of
 * it was written (`requestStarted`: undici had begun writing it), and its body can be sent again (a
 * Buffer read whole, or none; a streamed body is consumed by the first attempt).
 */
export function mayRetryElsewhere(error: unknown, requestStarted: boolean, body: unknown): boolean {
  if (requestStarted || !isConnectFailure(error)) return false;
  return body === null || body === undefined || Buffer.isBuffer(body);
}

/**
 * A breaker failure is the upstream's transport failing or timing out. A caller giving up (an
 * AbortError: a page render abandoned) is not; a service's own answer, a 5xx included, never gets
 * here as an error.
 */
function isUpstreamFailure(error: unknown): boolean {
  return (error as Error | null)?.name !== 'AbortError';
}

/** One URL of a service: its connection pool for the proxy and its circuit breaker. */
export class Replica {
  readonly origin: string;
  readonly host: string;
  readonly pool: Pool;
  readonly breaker: UpstreamBreaker;
  /** when this replica's breaker last opened, as seen by `noteFailure` (0: not seen) */
  private openedAt = 0;

  constructor(
    readonly service: ServiceName,
    /** the configured URL, without a trailing slash (the page renderer's base) */
    readonly url: string,
    /** its place in the service's list */
    readonly index: number,
    options: { timeoutMs: number; settings: CircuitBreakerSettings; logger?: LoggerService },
  ) {
    const parsed = new URL(url);
    this.origin = parsed.origin;
    this.host = parsed.host;
    this.pool = new Pool(this.origin, {
      keepAliveTimeout: UPSTREAM_IDLE_SOCKET_MS,
      keepAliveMaxTimeout: UPSTREAM_IDLE_SOCKET_MS,
      // The service must send its headers within this time, and then no pause in its body longer,
      // or the client gets a JSON 502 (or, once the answer has begun, a cut connection). The
      // breaker has no timeout of its own: one bound, here.
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.breaker = new UpstreamBreaker({
      upstream: `${service}@${this.origin}`,
      isUpstreamFailure,
      settings: options.settings,
      ...(options.logger ? { logger: options.logger } : {}),
    });
  }

  /**
   * After a call through the breaker failed: `before` is the breaker's state when the failure was
   * reported. A breaker that opened on it starts its reset time now (Retry-After counts from this).
   */
  noteFailure(before: string): void {
    if (before !== 'open' && this.breaker.state === 'open') this.openedAt = Date.now();
  }

  /** ms until the breaker lets a trial call through: 0 when it is not refusing. */
  msUntilTrial(resetMs: number, now = Date.now()): number {
    if (!this.breaker.refusing) return 0;
    // opened before this process saw it (or by a stale failure): at most a whole reset time
    if (this.openedAt === 0) return resetMs;
    return Math.min(resetMs, Math.max(0, this.openedAt + resetMs - now));
  }
}

/**
 * Where one request has been in a service's ring of replicas: it started at `start` and has passed
 * `passed` positions (tried or skipped). Each request tries each replica at most once.
 */
export interface ReplicaTurn {
  start: number;
  passed: number;
}

/**
 * A service's replicas, taken in turn (round-robin, no sticky sessions) among those whose breaker
 * lets calls through; a request that could not connect goes on to the next one in the ring.
 */
export class ServiceReplicas {
  private cursor = 0;

  constructor(
    readonly service: ServiceName,
    readonly replicas: readonly Replica[],
    private readonly resetMs: number,
  ) {}

  /** Starts `turn` for a new request: the next replica in turn that is not refusing, or undefined when all are. */
  first(turn: ReplicaTurn): Replica | undefined {
    turn.start = this.cursor;
    turn.passed = 0;
    const replica = this.next(turn);
    // the following request starts after this one's replica, so refusing ones do not tilt the rotation
    if (replica) this.cursor = replica.index + 1 === this.replicas.length ? 0 : replica.index + 1;
    return replica;
  }

  /** The next replica of `turn` whose breaker lets calls through, or undefined when every one was passed. */
  next(turn: ReplicaTurn): Replica | undefined {
    const count = this.replicas.length;
    while (turn.passed < count) {
      const replica = this.replicas[(turn.start + turn.passed++) % count]!;
      if (!replica.breaker.refusing) return replica;
    }
    return undefined;
  }

  /** Seconds a client should wait before trying again when no replica could be reached: until the soonest breaker trial, at least 1. */
  retryAfterSeconds(now = Date.now()): number {
    let soonest = Infinity;
    for (const replica of this.replicas) soonest = Math.min(soonest, replica.msUntilTrial(this.resetMs, now));
    return Math.max(1, Math.ceil(soonest / 1000));
  }
}

/**
 * Every service's replicas, with one Pool and one breaker per URL, shared by the API proxy, the page
 * renderer and /health/upstreams (one breaker per URL in the process). Closed with the app.
 */
export class GatewayUpstreams implements OnApplicationShutdown {
  readonly services: Record<ServiceName, ServiceReplicas>;
  private closing: Promise<void> | undefined;

  constructor(config: Pick<GatewayConfig, 'upstreams' | 'proxyTimeoutMs' | 'circuit'>, logger: LoggerService = new Logger('upstreams')) {
    const settings = config.circuit;
    const entries = (Object.entries(config.upstreams) as [ServiceName, string[]][]).map(([service, urls]) => {
      const replicas = urls.map((url, index) => new Replica(service, url, index, { timeoutMs: config.proxyTimeoutMs, settings, logger }));
      return [service, new ServiceReplicas(service, replicas, settings.resetTimeoutMs)] as const;
    });
    this.services = Object.fromEntries(entries) as Record<ServiceName, ServiceReplicas>;
  }

  *replicas(): Iterable<Replica> {
    for (const service of Object.values(this.services)) yield* service.replicas;
  }

  /** Stops the breakers' timers and closes the pools (after the server drained its requests). */
  close(): Promise<void> {
    this.closing ??= Promise.all(
      [...this.replicas()].map((replica) => {
        replica.breaker.shutdown();
        return replica.pool.close();
      }),
    ).then(() => undefined);
    return this.closing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}

const made = new WeakMap<GatewayConfig, GatewayUpstreams>();

/** The one GatewayUpstreams of `config` (the proxy, the renderer and the module ask for it separately). */
export function gatewayUpstreams(config: GatewayConfig): GatewayUpstreams {
  let upstreams = made.get(config);
  if (!upstreams) {
    upstreams = new GatewayUpstreams(config);
    made.set(config, upstreams);
  }
  return upstreams;
}
