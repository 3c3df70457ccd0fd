import path from 'node:path';
import { setRouteLabel } from '@storefront/service-kit';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { REMOTE_APPS, type GatewayConfig } from './config.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** The route label of a file served (/metrics): one word for every file, never its path. */
export const STATIC_ROUTE = 'static';

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
    setHeaders: (res, filePath) => {
      setRouteLabel(res.req, STATIC_ROUTE);
      res.setHeader('Cache-Control', cacheControlFor(filePath));
    },
  });
}

function plainNotFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store').send('Not found');
}

/** A path decoded as the file server decodes it; one that does not decode is left as it came (the file server refuses it). */
function safeDecode(requestPath: string): string {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return requestPath;
  }
}

/**
 * Files in the build folders that are never the browser's: source maps (the original source, for
 * the error tracker, not the public) and the shell's server build (dist/server, what the gateway
 * runs to render pages). Judged on the path as the file server will read it: decoded, slashes and
 * dot segments resolved, so `/server%2Fserver.js` or `//server/./server.js` is caught too.
 */
export function isPrivateBuildFile(requestPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return true;
  }
  const normalized = path.posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
  return /\.map$/i.test(normalized) || /^\/server(\/|$)/i.test(normalized);
}

const privateBuildFiles: RequestHandler = (req, res, next) => (isPrivateBuildFile(req.path) ? plainNotFound(req, res) : next());

/**
 * Shell files at /, remotes at /remotes/<app>/, generated images at /images/. Source maps and the
 * shell's server build answer a plain 404 (isPrivateBuildFile): a remote's server build stays
 * served, because the page renderer loads it over HTTP from here. A missing file under
 * /remotes or /images is a plain 404 (a script tag must not receive HTML). Pages are not files: the
 * page renderer (pages/page-renderer.ts) answers them.
 */
export function createStaticFiles(config: GatewayConfig): RequestHandler[] {
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  const router = express.Router();
  // remotes' source maps too; their dist/server stays (the renderer fetches it from /remotes/<app>/server/)
  router.use('/remotes', (req, res, next) => (/\.map$/i.test(safeDecode(req.path)) ? plainNotFound(req, res) : next()));

  for (const remote of REMOTE_APPS) {
    router.use(`/remotes/${remote.folder}`, staticFolder(path.join(config.webRoot, remote.folder, 'dist')));
  }
  router.use('/remotes', plainNotFound);
  router.use('/images', staticFolder(path.join(config.webRoot, 'content', 'generated', 'images')));
  router.use('/images', plainNotFound);

  // The shell's own files (hashed bundles). index.html is the page template, never served as a file.
  const shellFiles = staticFolder(shellDist);
  const shellFilesButTemplate: RequestHandler = (req, res, next) => (req.path === '/index.html' ? next() : shellFiles(req, res, next));
  return [router, privateBuildFiles, shellFilesButTemplate];
}
