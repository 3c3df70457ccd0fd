import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { Logger } from '@nestjs/common';
import type { Response as ExpressResponse } from 'express';

/** Personal data, for the staff member who asked: never kept by a cache on the way. */
export const PRIVATE_NO_STORE = 'private, no-store';

const logger = new Logger('admin-downloads');

/** `Content-Disposition` as an attachment, always: the upstream's when it is one, else a plain `attachment; filename=…`. */
function attachmentOf(disposition: string | null, fallbackName: string): string {
  if (disposition && /^attachment(;|$)/i.test(disposition.trim())) return disposition.trim();
  return `attachment; filename="${fallbackName.replace(/[^\x20-\x7e]|["\\%;]/g, '_')}"`;
}

/**
 * Streams another service's answer (a stored file, a CSV) to the staff browser as a download, as it
 * comes: never a whole file in memory, the browser's pace holding the upstream back, and the upstream
 * let go when the browser goes. Its type, length and name are the upstream's; it is always an
 * attachment, never sniffed, never cached. Cut mid-way (the upstream fails or its bound runs out),
 * the connection is closed, so the browser sees an incomplete download rather than a short file.
 */
export async function relayDownload(upstream: Response, res: ExpressResponse, { fallbackName, fallbackType }: { fallbackName: string; fallbackType: string }): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', upstream.headers.get('content-type') ?? fallbackType);
  const length = upstream.headers.get('content-length');
  if (length && /^\d+$/.test(length)) res.setHeader('Content-Length', length);
  res.setHeader('Content-Disposition', attachmentOf(upstream.headers.get('content-disposition'), fallbackName));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', PRIVATE_NO_STORE);
  if (!upstream.body) {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(upstream.body as ReadableStream<Uint8Array>), res);
  } catch (error) {
    // pipeline has closed both ends already: the browser sees the connection end before the download did
    logger.warn(`A download was cut off: ${error instanceof Error ? error.message : String(error)}`, { event: 'admin.download-cut' });
  }
}
