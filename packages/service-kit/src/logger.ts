import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * One JSON object per line on stdout/stderr (what log collectors read), with structured fields spread
 * into the root object. The service name is the default context.
 */
export function createServiceLogger(service: string, logLevels?: LogLevel[]): ConsoleLogger {
  return new ConsoleLogger(service, {
    json: true,
    flattenParams: true,
    ...(logLevels ? { logLevels } : {}),
    redact: ['password', 'authorization', 'cookie', 'cardNumber', 'cvv', 'secretKey'],
  });
}
