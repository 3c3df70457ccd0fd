import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/**
 * Claims some requests before express and Nest see them: returns what answers `req`, or undefined
 * to leave it to the app. The gateway's API proxy is one: express's router, Nest's adapter and the
 * page middleware cost more per request than the proxying itself (measured: ~100 µs of ~200 µs for
 * an answer from the edge cache).
 */
export type FrontHandler = (req: IncomingMessage) => ((res: ServerResponse) => void) | undefined;

/** Middleware in connect's shape, run on claimed requests before the answer (request ids). */
export type FrontMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Puts `front` in front of the request listener already on `server` (the express app Nest created):
 * a claimed request goes through `before`, then the claim's answer; any other goes to the app as
 * before.
 */
export function answerInFront(server: Server, front: FrontHandler, before: FrontMiddleware): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`expected the app as the one request listener, found ${listeners.length}`);
  const app = listeners[0]!;
  server.removeListener('request', app);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const answer = front(req);
    if (!answer) return app(req, res);
    before(req, res, () => answer(res));
  });
}
