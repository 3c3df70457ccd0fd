import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  type LoggerService,
} from '@nestjs/common';
import type { ApiErrorBody } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { requestIdOf } from './request-context.js';

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** What the body parsers throw (http-errors): a status plus a `type` such as entity.too.large. */
interface BodyParserError extends Error {
  status?: number;
  statusCode?: number;
  type?: string;
  limit?: number;
  expose?: boolean;
}

/** The ApiErrorBody for a body-parser failure, or undefined when `error` is not one. */
export function bodyParserErrorBody(error: unknown): Omit<ApiErrorBody, 'requestId'> | undefined {
  const candidate = error as BodyParserError | undefined;
  if (!candidate || typeof candidate !== 'object' || typeof candidate.type !== 'string') return undefined;
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
  return (
    bodyParserErrorBody(exception) ?? {
      success: false,
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: INTERNAL_ERROR_MESSAGE,
    }
  );
}

/** Writes `exception` as JSON on `res` and logs it (server errors with their stack). */
export function sendApiError(exception: unknown, req: Request, res: Response, logger: LoggerService): void {
  const requestId = requestIdOf(req);
  const body: ApiErrorBody = { ...toApiErrorBody(exception), ...(requestId ? { requestId } : {}) };
  if (body.statusCode >= 500) {
    const error = exception instanceof Error ? exception : new Error(String(exception));
    logger.error(error.message, error.stack, 'error');
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(body.statusCode).json(body);
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: LoggerService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendApiError(exception, http.getRequest<Request>(), http.getResponse<Response>(), this.logger);
  }
}
