import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ContentNotFoundError } from '@storefront/site-config';
import type { Request, Response } from 'express';
import { type CachedJson, sendCachedJson } from './cached-json.js';

/** How long the gateway may answer a content GET from its memory (CONTENT_EDGE_CACHE_SECONDS). */
export const EDGE_CACHE_SECONDS = Symbol('EDGE_CACHE_SECONDS');

/** A missing content file becomes a 404 with `message`; anything else (a broken file) stays a 500. */
export async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new NotFoundException(message);
    throw error;
  }
}

/**
 * Sends every content controller's answer the same way: from memory, with a strong ETag and a 304
 * while it is unchanged, and the header that lets the gateway keep it for EDGE_CACHE_SECONDS.
 */
@Injectable()
export class ContentAnswers {
  constructor(@Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number) {}

  async send(req: Request, res: Response, answer: Promise<CachedJson>): Promise<void> {
    await sendCachedJson(req, res, await answer, this.edgeCacheSeconds);
  }
}
