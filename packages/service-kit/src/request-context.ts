import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id of a request that went through requestContext (or undefined before it). */
export function requestIdOf(req: Request): string | undefined {
  return (req as Request & { requestId?: string }).requestId;
}

/**
 * Gives every request an id (the caller's `x-request-id` when it looks like one, so the gateway and
 * the service log the same id; else a new UUID), echoes it in the response, and logs one line per
 * request when the response is done.
 */
export function requestContext(logger: LoggerService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as Request & { requestId?: string }).requestId = requestId;
    // Downstream code (the gateway's proxy) forwards the header as the request carries it.
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);

    const started = process.hrtime.bigint();
    let logged = false;
    const logOnce = (): void => {
      if (logged) return;
      logged = true;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.log('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        requestId,
        ...(res.writableFinished ? {} : { aborted: true }),
      }, 'http');
    };
    res.on('finish', logOnce);
    res.on('close', logOnce);
    next();
  };
}
