import { createHash } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers: server bundles as the federation build writes them, served as a remote's :8081 serves them. */

export function sha384(text: string): string {
  return `sha384-${createHash('sha384').update(text).digest('base64')}`;
}

/**
 * A server bundle (remoteEntry.js exporting `marker`) and its file list. `tamper`: one byte changed
 * after the list was written (the list, and so serverIntegrity, still matches; the file does not).
 */
export function testBundle(marker: string, tamper = false): { files: Record<string, string>; integrity: string } {
  const entry = `module.exports = ${JSON.stringify(marker)};\n`;
  const list = `${JSON.stringify({ files: [{ path: 'remoteEntry.js', integrity: sha384(entry) }] })}\n`;
  return { files: { 'remoteEntry.js': tamper ? entry.replace(marker, `${marker.slice(0, -1)}X`) : entry, 'bundle-integrity.json': list }, integrity: sha384(list) };
}

/** A static server of `files` under /server/ on loopback; resolves with its folder URL. */
export async function serveBundle(files: Record<string, string>, servers: Server[]): Promise<string> {
  const server = createServer((req, res) => {
    const body = files[(req.url ?? '').replace(/^\/server\//, '')];
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/server/`;
}
