import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CachedJson, CachedJsonMemo, COMPRESS_MIN_BYTES, strongEtag } from './cached-json.js';

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

describe('CachedJsonMemo', () => {
  it('builds each answer once', async () => {
    const memo = new CachedJsonMemo();
    const load = jest.fn(async () => ({ name: 'ssw' }));
    const first = await memo.get('style:ssw', load);
    expect(await memo.get('style:ssw', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failure', async () => {
    const memo = new CachedJsonMemo();
    await expect(memo.get('style:nope', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect((await memo.get('style:nope', async () => ({ name: 'nope' }))).body.toString()).toBe('{"name":"nope"}');
  });
});
