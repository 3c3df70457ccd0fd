import { MIN_KEEP_ALIVE_TIMEOUT_MS, readHttpServerBounds } from '@storefront/service-kit';
import { UPSTREAM_IDLE_SOCKET_MS } from './api-proxy.js';

describe("the services' keep-alive and the gateway's upstream pools", () => {
  it('no service closes an idle connection before the gateway drops it (no request is ever sent on a closing socket)', () => {
    // the smallest HTTP_KEEP_ALIVE_TIMEOUT_MS a service accepts, and its default, are above the pool's idle time
    expect(UPSTREAM_IDLE_SOCKET_MS).toBeLessThan(MIN_KEEP_ALIVE_TIMEOUT_MS);
    expect(readHttpServerBounds({}).keepAliveTimeoutMs).toBeGreaterThan(UPSTREAM_IDLE_SOCKET_MS);
    expect(() => readHttpServerBounds({ HTTP_KEEP_ALIVE_TIMEOUT_MS: String(UPSTREAM_IDLE_SOCKET_MS) })).toThrow('HTTP_KEEP_ALIVE_TIMEOUT_MS');
  });
});
