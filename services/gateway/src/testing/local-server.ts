import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  /** closes the server and every connection it holds (kept-alive ones included) */
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port, for the gateway's tests (an upstream replica, the proxy itself). */
export async function startLocalServer(listener: http.RequestListener): Promise<LocalServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
