import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { accessLogLine, accessLogWriter, withoutQuery, type AccessLogFields } from './access-log.js';
import { CLIENT_CLOSED_STATUS, routeLabelOf, type HttpMetrics } from './metrics/http-metrics.js';
import { continueTrace, formatTraceparent, runInTrace, TRACEPARENT_HEADER, type TraceContext } from './trace-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

type WithRequestId = IncomingMessage & { requestId?: string };
/** A request after requestContext: it is its own TraceContext (no object of its own per request). */
type TracedRequest = IncomingMessage & TraceContext;

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
 * the service log the same id; else a new UUID) and a trace (the caller's W3C `traceparent` trace-id
 * when it is valid, else a new one; a new span for this hop), echoes the id in the response, and runs
 * the rest of the request in that trace (AsyncLocalStorage, trace-context.ts): the service logger's
 * lines, jobs it queues and calls it makes to other services carry both. When the response is done:
 * one request line (LOG_LEVEL `log` or more) and, with `metrics`, the request counted and timed under
 * its route template. Plain node:http types: it also runs in front of express (front-handler.ts).
 */
export function requestContext(
  logger: LoggerService,
  write: (line: string) => void = (line) => accessLogWriter().push(line),
  metrics?: HttpMetrics,
) {
  const logging = logsRequests(logger);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const traced = continueTrace(req as WithRequestId, req.headers[TRACEPARENT_HEADER]) as TracedRequest;
    traced.requestId = requestId;
    // Downstream code (the gateway's proxy) forwards the headers as the request carries them: the
    // same request id, the same trace-id, this hop's span as the parent.
    req.headers[REQUEST_ID_HEADER] = requestId;
    req.headers[TRACEPARENT_HEADER] = formatTraceparent(traced);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (logging || metrics) whenClosed(traced, res, logging ? write : undefined, metrics);
    runInTrace(traced, next);
  };
}

/** 'close' comes after 'finish' for a completed response, and alone for an aborted one. */
function whenClosed(req: TracedRequest, res: ServerResponse, write: ((line: string) => void) | undefined, metrics: HttpMetrics | undefined): void {
  const started = performance.now();
  // express's originalUrl: the URL as it arrived, before a router or the proxy rewrote req.url
  const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  res.once('close', () => {
    const ms = performance.now() - started;
    const method = req.method ?? '';
    // a client that left before any answer: counted as 499, not as the 200 nobody sent
    if (metrics) metrics.record(method, routeLabelOf(req), res.headersSent ? res.statusCode : CLIENT_CLOSED_STATUS, ms / 1000);
    if (!write) return;
    const fields: AccessLogFields = {
      method,
      path: withoutQuery(path),
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      requestId: req.requestId,
      traceId: req.traceId,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    write(accessLogLine(fields));
  });
}
