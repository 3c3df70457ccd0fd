import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Most to least severe: LOG_LEVEL=warn keeps fatal, error and warn. */
const SEVERITY: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** LOG_LEVEL (default `log`) -> that level and every more severe one; an unknown value is refused. */
export function logLevelsFromEnv(env: Record<string, string | undefined> = process.env): LogLevel[] {
  const wanted = (env.LOG_LEVEL ?? 'log').trim().toLowerCase() as LogLevel;
  const index = SEVERITY.indexOf(wanted);
  if (index === -1) throw new Error(`LOG_LEVEL must be one of ${SEVERITY.join(', ')} (got "${env.LOG_LEVEL}")`);
  return SEVERITY.slice(0, index + 1);
}

/**
 * One JSON object per line on stdout/stderr (what log collectors read), with structured fields spread
 * into the root object. The service name is the default context.
 */
export function createServiceLogger(service: string, logLevels: LogLevel[] = logLevelsFromEnv()): ConsoleLogger {
  return new ConsoleLogger(service, {
    json: true,
    flattenParams: true,
    logLevels,
    redact: ['password', 'authorization', 'cookie', 'cardNumber', 'cvv', 'secretKey'],
  });
}
