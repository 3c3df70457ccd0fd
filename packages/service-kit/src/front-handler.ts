import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { INTERNAL_ERROR_MESSAGE, sendApiError } from './api-errors.js';
import { withoutQuery } from './access-log.js';
import { sendJson, setApiSecurityHeaders } from './json-answer.js';
import { requestIdOf } from './request-context.js';

/**
 * Claims some requests before express and Nest see them: returns what answers `req`, or undefined
 * to leave it to the app. The gateway's API proxy is one: express's router, Nest's adapter and the
 * page middleware cost more per request than the proxying itself (measured: ~100 µs of ~200 µs for
 * an answer from the edge cache).
 */
export type FrontHandler = (req: IncomingMessage) => ((res: ServerResponse) => void) | undefined;

/** One front handler of several: each request is claimed by the first that claims it. */
export function firstClaim(...fronts: readonly FrontHandler[]): FrontHandler {
  return (req: IncomingMessage) => {
    for (const front of fronts) {
      const answer = front(req);
      if (answer) return answer;
    }
    return undefined;
  };
}

/** Middleware in connect's shape, run on claimed requests before the answer (request ids). */
export type FrontMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A front handler's JSON answer: what the controller's would be, with the headers helmet would have added. */
export function sendFrontJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  setApiSecurityHeaders(res);
  sendJson(req, res, status, value);
}

/** A front handler's failure: the exception filter's answer and log line (sendApiError), with helmet's headers. */
export function sendFrontFailure(req: IncomingMessage, res: ServerResponse, error: unknown, logger: LoggerService): void {
  if (!res.headersSent) setApiSecurityHeaders(res);
  sendApiError(error, req, res, logger);
}

/**
 * What a claimed request gets when its handler throws: the JSON 500 Nest's filter would give, logged.
 * The handlers run in the server's 'request' event, outside Nest and express: a throw left there is
 * uncaught and ends the process, so one bad request would take the service down.
 */
function answerUnexpected(req: IncomingMessage, res: ServerResponse, error: unknown, logger: LoggerService | undefined): void {
  const failure = error instanceof Error ? error : new Error(String(error));
  logger?.error(`${req.method} ${withoutQuery(req.url)} failed in a front handler: ${failure.message}`, failure.stack, 'front-handler');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const requestId = requestIdOf(req);
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(JSON.stringify({ success: false, statusCode: 500, message: INTERNAL_ERROR_MESSAGE, ...(requestId ? { requestId } : {}) }));
}

/**
 * Puts `front` in front of the request listener already on `server` (the express app Nest created):
 * a claimed request goes through `before`, then the claim's answer; any other goes to the app as
 * before. A handler that throws (synchronously) answers a JSON 500 instead of ending the process.
 */
export function answerInFront(server: Server, front: FrontHandler, before: FrontMiddleware, logger?: LoggerService): void {
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length !== 1) throw new Error(`expected the app as the one request listener, found ${listeners.length}`);
  const app = listeners[0]!;
  server.removeListener('request', app);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let answer: ReturnType<FrontHandler>;
    try {
      answer = front(req);
    } catch (error) {
      answerUnexpected(req, res, error, logger);
      return;
    }
    if (!answer) return app(req, res);
    before(req, res, () => {
      try {
        answer(res);
      } catch (error) {
        answerUnexpected(req, res, error, logger);
      }
    });
  });
}
