import {
  continueTrace,
  currentTrace,
  formatTraceparent,
  jobTraceContext,
  jobTraceOf,
  newSpanId,
  newTraceId,
  parseTraceparent,
  runInTrace,
  traceHeaders,
  type TraceContext,
} from './trace-context.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const VALID = `00-${TRACE_ID}-${PARENT_ID}-01`;

describe('parseTraceparent', () => {
  it("reads the spec's example", () => {
    expect(parseTraceparent(VALID)).toEqual({ version: '00', traceId: TRACE_ID, parentId: PARENT_ID, traceFlags: '01' });
  });

  it('refuses what the W3C rules refuse', () => {
    for (const value of [
      undefined,
      ['a', 'b'],
      '',
      VALID.toUpperCase(), // lowercase hex only
      `ff-${TRACE_ID}-${PARENT_ID}-01`, // version ff is invalid
      `00-${'0'.repeat(32)}-${PARENT_ID}-01`, // all-zero trace-id
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`, // all-zero parent-id
      `00-${TRACE_ID}-${PARENT_ID}-01-extra`, // version 00 ends at the flags
      `00-${TRACE_ID.slice(1)}-${PARENT_ID}-01`,
      `00-${TRACE_ID}-${PARENT_ID}-1`,
      ` ${VALID}`,
    ]) {
      expect(parseTraceparent(value)).toBeUndefined();
    }
  });

  it('reads a later version by its first four fields, as the spec asks', () => {
    expect(parseTraceparent(`01-${TRACE_ID}-${PARENT_ID}-00-whatever-comes-next`)).toMatchObject({ version: '01', traceId: TRACE_ID, traceFlags: '00' });
    expect(parseTraceparent(`01-${TRACE_ID}-${PARENT_ID}-00x`)).toBeUndefined();
  });
});

describe('continueTrace', () => {
  it('keeps the trace-id and flags of a valid traceparent, with a new span of its own', () => {
    const hop = continueTrace({}, `00-${TRACE_ID}-${PARENT_ID}-00`);
    expect(hop).toEqual({ traceId: TRACE_ID, traceFlags: '00', spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(hop.spanId).not.toBe(PARENT_ID);
  });

  it('starts a new sampled trace without one, or with a broken one', () => {
    for (const header of [undefined, 'garbage']) {
      const hop = continueTrace({}, header);
      expect(hop.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(hop.traceFlags).toBe('01');
      expect(parseTraceparent(formatTraceparent(hop))).toEqual({ version: '00', traceId: hop.traceId, parentId: hop.spanId, traceFlags: '01' });
    }
  });

  it('makes ids that differ every time (4 KB of pooled randomness, refilled)', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newTraceId()));
    const spans = new Set(Array.from({ length: 1000 }, () => newSpanId()));
    expect(ids.size).toBe(1000);
    expect(spans.size).toBe(1000);
  });
});

describe('the trace of the running work', () => {
  const trace: TraceContext = { requestId: 'req-00000001', traceId: TRACE_ID, spanId: PARENT_ID, traceFlags: '01' };

  it('follows the work across awaits and timers, and is gone outside it', async () => {
    expect(currentTrace()).toBeUndefined();
    const seen = await runInTrace(trace, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return new Promise<TraceContext | undefined>((resolve) => setImmediate(() => resolve(currentTrace())));
    });
    expect(seen).toBe(trace);
    expect(currentTrace()).toBeUndefined();
  });

  it("gives a call to another service the request id and this hop's span as parent", () => {
    expect(traceHeaders()).toEqual({});
    expect(runInTrace(trace, () => traceHeaders())).toEqual({ 'x-request-id': 'req-00000001', traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` });
  });

  it("runs a job in its queuing request's id and trace, and a scheduled job in one named by its id", () => {
    const carried = jobTraceOf(trace);
    expect(carried).toEqual({ requestId: 'req-00000001', traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` });
    const job = jobTraceContext(JSON.parse(JSON.stringify(carried)), 'job-1');
    expect(job).toMatchObject({ requestId: 'req-00000001', traceId: TRACE_ID, traceFlags: '01' });
    expect(job.spanId).not.toBe(PARENT_ID);

    const scheduled = jobTraceContext(undefined, '7d0b6f0e-5c55-4a55-9d0b-2c1f7e0a9b11');
    expect(scheduled.requestId).toBe('7d0b6f0e-5c55-4a55-9d0b-2c1f7e0a9b11');
    expect(scheduled.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(jobTraceContext({ requestId: 42 }, 'job-2').requestId).toBe('job-2');
  });
});
