import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  type LoggerService,
} from '@nestjs/common';
import type { ApiErrorBody } from '@storefront/contracts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { withoutQuery } from './access-log.js';
import { sendJson } from './json-answer.js';
import { requestIdOf } from './request-context.js';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** The 503 of a request the database's bounds cut short (a lock held elsewhere, a statement too slow). */
export const DATABASE_BUSY_MESSAGE = 'The service is busy right now (the database did not answer in time). Please try again in a moment.';

/** Seconds a client is asked to wait before sending again a request cut by a database bound. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * PostgreSQL's codes for a wait that ran past its bound: 55P03 lock_not_available (lock_timeout) and
 * 57014 query_canceled (statement_timeout, or a cancel). The request did nothing (its transaction is
 * rolled back), so sending it again is safe.
 */
const DATABASE_TIMEOUT_CODES: ReadonlySet<string> = new Set(['55P03', '57014']);

/** The 503 of a request made while the database cannot be reached (restarting, failing over). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable (its database could not be reached). Please try again in a moment.';

/**
 * PostgreSQL going away under a request: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now ("the database system is shutting down / starting up"), class 08 connection
 * exceptions; and the driver's own words for a connection it could not make or lost. Writes are
 * idempotent by key, so a client sends the request again (as with a timeout): a 503, not a 500
 * (the reliability harness restarts PostgreSQL under writes and counts every 500).
 */
const DATABASE_UNAVAILABLE_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET']);
const DATABASE_GONE_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

const RELEASED_QUERY_RUNNER_ERRORS = new Set(['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError']);

export function databaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { code?: unknown; message?: unknown; driverError?: { code?: unknown; message?: unknown } };
  const code = candidate.driverError?.code ?? candidate.code;
  if (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code)) return true;
  // TypeORM's two names for a query on a query runner (a transaction) whose connection the pool
  // dropped when PostgreSQL went away
  if (RELEASED_QUERY_RUNNER_ERRORS.has((error as Error).name)) return true;
  const message = candidate.driverError?.message ?? candidate.message;
  return typeof message === 'string' && DATABASE_GONE_MESSAGES.test(message);
}

/**
 * The PostgreSQL timeout code of an error, or undefined: TypeORM's QueryFailedError carries it as
 * `code` (copied from the driver's error) and in `driverError`; node-postgres's own error as `code`.
 */
export function databaseTimeoutCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate.driverError?.code ?? candidate.code;
  return typeof code === 'string' && DATABASE_TIMEOUT_CODES.has(code) ? code : undefined;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text with a NUL character (\\u0000) cannot be stored';

/**
 * PostgreSQL refuses a NUL character in text (22021, and 22P05 for \u0000 in jsonb): valid JSON, so
 * no schema refuses it first. The request's text, not our failure (found by the reliability fuzz).
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function unstorableTextCode(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } };
  const code = candidate.driverError?.code ?? candidate.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code);
}

/** What the body parsers throw (http-errors): a status plus a `type` such as entity.too.large. */
interface BodyParserError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
  limit?: number;
  expose?: boolean;
  /** zlib's, when the body is not what its Content-Encoding says (body-parser passes it on with a 400 and no type) */
  errno?: number;
  code?: string;
}

export const BODY_ENCODING_MISMATCH_MESSAGE = 'Request body is not encoded as its Content-Encoding says';

/** The ApiErrorBody for a body-parser failure, or undefined when `error` is not one. */
export function bodyParserErrorBody(error: unknown): Omit<ApiErrorBody, 'requestId'> | undefined {
  const candidate = error as BodyParserError | undefined;
  if (!candidate || typeof candidate !== 'object') return undefined;
  if (typeof candidate.type !== 'string') {
    // gzip/deflate/br that does not decode: the client's body, not our failure (found by the fuzz)
    const fromZlib = typeof candidate.errno === 'number' && typeof candidate.code === 'string';
    return fromZlib && candidate.status === HttpStatus.BAD_REQUEST
      ? { success: false, statusCode: HttpStatus.BAD_REQUEST, message: BODY_ENCODING_MISMATCH_MESSAGE }
      : undefined;
  }
  switch (candidate.type) {
    case 'entity.too.large':
      return {
        success: false,
        statusCode: HttpStatus.PAYLOAD_TOO_LARGE,
        message: `Request body is too large (limit ${formatBytes(candidate.limit)})`,
      };
    case 'entity.parse.failed':
      return { success: false, statusCode: HttpStatus.BAD_REQUEST, message: 'Request body is not valid JSON' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { success: false, statusCode: HttpStatus.UNSUPPORTED_MEDIA_TYPE, message: 'Unsupported request encoding' };
    case 'request.aborted':
      return { success: false, statusCode: HttpStatus.BAD_REQUEST, message: 'Request was aborted' };
    default: {
      const status = candidate.status ?? candidate.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return { success: false, statusCode: status, message: 'Invalid request body' };
      }
      return undefined;
    }
  }
}

function formatBytes(limit: number | undefined): string {
  if (!limit) return 'unknown';
  if (limit >= 1024 * 1024) return `${Math.round((limit / (1024 * 1024)) * 10) / 10}MB`;
  if (limit >= 1024) return `${Math.round((limit / 1024) * 10) / 10}KB`;
  return `${limit} bytes`;
}

/** An HttpException's status and message(s) as the API error body; extra fields (errors, errorType) kept. */
function httpExceptionBody(exception: HttpException): Omit<ApiErrorBody, 'requestId'> {
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { success: false, statusCode, message: response };
  const body = response as { message?: unknown; errors?: unknown; errorType?: unknown };
  const message = Array.isArray(body.message)
    ? body.message.join('; ')
    : typeof body.message === 'string'
      ? body.message
      : exception.message;
  return {
    success: false,
    statusCode,
    message,
    ...(body.errors && typeof body.errors === 'object' ? { errors: body.errors as Record<string, string> } : {}),
    ...(typeof body.errorType === 'string' ? { errorType: body.errorType } : {}),
  };
}

/**
 * Every error leaves a service as an ApiErrorBody. Unknown errors become a 500 with a fixed message
 * (details stay in the log, with the stack, never in the response).
 */
export function toApiErrorBody(exception: unknown): Omit<ApiErrorBody, 'requestId'> {
  if (exception instanceof HttpException) return httpExceptionBody(exception);
  if (databaseTimeoutCode(exception)) {
    return { success: false, statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_BUSY_MESSAGE, errorType: 'databaseBusy' };
  }
  if (databaseUnavailable(exception)) {
    return { success: false, statusCode: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE, errorType: 'databaseUnavailable' };
  }
  if (unstorableTextCode(exception)) return { success: false, statusCode: HttpStatus.BAD_REQUEST, message: UNSTORABLE_TEXT_MESSAGE };
  return (
    bodyParserErrorBody(exception) ?? {
      success: false,
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: INTERNAL_ERROR_MESSAGE,
    }
  );
}

/**
 * Writes `exception` as JSON on `res` and logs it (server errors with their stack; a request cut by a
 * database bound as one warning, with Retry-After on its 503).
 */
export function sendApiError(exception: unknown, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, logger: LoggerService): void {
  const requestId = requestIdOf(req);
  const body: ApiErrorBody = { ...toApiErrorBody(exception), ...(requestId ? { requestId } : {}) };
  const timeoutCode = databaseTimeoutCode(exception);
  if (timeoutCode) {
    logger.warn(`${req.method} ${withoutQuery(req.originalUrl ?? req.url)} cut short by the database (${timeoutCode}): ${(exception as Error).message}`, {
      event: 'database.request-cut',
      code: timeoutCode,
      ...(requestId ? { requestId } : {}),
    });
    if (!res.headersSent) res.setHeader('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
  } else if (databaseUnavailable(exception)) {
    // one line, no stack: while the database restarts every request says the same
    logger.warn(`${req.method} ${withoutQuery(req.originalUrl ?? req.url)} answered 503: the database could not be reached (${(exception as Error).message})`, {
      event: 'database.unavailable',
      ...(requestId ? { requestId } : {}),
    });
    if (!res.headersSent) res.setHeader('Retry-After', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
  } else if (body.statusCode >= 500) {
    const error = exception instanceof Error ? exception : new Error(String(exception));
    logger.error(error.message, error.stack, 'error');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(req, res, body.statusCode, body);
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: LoggerService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendApiError(exception, http.getRequest<Request>(), http.getResponse<Response>(), this.logger);
  }
}
