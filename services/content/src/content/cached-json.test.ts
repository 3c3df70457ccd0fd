import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ContentStore } from '@storefront/site-config';
import { AnswerCache, CachedJson, CachedJsonMemo, COMPRESS_MIN_BYTES, readAnswerCacheLimits, strongEtag } from './cached-json.js';
import { CachedSiteContent, SiteContentService } from './site-content.service.js';

const big = { text: 'shaker door '.repeat(COMPRESS_MIN_BYTES) };

describe('strongEtag', () => {
  it('is a quoted strong tag that follows the bytes', () => {
    const tag = strongEtag(Buffer.from('{"a":1}'));
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(strongEtag(Buffer.from('{"a":1}'))).toBe(tag);
    expect(strongEtag(Buffer.from('{"a":2}'))).not.toBe(tag);
  });
});

describe('CachedJson', () => {
  it('holds the JSON bytes and their ETag', async () => {
    const cached = new CachedJson({ name: 'ssw' });
    expect(cached.body.toString()).toBe('{"name":"ssw"}');
    expect(cached.etag).toBe(strongEtag(cached.body));
    expect(await cached.bodyFor(undefined)).toBe(cached.body);
  });

  it('compresses a large body once per encoding, each with its own ETag', async () => {
    const cached = new CachedJson(big);
    const br = await cached.bodyFor('br');
    expect(JSON.parse(brotliDecompressSync(br).toString())).toEqual(big);
    expect(await cached.bodyFor('br')).toBe(br);
    expect(JSON.parse(gunzipSync(await cached.bodyFor('gzip')).toString())).toEqual(big);
    expect(br.length).toBeLessThan(cached.body.length / 10);

    const tags = [cached.etagFor(undefined), cached.etagFor('br'), cached.etagFor('gzip')];
    expect(new Set(tags).size).toBe(3);
    expect(cached.etagFor('br')).toMatch(/^"[A-Za-z0-9_-]{32}-br"$/);
  });

  it('sends a small body as it is, whatever the client accepts', async () => {
    const cached = new CachedJson({ name: 'ssw' });
    expect(cached.compresses('br')).toBe(false);
    expect(await cached.bodyFor('br')).toBe(cached.body);
    expect(cached.etagFor('br')).toBe(cached.etag);
  });
});

const defaultCache = () => new AnswerCache(readAnswerCacheLimits({}));

describe('CachedJsonMemo', () => {
  it('builds each answer once', async () => {
    const memo = new CachedJsonMemo(defaultCache());
    const load = jest.fn(async () => ({ name: 'ssw' }));
    const first = await memo.get('style:ssw', load);
    expect(await memo.get('style:ssw', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('builds an answer asked for twice at once only once', async () => {
    const memo = new CachedJsonMemo(defaultCache());
    const load = jest.fn(async () => ({ name: 'ssw' }));
    const [a, b] = await Promise.all([memo.get('style:ssw', load), memo.get('style:ssw', load)]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the answers of two memos apart in one cache', async () => {
    const cache = defaultCache();
    const [styles, forms] = [new CachedJsonMemo(cache), new CachedJsonMemo(cache)];
    await styles.get('x', async () => 'style');
    expect((await forms.get('x', async () => 'form')).body.toString()).toBe('"form"');
    expect(cache.size.entries).toBe(2);
  });

  it('does not remember a failure', async () => {
    const memo = new CachedJsonMemo(defaultCache());
    await expect(memo.get('style:nope', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect((await memo.get('style:nope', async () => ({ name: 'nope' }))).body.toString()).toBe('{"name":"nope"}');
  });
});

describe('AnswerCache', () => {
  it('reads its limits from CONTENT_CACHE_MB and CONTENT_CACHE_ENTRIES, refusing nonsense', () => {
    expect(readAnswerCacheLimits({})).toEqual({ maxEntries: 2000, maxBytes: 64 * 1024 * 1024 });
    expect(readAnswerCacheLimits({ CONTENT_CACHE_MB: '8', CONTENT_CACHE_ENTRIES: '500' })).toEqual({ maxEntries: 500, maxBytes: 8 * 1024 * 1024 });
    expect(() => readAnswerCacheLimits({ CONTENT_CACHE_MB: '0' })).toThrow(/CONTENT_CACHE_MB/);
    expect(() => readAnswerCacheLimits({ CONTENT_CACHE_ENTRIES: 'lots' })).toThrow(/CONTENT_CACHE_ENTRIES/);
  });

  it('drops the least recently used answer when full, by entries and by bytes', async () => {
    const byEntries = new AnswerCache({ maxEntries: 2, maxBytes: 1024 * 1024 });
    const memo = new CachedJsonMemo(byEntries);
    const load = jest.fn(async () => ({}));
    await memo.get('a', load);
    await memo.get('b', load);
    await memo.get('a', load); // a is now the most recent
    await memo.get('c', load); // b goes
    expect(load).toHaveBeenCalledTimes(3);
    await memo.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    await memo.get('b', load);
    expect(load).toHaveBeenCalledTimes(4);

    const byBytes = new AnswerCache({ maxEntries: 1000, maxBytes: 10_000 });
    for (let n = 0; n < 20; n += 1) await byBytes.get(`big:${n}`, async () => 'x'.repeat(2000));
    expect(byBytes.size.bytes).toBeLessThanOrEqual(10_000);
    expect(byBytes.size.entries).toBe(2);
  });

  it('stays at its bound while 10,000 random /unsubscribe/{token} pages are asked for', async () => {
    const limits = { maxEntries: 300, maxBytes: 2 * 1024 * 1024 };
    const cache = new AnswerCache(limits);
    const content = new CachedSiteContent(new SiteContentService(new ContentStore(path.resolve(__dirname, '../../../../content')), ''), cache);
    const first = await content.page(`/unsubscribe/${randomUUID()}`);
    expect(JSON.parse(first.body.toString())).toMatchObject({ path: '/unsubscribe/{unsubscribeToken}' });
    for (let n = 0; n < 10_000; n += 1) await content.page(`/unsubscribe/${randomUUID()}`);
    expect(cache.size.entries).toBeLessThanOrEqual(limits.maxEntries);
    expect(cache.size.bytes).toBeLessThanOrEqual(limits.maxBytes);
    // the site's own pages are still served from it
    const home = await content.page('/');
    expect(await content.page('/')).toBe(home);
  });
});
