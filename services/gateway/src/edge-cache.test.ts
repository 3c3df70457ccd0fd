import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { EdgeCache, ENTRY_OVERHEAD_BYTES, etagMatches, surrogateMaxAge } from './edge-cache.js';

function fakeRequest(method = 'GET', url = '/api/content/site', headers: Record<string, string> = {}): IncomingMessage {
  return { method, url, headers } as unknown as IncomingMessage;
}

function fakeResponse() {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const res = {
    writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(sent, { status, headers }),
    end: (body?: Buffer) => Object.assign(sent, { body }),
  } as unknown as ServerResponse;
  return { res, sent };
}

/** A service's answer arriving in two chunks. */
function upstreamAnswer(headers: Record<string, string | string[]>, body = '{"name":"ssw"}', statusCode = 200) {
  const upstream = Object.assign(new EventEmitter(), { headers: { ...headers }, statusCode, complete: true });
  const deliver = () => {
    const bytes = Buffer.from(body);
    upstream.emit('data', bytes.subarray(0, 3));
    upstream.emit('data', bytes.subarray(3));
    upstream.emit('end');
  };
  return { upstream: upstream as unknown as IncomingMessage, deliver };
}

const cacheable = { 'surrogate-control': 'max-age=10', etag: '"abc"', 'cache-control': 'no-cache', 'content-type': 'application/json' };

function cacheAt(clock: { now: number }, maxBytes = 8192) {
  return new EdgeCache({ maxBytes, maxEntryBytes: 100 }, () => clock.now);
}

function fill(cache: EdgeCache, req: IncomingMessage, headers: Record<string, string> = cacheable, body?: string) {
  const key = cache.keyFor(req)!;
  const { upstream, deliver } = upstreamAnswer(headers, body);
  cache.capture(key, req, upstream);
  deliver();
  return { key, upstream };
}

describe('surrogateMaxAge', () => {
  it.each([
    ['max-age=10', 10],
    ['no-store, max-age=60', 60],
    ['MAX-AGE=5', 5],
    ['max-age=0', undefined],
    ['s-max-age=5', undefined],
    [undefined, undefined],
  ])('%s -> %s', (header, seconds) => {
    expect(surrogateMaxAge(header)).toBe(seconds);
  });
});

describe('etagMatches', () => {
  it('matches a listed tag, weakly, or *', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});

describe('EdgeCache', () => {
  it('keeps a marked answer, without Surrogate-Control, and answers from it until it expires', () => {
    const clock = { now: 1_000 };
    const cache = cacheAt(clock);
    const { key, upstream } = fill(cache, fakeRequest());
    expect(upstream.headers['surrogate-control']).toBeUndefined();

    clock.now += 2_000;
    const hit = fakeResponse();
    expect(cache.answer(key, fakeRequest(), hit.res)).toBe(true);
    expect(hit.sent.status).toBe(200);
    expect(hit.sent.body?.toString()).toBe('{"name":"ssw"}');
    expect(hit.sent.headers).toMatchObject({ etag: '"abc"', age: '2', 'content-length': 14, 'cache-control': 'no-cache' });
    expect(hit.sent.headers).not.toHaveProperty('surrogate-control');

    clock.now += 8_000;
    expect(cache.answer(key, fakeRequest(), fakeResponse().res)).toBe(false);
    expect(cache.size.entries).toBe(0);
  });

  it('answers If-None-Match with a 304 that repeats only the validators', () => {
    const cache = cacheAt({ now: 0 });
    const { key } = fill(cache, fakeRequest());
    const revalidation = fakeResponse();
    cache.answer(key, fakeRequest('GET', '/api/content/site', { 'if-none-match': '"abc"' }), revalidation.res);
    expect(revalidation.sent.status).toBe(304);
    expect(revalidation.sent.body).toBeUndefined();
    expect(Object.keys(revalidation.sent.headers ?? {}).sort()).toEqual(['age', 'cache-control', 'etag']);
  });

  it('answers HEAD from a kept GET without a body', () => {
    const cache = cacheAt({ now: 0 });
    fill(cache, fakeRequest());
    const head = fakeRequest('HEAD');
    const answered = fakeResponse();
    expect(cache.answer(cache.keyFor(head)!, head, answered.res)).toBe(true);
    expect(answered.sent.body).toBeUndefined();
    expect(answered.sent.headers).toMatchObject({ 'content-length': 14 });
  });

  it('keys by URL and Accept-Encoding, and never keys writes or credentials', () => {
    const cache = cacheAt({ now: 0 });
    const br = cache.keyFor(fakeRequest('GET', '/a', { 'accept-encoding': 'br' }));
    expect(br).not.toBe(cache.keyFor(fakeRequest('GET', '/a')));
    expect(br).not.toBe(cache.keyFor(fakeRequest('GET', '/b', { 'accept-encoding': 'br' })));
    expect(cache.keyFor(fakeRequest('POST', '/a'))).toBeUndefined();
    expect(cache.keyFor(fakeRequest('GET', '/a', { authorization: 'Bearer x' }))).toBeUndefined();
    expect(new EdgeCache({ maxBytes: 0, maxEntryBytes: 100 }).keyFor(fakeRequest())).toBeUndefined();
  });

  it.each([
    ['no Surrogate-Control', { etag: '"abc"' }],
    ['no ETag', { 'surrogate-control': 'max-age=10' }],
    ['a cookie', { ...cacheable, 'set-cookie': 'id=1' }],
    ['Vary beyond Accept-Encoding', { ...cacheable, vary: 'Accept-Encoding, Cookie' }],
  ])('keeps nothing with %s', (_what, headers) => {
    const cache = cacheAt({ now: 0 });
    fill(cache, fakeRequest(), headers);
    expect(cache.size.entries).toBe(0);
  });

  it('keeps no error, no HEAD answer, no cut-off body and no body over the entry limit', () => {
    const cache = cacheAt({ now: 0 });
    const error = upstreamAnswer(cacheable, '{}', 500);
    cache.capture('k1', fakeRequest(), error.upstream);
    error.deliver();
    fill(cache, fakeRequest('HEAD'));
    fill(cache, fakeRequest(), { ...cacheable, 'content-length': '999' });
    fill(cache, fakeRequest('GET', '/big'), cacheable, 'x'.repeat(101));
    expect(cache.size.entries).toBe(0);
  });

  it('drops the oldest answers beyond its memory, counting keys, headers and bookkeeping too', () => {
    const probe = cacheAt({ now: 0 });
    fill(probe, fakeRequest('GET', '/1'));
    const oneEntry = probe.size.bytes;
    expect(oneEntry).toBeGreaterThan(14 + ENTRY_OVERHEAD_BYTES);

    const cache = cacheAt({ now: 0 }, 2 * oneEntry + 10);
    fill(cache, fakeRequest('GET', '/1'));
    fill(cache, fakeRequest('GET', '/2'));
    fill(cache, fakeRequest('GET', '/3'));
    expect(cache.size).toEqual({ entries: 2, bytes: 2 * oneEntry });
    expect(cache.answer(cache.keyFor(fakeRequest('GET', '/1'))!, fakeRequest(), fakeResponse().res)).toBe(false);
    expect(cache.answer(cache.keyFor(fakeRequest('GET', '/3'))!, fakeRequest(), fakeResponse().res)).toBe(true);
  });

  it('stays within its memory while 10,000 different URLs with tiny answers are asked for', () => {
    const maxBytes = 1024 * 1024;
    const cache = cacheAt({ now: 0 }, maxBytes);
    for (let n = 0; n < 10_000; n += 1) fill(cache, fakeRequest('GET', `/api/content/pages/unsubscribe/${randomUUID()}`), cacheable, '{}');
    expect(cache.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.size.entries).toBeLessThanOrEqual(maxBytes / ENTRY_OVERHEAD_BYTES);
    expect(cache.size.entries).toBeGreaterThan(0);
  });
});
