import { accessLogLine, BatchedLineWriter, withoutQuery } from './access-log.js';

describe('accessLogLine', () => {
  it('is one JSON line in the service logger shape', () => {
    const line = accessLogLine({ method: 'GET', path: '/api/x', status: 200, ms: 1.2, requestId: 'req-12345678' }, 1000, 42);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual({
      level: 'log',
      pid: 42,
      timestamp: 1000,
      message: 'request',
      context: 'http',
      method: 'GET',
      path: '/api/x',
      status: 200,
      ms: 1.2,
      requestId: 'req-12345678',
    });
  });

  it('escapes whatever a client put in the path', () => {
    const line = accessLogLine({ method: 'GET', path: '/"\n\u0000', status: 404, ms: 0, requestId: 'r', aborted: true });
    expect(JSON.parse(line)).toMatchObject({ path: '/"\n\u0000', aborted: true });
  });
});

describe('BatchedLineWriter', () => {
  it('writes the lines of one turn together, once', () => {
    const written: string[] = [];
    const scheduled: (() => void)[] = [];
    const writer = new BatchedLineWriter((text) => written.push(text), (flush) => scheduled.push(flush));
    writer.push('a\n');
    writer.push('b\n');
    expect(written).toEqual([]);
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(written).toEqual(['a\nb\n']);

    writer.push('c\n');
    expect(scheduled).toHaveLength(2);
    scheduled[1]!();
    expect(written).toEqual(['a\nb\n', 'c\n']);
  });

  it('can flush what is pending through another writer (at exit)', () => {
    const writer = new BatchedLineWriter(() => undefined, () => undefined);
    writer.push('last\n');
    const atExit: string[] = [];
    writer.flush((text) => atExit.push(text));
    expect(atExit).toEqual(['last\n']);
    writer.flush((text) => atExit.push(text));
    expect(atExit).toEqual(['last\n']);
  });
});

describe('withoutQuery', () => {
  it('keeps the path and drops the query and fragment, where bearer links carry their secrets', () => {
    expect(withoutQuery('/api/quote?quoteId=q-1&token=SECRET123')).toBe('/api/quote');
    expect(withoutQuery('/reset-password#token=SECRET123')).toBe('/reset-password');
    expect(withoutQuery('/order/view/o-1')).toBe('/order/view/o-1');
    expect(withoutQuery(undefined)).toBe('');
  });
});
