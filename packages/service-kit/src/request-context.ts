import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { accessLogLine, accessLogWriter, type AccessLogFields } from './access-log.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

type WithRequestId = IncomingMessage & { requestId?: string };

/** The request id of a request that went through requestContext (or undefined before it). */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as WithRequestId).requestId;
}

/** Whether `logger` writes `log`-level lines (the service logger answers; any other logger: yes). */
function logsRequests(logger: LoggerService): boolean {
  const withLevels = logger as LoggerService & { isLevelEnabled?: (level: 'log') => boolean };
  return withLevels.isLevelEnabled ? withLevels.isLevelEnabled('log') : true;
}

/**
 * Gives every request an id (the caller's `x-request-id` when it looks like one, so the gateway and
 * the service log the same id; else a new UUID), echoes it in the response, and logs one line per
 * request when the response is done (LOG_LEVEL `log` or more). Plain node:http types: it also runs
 * in front of express (front-handler.ts).
 */
export function requestContext(logger: LoggerService, write: (line: string) => void = (line) => accessLogWriter().push(line)) {
  const logging = logsRequests(logger);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as WithRequestId).requestId = requestId;
    // Downstream code (the gateway's proxy) forwards the header as the request carries it.
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (logging) logWhenClosed(req, res, requestId, write);
    next();
  };
}

/** 'close' comes after 'finish' for a completed response, and alone for an aborted one. */
function logWhenClosed(req: IncomingMessage, res: ServerResponse, requestId: string, write: (line: string) => void): void {
  const started = performance.now();
  // express's originalUrl: the URL as it arrived, before a router or the proxy rewrote req.url
  const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  res.once('close', () => {
    const query = path.indexOf('?');
    const fields: AccessLogFields = {
      method: req.method ?? '',
      path: query === -1 ? path : path.slice(0, query),
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    write(accessLogLine(fields));
  });
}
