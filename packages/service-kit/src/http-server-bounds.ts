import type { Server } from 'node:http';
import { EnvConfigError, integer, readEnvConfig, type EnvReader } from './env-config.js';

/**
 * What one HTTP server of a service (and of the gateway) waits for at most: a client's headers, a
 * client's whole request, an idle kept-alive connection, and how many connections it holds at once.
 * 0 switches a timeout or the cap off (development only: production refuses it, see productionSafety).
 */
export interface HttpServerBounds {
  /** HTTP_HEADERS_TIMEOUT_MS: a request's headers must arrive within this (then 408 and closed) */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: the whole request, body included (uploads), within this (then 408 and closed) */
  requestTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: an idle kept-alive connection is closed after this */
  keepAliveTimeoutMs: number;
  /** HTTP_MAX_CONNECTIONS: connections past this many are closed as they arrive */
  maxConnections: number;
}

/**
 * The shortest HTTP_KEEP_ALIVE_TIMEOUT_MS: above the 4 s for which the gateway keeps an idle
 * connection to a service (`UPSTREAM_IDLE_SOCKET_MS` in services/gateway/src/api-proxy.ts, held to
 * this by a gateway test), so the gateway always drops an idle connection before the service does
 * and never sends a request on a socket the service is closing.
 */
export const MIN_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The readers of HttpServerBounds, by field (production-safety checks the same variables). */
export const HTTP_SERVER_BOUND_READERS = {
  headersTimeoutMs: integer('HTTP_HEADERS_TIMEOUT_MS', 20_000, 0, 600_000),
  requestTimeoutMs: integer('HTTP_REQUEST_TIMEOUT_MS', 120_000, 0, 3_600_000),
  keepAliveTimeoutMs: integer('HTTP_KEEP_ALIVE_TIMEOUT_MS', MIN_KEEP_ALIVE_TIMEOUT_MS, MIN_KEEP_ALIVE_TIMEOUT_MS, 600_000),
  maxConnections: integer('HTTP_MAX_CONNECTIONS', 1_000, 0, 1_000_000),
} satisfies Record<keyof HttpServerBounds, EnvReader<number>>;

/** The server bounds from the environment; an EnvConfigError names every bad variable. */
export function readHttpServerBounds(env: Record<string, string | undefined> = process.env): HttpServerBounds {
  const bounds = readEnvConfig(HTTP_SERVER_BOUND_READERS, env);
  if (bounds.headersTimeoutMs > 0 && bounds.requestTimeoutMs > 0 && bounds.headersTimeoutMs > bounds.requestTimeoutMs) {
    const problem = `HTTP_HEADERS_TIMEOUT_MS (${bounds.headersTimeoutMs}) must not be above HTTP_REQUEST_TIMEOUT_MS (${bounds.requestTimeoutMs}): the headers are part of the request`;
    throw new EnvConfigError(`Invalid configuration: ${problem}`, [{ variable: 'HTTP_HEADERS_TIMEOUT_MS', problem }]);
  }
  return bounds;
}

/**
 * How often Node looks for requests past their headers or request timeout: Node's default (30 s)
 * would let a slow client stay up to 30 s past its bound; a tenth of the shorter bound, 50 ms to 1 s.
 */
export function connectionsCheckingIntervalMs(bounds: Pick<HttpServerBounds, 'headersTimeoutMs' | 'requestTimeoutMs'>): number {
  const timeouts = [bounds.headersTimeoutMs, bounds.requestTimeoutMs].filter((value) => value > 0);
  if (timeouts.length === 0) return 30_000;
  return Math.min(1_000, Math.max(50, Math.floor(Math.min(...timeouts) / 10)));
}

/**
 * Puts the bounds on a server that is not listening yet (Node reads its connections-checking interval
 * when it starts listening). A client whose headers or request are late gets Node's 408 and a closed
 * connection; a connection past the cap is closed at once.
 */
export function applyHttpServerBounds(server: Server, bounds: HttpServerBounds): void {
  if (server.listening) throw new Error('applyHttpServerBounds: the server is listening already (apply the bounds before listen)');
  server.headersTimeout = bounds.headersTimeoutMs;
  server.requestTimeout = bounds.requestTimeoutMs;
  server.keepAliveTimeout = bounds.keepAliveTimeoutMs;
  if (bounds.maxConnections > 0) server.maxConnections = bounds.maxConnections;
  // a public field of http.Server (createServer's `connectionsCheckingInterval` option), read on 'listening'
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = connectionsCheckingIntervalMs(bounds);
}
