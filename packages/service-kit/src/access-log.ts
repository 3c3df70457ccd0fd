import { writeSync } from 'node:fs';

/** What one request log line says besides the fixed level/pid/timestamp/message/context. */
export interface AccessLogFields {
  method: string;
  path: string;
  status: number;
  ms: number;
  requestId: string;
  /** the W3C trace-id the request belongs to (trace-context.ts) */
  traceId?: string;
  aborted?: true;
}

/**
 * The request line in the JSON shape the service logger writes (`{"level":"log","pid":…,
 * "timestamp":…,"message":"request","context":"http",…}`), built directly: every field is ours and
 * flat, so the logger's per-key replacer, redaction and circular-reference guard (the costliest
 * part of a proxied request, measured) have nothing to do here; only the strings need escaping.
 */
export function accessLogLine(fields: AccessLogFields, timestamp = Date.now(), pid = process.pid): string {
  const text = JSON.stringify;
  return (
    `{"level":"log","pid":${pid},"timestamp":${timestamp},"message":"request","context":"http",` +
    `"method":${text(fields.method)},"path":${text(fields.path)},"status":${fields.status},"ms":${fields.ms},` +
    `"requestId":${text(fields.requestId)}${fields.traceId ? `,"traceId":${text(fields.traceId)}` : ''}${fields.aborted ? ',"aborted":true' : ''}}\n`
  );
}

/**
 * Gathers lines for one turn of the event loop and writes them together: under load one write
 * system call carries many request lines instead of one each. Lines still pending when the process
 * exits are written synchronously.
 */
export class BatchedLineWriter {
  private pending: string[] = [];
  private scheduled = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly schedule: (flush: () => void) => void = setImmediate,
  ) {}

  push(line: string): void {
    this.pending.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Writes what is pending through `write` (or `writeNow`, for the last lines at exit). */
  flush(writeNow: (text: string) => void = this.write): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    writeNow(text);
  }
}

let stdoutWriter: BatchedLineWriter | undefined;

/** The process-wide writer of request lines to stdout (created on first use). */
export function accessLogWriter(): BatchedLineWriter {
  if (!stdoutWriter) {
    const writer = new BatchedLineWriter((text) => process.stdout.write(text));
    process.once('exit', () => writer.flush((text) => writeSync(process.stdout.fd, text)));
    stdoutWriter = writer;
  }
  return stdoutWriter;
}

/**
 * A URL as logs may show it: the path alone. Query strings carry bearer secrets (`?token=` of quote,
 * order-view and reset links), and logs are kept and read far more widely than the database, so
 * every line that names a request's URL (the access log, the gateway's warnings, the page
 * renderer's errors, the error filter's) takes it through here.
 */
export function withoutQuery(url: string | undefined): string {
  if (!url) return '';
  const query = url.search(/[?#]/);
  return query === -1 ? url : url.slice(0, query);
}
