import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { REMOTE_APPS, type GatewayConfig } from './config.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Files whose names carry a content hash (main.3f2a9c1b.js) never change under that name. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\./i;
/** Entry points that name the hashed files: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_NAME.test(name) ? IMMUTABLE : NO_CACHE;
}

function staticFolder(root: string): RequestHandler {
  return express.static(root, {
    index: false,
    cacheControl: false,
    fallthrough: true,
    redirect: false,
    setHeaders: (res, filePath) => res.setHeader('Cache-Control', cacheControlFor(filePath)),
  });
}

function plainNotFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store').send('Not found');
}

/** Paths the single-page-app fallback must never answer with index.html. */
const NOT_SPA = /^\/(api|remotes|images|config|health)(\/|$)/;

/**
 * Shell at /, remotes at /remotes/<app>/, generated images at /images/. A missing file under
 * /remotes or /images is a plain 404 (a script tag must not receive HTML); any other GET for a
 * page gets the shell's index.html, whose router decides.
 */
export function createStaticFiles(config: GatewayConfig): RequestHandler[] {
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  const indexHtml = path.join(shellDist, 'index.html');
  const router = express.Router();

  for (const remote of REMOTE_APPS) {
    router.use(`/remotes/${remote.folder}`, staticFolder(path.join(config.webRoot, remote.folder, 'dist')));
  }
  router.use('/remotes', plainNotFound);
  router.use('/images', staticFolder(path.join(config.webRoot, 'content', 'generated', 'images')));
  router.use('/images', plainNotFound);

  const spaFallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path) || !req.accepts('html')) {
      return next();
    }
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };

  // The shell's own files (hashed bundles); index.html only through the fallback (no-cache).
  return [router, staticFolder(shellDist), spaFallback];
}
