import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemoteRelease } from './registry.js';
import { BundleRefusedError, ServerBundles, type ServerBundleLog } from './server-bundles.js';

/** A static server of one bundle's files, as a remote's :8081 listener serves /server/. */
async function bundleServer(files: Record<string, string>, options: { stallOn?: string } = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/server\//, '');
    if (name === options.stallOn) return; // never answers
    const body = files[name];
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/javascript' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/server/`, server };
}

function sha384(text: string): string {
  return `sha384-${createHash('sha384').update(text).digest('base64')}`;
}

/** A bundle's files with their list, as the federation build writes them. */
function bundle(marker: string): { files: Record<string, string>; integrity: string } {
  const code: Record<string, string> = {
    'remoteEntry.js': `module.exports = ${JSON.stringify(marker)};\n`,
    'chunks/1.abc.js': `exports.part = ${JSON.stringify(marker)};\n`,
  };
  const list = `${JSON.stringify({ files: Object.entries(code).map(([file, text]) => ({ path: file, integrity: sha384(text) })) }, null, 2)}\n`;
  return { files: { ...code, 'bundle-integrity.json': list }, integrity: sha384(list) };
}

function release(version: string, url: string, integrity: string): RemoteRelease {
  return { version, browserEntry: '/remotes/mf-content/mf-manifest.json', serverBundle: url, serverIntegrity: integrity };
}

describe('ServerBundles (real HTTP servers)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  function serve(files: Record<string, string>, options?: { stallOn?: string }) {
    return bundleServer(files, options).then((served) => {
      servers.push(served.server);
      return served.url;
    });
  }

  function setup() {
    const errors: Record<string, unknown>[] = [];
    const log: ServerBundleLog = { info: () => undefined, error: (_message, details) => errors.push(details) };
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'remotes-cache-'));
    const bundles = new ServerBundles({ cacheDir, timeoutMs: 500, maxFileBytes: 1024 * 1024, log });
    return { bundles, errors, cacheDir };
  }

  it('downloads v1, switches to v2, rolls back to v1: every file verified and written to the cache', async () => {
    const v1 = bundle('v1');
    const v2 = bundle('v2');
    const [v1Url, v2Url] = await Promise.all([serve(v1.files), serve(v2.files)]);
    const { bundles } = setup();

    const first = await bundles.prepare('mf-content', release('v1', v1Url, v1.integrity));
    expect(readFileSync(path.join(first.dir, 'remoteEntry.js'), 'utf8')).toContain('"v1"');
    expect(readFileSync(path.join(first.dir, 'chunks/1.abc.js'), 'utf8')).toContain('"v1"');

    const second = await bundles.prepare('mf-content', release('v2', v2Url, v2.integrity));
    expect(readFileSync(path.join(second.dir, 'remoteEntry.js'), 'utf8')).toContain('"v2"');
    expect(bundles.current('mf-content')?.version).toBe('v2');

    expect(bundles.loadContainer('mf-content')).toBe('v2');

    const back = await bundles.prepare('mf-content', release('v1', v1Url, v1.integrity));
    expect(back.dir).toBe(first.dir);
    expect(bundles.current('mf-content')?.version).toBe('v1');
    expect(bundles.loadContainer('mf-content')).toBe('v1');
  });

  it('refuses a tampered chunk (list unchanged) and keeps the previous version current', async () => {
    const v1 = bundle('v1');
    const tampered = bundle('v2');
    tampered.files['chunks/1.abc.js'] = tampered.files['chunks/1.abc.js']!.replace('v2', 'v3');
    const [v1Url, tamperedUrl] = await Promise.all([serve(v1.files), serve(tampered.files)]);
    const { bundles, errors } = setup();
    await bundles.prepare('mf-content', release('v1', v1Url, v1.integrity));

    await expect(bundles.prepare('mf-content', release('v2', tamperedUrl, tampered.integrity))).rejects.toMatchObject({ reason: 'file_mismatch' });
    expect(bundles.current('mf-content')?.version).toBe('v1');
    expect(bundles.loadContainer('mf-content')).toBe('v1');
    expect(errors).toEqual([expect.objectContaining({ event: 'remote_bundle_refused', remote: 'mf-content', reason: 'file_mismatch', serving: 'v1' })]);
    expect(bundles.refusalCounts()).toEqual([{ remote: 'mf-content', reason: 'file_mismatch', count: 1 }]);
  });

  it('refuses a list that does not match serverIntegrity, and writes nothing', async () => {
    const v2 = bundle('v2');
    const url = await serve(v2.files);
    const { bundles } = setup();
    const error = await bundles.prepare('mf-content', release('v2', url, bundle('other').integrity)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BundleRefusedError);
    expect((error as BundleRefusedError).reason).toBe('list_mismatch');
    expect(bundles.current('mf-content')).toBeUndefined();
  });

  it('refuses a list naming a path outside the bundle', async () => {
    const list = `${JSON.stringify({ files: [{ path: '../escape.js', integrity: sha384('x') }] })}\n`;
    const url = await serve({ 'bundle-integrity.json': list });
    const { bundles } = setup();
    await expect(bundles.prepare('mf-content', release('v2', url, sha384(list)))).rejects.toMatchObject({ reason: 'list_malformed' });
  });

  it('refuses an unreachable bundle within the bound: a closed port, a missing file, a server that never answers', async () => {
    const v2 = bundle('v2');
    const stalled = await serve(v2.files, { stallOn: 'chunks/1.abc.js' });
    const missing = await serve({ 'bundle-integrity.json': v2.files['bundle-integrity.json']! });
    const { bundles, cacheDir } = setup();

    await expect(bundles.prepare('mf-content', release('v2', 'http://127.0.0.1:1/server/', v2.integrity))).rejects.toMatchObject({ reason: 'unreachable' });
    await expect(bundles.prepare('mf-content', release('v2', missing, v2.integrity))).rejects.toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/404/) });
    const started = Date.now();
    await expect(bundles.prepare('mf-content', release('v2', stalled, v2.integrity))).rejects.toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/within 500 ms/) });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(bundles.current('mf-content')).toBeUndefined();
    expect(bundles.loadContainer('mf-content')).toBeUndefined();
    // nothing half-downloaded is left where it could be loaded
    const dir = path.join(cacheDir, 'mf-content');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
