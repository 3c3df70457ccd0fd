import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentTrace } from './trace-context.js';

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
 * The service logger: every line written while a request or a job runs carries its `requestId` and
 * `traceId` (trace-context.ts), unless the line names its own.
 */
class TracingConsoleLogger extends ConsoleLogger {
  /** every line on stderr: a command-line tool whose stdout is its output */
  allOnStderr = false;

  protected override printMessages(...[messages, context, logLevel, writeStreamType, ...rest]: Parameters<ConsoleLogger['printMessages']>): void {
    super.printMessages(messages, context, logLevel, this.allOnStderr ? 'stderr' : writeStreamType, ...rest);
  }

  protected override getJsonLogObject(...args: Parameters<ConsoleLogger['getJsonLogObject']>): ReturnType<ConsoleLogger['getJsonLogObject']> {
    const line = super.getJsonLogObject(...args);
    const trace = currentTrace();
    if (trace) {
      if (line.requestId === undefined) line.requestId = trace.requestId;
      if (line.traceId === undefined) line.traceId = trace.traceId;
    }
    return line;
  }
}

/**
 * One JSON object per line on stdout/stderr (what log collectors read), with structured fields spread
 * into the root object, and the request id and trace-id of the request or job being run. The service
 * name is the default context.
 */
export function createServiceLogger(service: string, logLevels: LogLevel[] = logLevelsFromEnv(), { stderr = false }: { stderr?: boolean } = {}): ConsoleLogger {
  const logger = new TracingConsoleLogger(service, {
    json: true,
    flattenParams: true,
    logLevels,
    redact: ['password', 'authorization', 'cookie', 'cardNumber', 'cvv', 'secretKey'],
  });
  logger.allOnStderr = stderr;
  return logger;
}
