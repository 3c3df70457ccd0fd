import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES } from '@storefront/topology';
import { RemoteReleases } from './remote-releases.js';
import { serveBundle, testBundle as bundle } from './test-bundles.js';

describe('RemoteReleases (registry file + real static servers)', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  const serve = (files: Record<string, string>) => serveBundle(files, servers);

  it('serves v1, switches to v2, refuses a tampered v3 while v2 keeps serving, rolls back to v1', async () => {
    const builds = { v1: bundle('content v1'), v2: bundle('content v2'), v3: bundle('content v3', true), other: bundle('other') };
    const [v1, v2, v3, other] = await Promise.all([serve(builds.v1.files), serve(builds.v2.files), serve(builds.v3.files), serve(builds.other.files)]);
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const file = path.join(dir, 'registry.json');
    const write = (version: keyof typeof builds, url: string) => {
      const remotes = Object.fromEntries(
        REMOTES.map((remote) =>
          remote.folder === 'mf-content'
            ? [remote.folder, { version, browserEntry: `/remotes/mf-content/${version}/mf-manifest.json`, serverBundle: url, serverIntegrity: builds[version].integrity }]
            : [remote.folder, { version: 'other', browserEntry: `/remotes/${remote.folder}/mf-manifest.json`, serverBundle: other, serverIntegrity: builds.other.integrity }],
        ),
      );
      writeFileSync(`${file}.new`, JSON.stringify({ remotes }));
      renameSync(`${file}.new`, file);
    };
    const errors: Record<string, unknown>[] = [];
    const released: string[] = [];
    write('v1', v1);
    const releases = new RemoteReleases({
      registryFile: file,
      production: false,
      rereadMs: 60_000,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'remotes-cache-')),
      bundleTimeoutMs: 1000,
      maxFileBytes: 1024 * 1024,
      log: { info: () => undefined, error: (_message, details) => errors.push(details) },
      onRelease: (name, verified) => released.push(`${name}@${verified.version}`),
    });
    await releases.start();
    try {
      expect(releases.serverEntryOf('mf_content')).toBe('content v1');
      expect(releases.serverEntryOf('mf_catalog')).toBe('other');
      expect(releases.browserEntries()['mf_content']).toBe('/remotes/mf-content/v1/mf-manifest.json');
      // the server reads the manifest (for the page's stylesheets) from the remote's own server
      expect(releases.manifestUrls()['mf_content']).toBe(`${new URL(v1).origin}/remotes/mf-content/v1/mf-manifest.json`);

      write('v2', v2);
      await releases.reread();
      expect(releases.serverEntryOf('mf_content')).toBe('content v2');
      expect(releases.browserEntries()['mf_content']).toBe('/remotes/mf-content/v2/mf-manifest.json');

      write('v3', v3);
      await releases.reread();
      expect(releases.serverEntryOf('mf_content')).toBe('content v2');
      expect(releases.browserEntries()['mf_content']).toBe('/remotes/mf-content/v2/mf-manifest.json');
      expect(errors).toEqual([expect.objectContaining({ event: 'remote_bundle_refused', remote: 'mf-content', reason: 'file_mismatch', serving: 'v2' })]);
      expect(releases.refusalCounts()).toEqual([{ remote: 'mf-content', reason: 'file_mismatch', count: 1 }]);

      write('v1', v1);
      await releases.reread();
      expect(releases.serverEntryOf('mf_content')).toBe('content v1');
      expect(releases.versions()['mf-content']).toBe('v1');
      // the other remotes were verified once and never released again
      expect(released.filter((entry) => !entry.startsWith('mf_content@'))).toHaveLength(REMOTES.length - 1);
      expect(released.filter((entry) => entry.startsWith('mf_content@'))).toEqual(['mf_content@v1', 'mf_content@v2', 'mf_content@v1']);
    } finally {
      releases.stop();
    }
  });

  it('a remote whose bundle cannot be reached at start has no server entry (Retry area), and is tried again with the registry unchanged', async () => {
    const build = bundle('content v1');
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const file = path.join(dir, 'registry.json');
    // a port that is free now and served later
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const url = `http://127.0.0.1:${port}/server/`;
    const remotes = Object.fromEntries(
      REMOTES.map((remote) => [remote.folder, { version: 'v1', browserEntry: `/remotes/${remote.folder}/mf-manifest.json`, serverBundle: url, serverIntegrity: build.integrity }]),
    );
    writeFileSync(file, JSON.stringify({ remotes }));
    const errors: Record<string, unknown>[] = [];
    const releases = new RemoteReleases({
      registryFile: file,
      production: false,
      rereadMs: 200,
      cacheDir: mkdtempSync(path.join(tmpdir(), 'remotes-cache-')),
      bundleTimeoutMs: 1000,
      maxFileBytes: 1024 * 1024,
      log: { info: () => undefined, error: (_message, details) => errors.push(details) },
    });
    await releases.start();
    try {
      expect(releases.serverEntryOf('mf_content')).toBeUndefined();
      expect(releases.versions()['mf-content']).toBeNull();
      expect(errors[0]).toMatchObject({ event: 'remote_bundle_refused', reason: 'unreachable', serving: null });
      // the browser is still told where the remote is: it may load there even when the server could not
      expect(releases.browserEntries()['mf_content']).toBe('/remotes/mf-content/mf-manifest.json');

      const server = createServer((req, res) => {
        const body = build.files[(req.url ?? '').replace(/^\/server\//, '')];
        if (body === undefined) res.writeHead(404).end();
        else res.writeHead(200).end(body);
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      servers.push(server);
      // no registry change, no reread asked for: the periodic check finds it served now
      const deadline = Date.now() + 5000;
      while (releases.serverEntryOf('mf_content') === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(releases.serverEntryOf('mf_content')).toBe('content v1');
    } finally {
      releases.stop();
    }
  });
});
