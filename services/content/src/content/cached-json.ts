import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { integer, readEnvConfig } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

export type ContentEncoding = 'br' | 'gzip';

/** Below this a compressed body saves less than its headers and the work (compression's default). */
export const COMPRESS_MIN_BYTES = 1024;

const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  // Each body is compressed once per content version, so the slowest, smallest settings pay off.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** A strong ETag from the bytes: the same content gives the same tag, on any replica, after a restart. */
export function strongEtag(body: Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}${suffix}"`;
}

/**
 * One content answer, serialized once: the JSON bytes, their strong ETag, and brotli/gzip versions
 * made on first demand and kept. Each encoding is its own representation with its own ETag (as a
 * strong validator must be).
 */
export class CachedJson {
  readonly body: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = strongEtag(this.body);
  }

  /** Whether `encoding` is worth using for this body. */
  compresses(encoding: ContentEncoding | undefined): encoding is ContentEncoding {
    return encoding !== undefined && this.body.length >= COMPRESS_MIN_BYTES;
  }

  etagFor(encoding: ContentEncoding | undefined): string {
    return this.compresses(encoding) ? `${this.etag.slice(0, -1)}-${encoding}"` : this.etag;
  }

  bodyFor(encoding: ContentEncoding | undefined): Promise<Buffer> {
    if (!this.compresses(encoding)) return Promise.resolve(this.body);
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressors[encoding](this.body);
      this.encoded.set(encoding, body);
    }
    return body;
  }
}

/**
 * The encoding to answer with: brotli when accepted (smaller than gzip for the same text, whatever
 * order the client lists them in), else gzip, else none. express parses Accept-Encoding (q=0 too).
 */
export function chooseEncoding(req: Request): ContentEncoding | undefined {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return undefined;
}

/**
 * Answers a content GET from memory: 304 when If-None-Match names this representation, else the
 * stored bytes. `no-cache`: browsers revalidate every time (content changes with a deploy).
 * `Surrogate-Control: max-age=N` lets the gateway (our own reverse proxy, which removes the header)
 * answer the same GET from its memory for N seconds; 0 leaves it out.
 */
export async function sendCachedJson(
  req: Request,
  res: Response,
  cached: CachedJson,
  edgeCacheSeconds: number,
): Promise<void> {
  const encoding = chooseEncoding(req);
  res.setHeader('Cache-Control', 'no-cache');
  if (edgeCacheSeconds > 0) res.setHeader('Surrogate-Control', `max-age=${edgeCacheSeconds}`);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', cached.etagFor(encoding));
  // express's req.fresh compares If-None-Match with the ETag just set (GET/HEAD only)
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const body = await cached.bodyFor(encoding);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (cached.compresses(encoding)) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

export interface AnswerCacheLimits {
  /** the most answers kept */
  maxEntries: number;
  /** the most bytes kept, as `answerSize` counts them */
  maxBytes: number;
}

/**
 * The content service's memory for serialized answers: CONTENT_CACHE_MB (default 64) and
 * CONTENT_CACHE_ENTRIES (default 2000; the site's own answers are a few hundred). Read while the app
 * is built, so a bad value stops the start.
 */
export function readAnswerCacheLimits(env: Record<string, string | undefined> = process.env): AnswerCacheLimits {
  const { megabytes, entries } = readEnvConfig(
    { megabytes: integer('CONTENT_CACHE_MB', 64, 1, 4096), entries: integer('CONTENT_CACHE_ENTRIES', 2000, 10, 1_000_000) },
    env,
  );
  return { maxEntries: entries, maxBytes: megabytes * 1024 * 1024 };
}

/**
 * What one kept answer costs, roughly: its JSON twice (the bytes, and the brotli and gzip versions
 * made on demand, which together are smaller than the JSON), its key twice (JavaScript strings are
 * UTF-16) and the bookkeeping around them.
 */
export function answerSize(key: string, answer: CachedJson): number {
  return answer.body.length * 2 + key.length * 2 + 256;
}

/**
 * Serialized answers by key, least recently used first out, bounded by entries and bytes: a key can
 * come from the request (a page path, `/unsubscribe/{token}`, a style name), so what is kept must
 * never grow with what is asked. One per content service (a provider), shared by every CachedJsonMemo.
 */
export class AnswerCache {
  private readonly kept: LRUCache<string, CachedJson>;
  /** answers being built: concurrent requests for one key share the build (bounded by requests in flight) */
  private readonly building = new Map<string, Promise<CachedJson>>();

  constructor(readonly limits: AnswerCacheLimits) {
    this.kept = new LRUCache<string, CachedJson>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      sizeCalculation: (answer, key) => answerSize(key, answer),
    });
  }

  /** The kept answer for `key`, else `load`'s (kept when it succeeds; a failure is never kept). */
  get(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept);
    let building = this.building.get(key);
    if (!building) {
      building = load()
        .then((value) => {
          const answer = new CachedJson(value);
          this.kept.set(key, answer);
          return answer;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, building);
    }
    return building;
  }

  /** How many answers and counted bytes are kept (tests, figures). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.kept.calculatedSize };
  }
}

let memos = 0;

/**
 * Content answers by key, each built once while it stays in the service's AnswerCache (successes
 * only: a missing page or style stays a 404 and is not remembered). Each memo has its own key space
 * in the shared cache.
 */
export class CachedJsonMemo {
  private readonly prefix = `${(memos += 1)}:`;

  constructor(private readonly cache: AnswerCache) {}

  get(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    return this.cache.get(this.prefix + key, load);
  }
}
