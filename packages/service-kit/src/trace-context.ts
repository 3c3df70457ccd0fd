import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

/** The W3C Trace Context header (https://www.w3.org/TR/trace-context/): `00-<trace-id>-<parent-id>-<flags>`. */
export const TRACEPARENT_HEADER = 'traceparent';

/**
 * What one unit of work (a request, a job attempt) is known by: in its log lines and in the calls it
 * makes to other services. A request's own object carries these fields (request-context.ts), so
 * a request costs no extra object.
 */
export interface TraceContext {
  /** `x-request-id`: every log line of the work carries it */
  requestId: string;
  /** the W3C trace-id (32 lowercase hex digits): the same on every hop of one trace */
  traceId: string;
  /** this hop's own span id (16 hex digits): the parent-id of the calls it makes */
  spanId: string;
  /** the W3C trace-flags (2 hex digits), passed on as received; `01` (sampled) for a new trace */
  traceFlags: string;
}

/** A traceparent as received. */
export interface Traceparent {
  version: string;
  traceId: string;
  parentId: string;
  traceFlags: string;
}

/** version 00 is exactly 55 characters; a later version may append fields after a dash */
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}(?:-|$)/;
const ALL_ZEROS = /^0+$/;

/**
 * A traceparent header's parts, or undefined when it is not one to continue (the spec's rules: lowercase
 * hex, version ff invalid, version 00 without anything after the flags, no all-zero trace-id or
 * parent-id). A value that is not continued starts a new trace; it is never an error.
 */
export function parseTraceparent(value: unknown): Traceparent | undefined {
  if (typeof value !== 'string' || value.length < 55 || !TRACEPARENT.test(value)) return undefined;
  const version = value.slice(0, 2);
  if (version === 'ff' || (version === '00' && value.length !== 55)) return undefined;
  const traceId = value.slice(3, 35);
  const parentId = value.slice(36, 52);
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentId)) return undefined;
  return { version, traceId, parentId, traceFlags: value.slice(53, 55) };
}

/** `00-<traceId>-<spanId>-<flags>`: what a hop sends on as its calls' traceparent. */
export function formatTraceparent(trace: Pick<TraceContext, 'traceId' | 'spanId' | 'traceFlags'>): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.traceFlags}`;
}

/** Random bytes taken from a pool refilled 4 KB at a time: one system call per ~170 requests, not one per id. */
const POOL = Buffer.allocUnsafe(4096);
let poolOffset = POOL.length;

function randomHex(bytes: number): string {
  for (;;) {
    if (poolOffset + bytes > POOL.length) {
      randomFillSync(POOL);
      poolOffset = 0;
    }
    const hex = POOL.toString('hex', poolOffset, poolOffset + bytes);
    poolOffset += bytes;
    if (!ALL_ZEROS.test(hex)) return hex; // the spec forbids all-zero ids
  }
}

/** A new W3C trace-id (16 random bytes, hex). */
export function newTraceId(): string {
  return randomHex(16);
}

/** A new W3C span (parent) id (8 random bytes, hex). */
export function newSpanId(): string {
  return randomHex(8);
}

/** A sampled trace: we log every request, so a trace we start is one worth keeping downstream too. */
export const NEW_TRACE_FLAGS = '01';

/**
 * Fills `target`'s trace fields from an incoming traceparent: the same trace-id and flags when it is
 * one to continue, else a new trace; a new span id either way (this hop's).
 */
export function continueTrace<T extends object>(target: T, traceparent: unknown): T & Omit<TraceContext, 'requestId'> {
  const incoming = parseTraceparent(traceparent);
  const traced = target as T & Omit<TraceContext, 'requestId'>;
  traced.traceId = incoming ? incoming.traceId : newTraceId();
  traced.traceFlags = incoming ? incoming.traceFlags : NEW_TRACE_FLAGS;
  traced.spanId = newSpanId();
  return traced;
}

const storage = new AsyncLocalStorage<TraceContext>();

/** The trace of the request or job whose code is running (AsyncLocalStorage), if any. */
export function currentTrace(): TraceContext | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it starts) as part of `trace`: its log lines and outgoing calls carry it. */
export function runInTrace<R>(trace: TraceContext, work: () => R): R {
  return storage.run(trace, work);
}

/**
 * The headers a call to another service carries so the trace goes on there: `x-request-id` (the
 * same id in both services' logs) and `traceparent` (same trace-id, this hop's span as parent).
 * Empty outside a request or job.
 */
export function traceHeaders(trace: TraceContext | undefined = currentTrace()): Record<string, string> {
  if (!trace) return {};
  return { 'x-request-id': trace.requestId, [TRACEPARENT_HEADER]: formatTraceparent(trace) };
}

/** What a job's data carries of the request that queued it (under JOB_TRACE_KEY). */
export interface JobTrace {
  requestId: string;
  traceparent: string;
}

/** The key in a job's data under which the queuing request's trace travels (removed before the handler sees the data). */
export const JOB_TRACE_KEY = '_trace';

/** `trace` as a job carries it. */
export function jobTraceOf(trace: TraceContext): JobTrace {
  return { requestId: trace.requestId, traceparent: formatTraceparent(trace) };
}

/**
 * The trace a job attempt runs in: the queuing request's id and trace (a new span), or, for a job no
 * request queued (a schedule's), the job's own id and a new trace.
 */
export function jobTraceContext(carried: unknown, jobId: string): TraceContext {
  const trace = carried && typeof carried === 'object' ? (carried as Partial<JobTrace>) : undefined;
  const requestId = typeof trace?.requestId === 'string' && trace.requestId ? trace.requestId : jobId;
  return continueTrace({ requestId }, trace?.traceparent);
}
