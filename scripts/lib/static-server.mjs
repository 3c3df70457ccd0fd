// A static file server on loopback, as a remote's own server (its image's nginx, or a CDN) serves
// its build: the reliability harness's production-mode stack downloads server bundles from it, and
// the releases e2e serves each build of a remote from one. Answers with CORS open (the browser
// fetches a remote's manifest cross-origin) and records every path asked, for tests to read.
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = { '.js': 'application/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html' };

/** The file `pathname` names under `routes` (URL prefix -> folder), or null when none (or outside its folder). */
function fileFor(routes, pathname) {
  for (const [prefix, folder] of Object.entries(routes)) {
    if (!pathname.startsWith(prefix)) continue;
    const root = path.resolve(folder);
    const file = path.resolve(root, `.${path.posix.normalize(`/${pathname.slice(prefix.length)}`)}`);
    return file.startsWith(`${root}${path.sep}`) ? file : null;
  }
  return null;
}

/**
 * Serves `routes` (URL prefix -> folder; '/' for one folder at the root) on 127.0.0.1, a free port.
 * @param {Record<string, string>} routes
 * @returns {Promise<{ url: string, requests: string[], close(): Promise<void> }>}
 */
export async function startStaticServer(routes) {
  const requests = [];
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://static.local').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    requests.push(pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    const file = fileFor(routes, pathname);
    let size = -1;
    try {
      if (file && statSync(file).isFile()) size = statSync(file).size;
    } catch {
      // not there
    }
    if (size < 0) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Length': size, 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
