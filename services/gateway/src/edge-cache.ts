import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The gateway's shared cache for answers a service marks `Surrogate-Control: max-age=N`: content that
 * changes only with a deploy. Such a GET is then answered from the gateway's memory for N seconds
 * instead of crossing to the service (the hop, not the service's work, dominated a proxied request,
 * measured). Browsers never see Surrogate-Control (it addresses the origin's own reverse proxy) and
 * keep the service's own Cache-Control and ETag, so they still revalidate and get 304s.
 */

/**
 * A service's answer as the proxy receives it (an undici response, or a node:http IncomingMessage):
 * its status and headers, and its body's 'data' and 'end' events; `complete` once 'end' means the
 * whole body arrived.
 */
export interface UpstreamAnswer {
  statusCode?: number;
  headers: IncomingHttpHeaders;
  complete: boolean;
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

export interface EdgeCacheLimits {
  /** The most bytes kept (bodies, keys, headers and bookkeeping: entryCost); 0 turns the cache off. */
  maxBytes: number;
  /** A larger body is passed through, never kept. */
  maxEntryBytes: number;
}

interface Entry {
  body: Buffer;
  /** what the entry is counted as against maxBytes (entryCost) */
  cost: number;
  etag: string;
  /** Headers of the 200 (without length, request id, date or hop-by-hop headers). */
  headers: OutgoingHttpHeaders;
  /** What a 304 repeats: the validators and caching headers (RFC 9110 15.4.5). */
  notModifiedHeaders: OutgoingHttpHeaders;
  storedAt: number;
  expiresAt: number;
}

/** Headers that belong to one connection or one exchange, never to a stored answer. */
const NOT_STORED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'content-length',
  'date',
  'age',
  'x-request-id',
  'surrogate-control',
]);
const REPEATED_ON_304 = ['etag', 'cache-control', 'vary', 'expires', 'content-location'];

/** `max-age=10` (optionally among other directives) -> 10; anything else -> undefined. */
export function surrogateMaxAge(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = value ? /(?:^|[,\s])max-age=(\d+)/i.exec(value) : null;
  const seconds = match ? Number(match[1]) : Number.NaN;
  return seconds > 0 ? seconds : undefined;
}

/** Whether If-None-Match names `etag` (or is `*`); weak comparison, as for GET (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === opaque(etag);
  });
}

/** An answer the cache may keep: a complete 200 with an ETag, for everyone, varying at most by encoding. */
function isStorable(headers: IncomingHttpHeaders, statusCode: number | undefined): boolean {
  if (statusCode !== 200 || typeof headers.etag !== 'string' || headers['set-cookie']) return false;
  const vary = (headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  return vary.every((name) => name === 'accept-encoding');
}

function storedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) kept[name] = value;
  }
  return kept;
}

/** What an entry costs beyond its body and headers: the Map slot, the objects, the timestamps (rounded up). */
export const ENTRY_OVERHEAD_BYTES = 512;

/**
 * What an entry is counted as against `maxBytes`: its body, its key and headers (JavaScript strings
 * are UTF-16: two bytes a character) and the bookkeeping. Every entry counts at least
 * ENTRY_OVERHEAD_BYTES, so the bytes bound the entries too: answers with tiny bodies under ever new
 * URLs cannot grow the memory past `maxBytes`.
 */
export function entryCost(key: string, body: Buffer, headers: OutgoingHttpHeaders): number {
  let text = key.length;
  for (const [name, value] of Object.entries(headers)) text += name.length + String(value).length;
  return body.length + text * 2 + ENTRY_OVERHEAD_BYTES;
}

function pick(headers: OutgoingHttpHeaders, names: string[]): OutgoingHttpHeaders {
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

export class EdgeCache {
  /** Insertion order is eviction order (oldest first). */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly limits: EdgeCacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.limits.maxBytes > 0;
  }

  /**
   * The key of a request the cache may answer: GET/HEAD without credentials, by URL and the
   * Accept-Encoding it sent (the services vary by nothing else); undefined otherwise.
   */
  keyFor(req: IncomingMessage): string | undefined {
    if (!this.enabled || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization) return undefined;
    return `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;
  }

  /** Answers `req` from the cache and returns true, or returns false on a miss. */
  answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const now = this.now();
    if (now >= entry.expiresAt) {
      this.remove(key, entry);
      return false;
    }
    const age = String(Math.floor((now - entry.storedAt) / 1000));
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, { ...entry.notModifiedHeaders, age });
      res.end();
    } else {
      res.writeHead(200, { ...entry.headers, age, 'content-length': entry.body.length });
      res.end(req.method === 'HEAD' ? undefined : entry.body);
    }
    return true;
  }

  /**
   * Watches a service's answer to a GET on its way to the client: drops Surrogate-Control (it is
   * for us) and keeps a copy of the body when the service allowed it.
   */
  capture(key: string, req: IncomingMessage, upstream: UpstreamAnswer): void {
    const maxAge = surrogateMaxAge(upstream.headers['surrogate-control']);
    delete upstream.headers['surrogate-control'];
    if (req.method !== 'GET' || maxAge === undefined || !isStorable(upstream.headers, upstream.statusCode)) return;
    const storedAt = this.now();
    const chunks: Buffer[] = [];
    let length = 0;
    upstream.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= this.limits.maxEntryBytes) chunks.push(chunk);
    });
    upstream.on('end', () => {
      if (length > this.limits.maxEntryBytes || !upstream.complete) return;
      const expected = Number(upstream.headers['content-length'] ?? length);
      if (expected !== length) return;
      const headers = storedHeaders(upstream.headers);
      const body = Buffer.concat(chunks, length);
      this.store(key, {
        body,
        cost: entryCost(key, body, headers),
        etag: upstream.headers.etag as string,
        headers,
        notModifiedHeaders: pick(headers, REPEATED_ON_304),
        storedAt,
        expiresAt: storedAt + maxAge * 1000,
      });
    });
  }

  private store(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    if (entry.cost > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.cost;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.cost;
  }

  /** For tests and figures: how many answers are kept and the bytes they count (entryCost). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
