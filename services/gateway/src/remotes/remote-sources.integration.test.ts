import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp } from '@storefront/service-kit';
import { REMOTES } from '@storefront/topology';
import request from 'supertest';
import { readGatewayConfig } from '../config.js';
import { gatewayAppOptions } from '../gateway-app.js';
import { GatewayModule } from '../gateway.module.js';
import { remoteSourcesFor } from './remote-sources.js';
import { serveBundle, testBundle } from './test-bundles.js';

/**
 * The gateway app in registry mode (REMOTES_REGISTRY_FILE), over real HTTP static servers: what the
 * browser is told (/config/remotes.json, the CSP) follows the release whose server bundle verified,
 * a refused bundle shows on /metrics, and nothing restarts.
 */
describe('the gateway with a remotes registry', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));

  it('tells the browser the verified release, moves with the registry, and counts a refused bundle', async () => {
    const builds = { v1: testBundle('catalog v1'), v2: testBundle('catalog v2'), v3: testBundle('catalog v3', true), other: testBundle('other') };
    const urls = Object.fromEntries(await Promise.all(Object.entries(builds).map(async ([name, build]) => [name, await serveBundle(build.files, servers)] as const)));
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-app-'));
    const file = path.join(dir, 'registry.json');
    const cdn = (version: string) => `https://${version}.cdn.example.com/mf-catalog/mf-manifest.json`;
    const write = (version: keyof typeof builds) => {
      const remotes = Object.fromEntries(
        REMOTES.map((remote) =>
          remote.folder === 'mf-catalog'
            ? [remote.folder, { version, browserEntry: cdn(version), serverBundle: urls[version], serverIntegrity: builds[version].integrity }]
            : [remote.folder, { version: 'other', browserEntry: `/remotes/${remote.folder}/mf-manifest.json`, serverBundle: urls.other, serverIntegrity: builds.other.integrity }],
        ),
      );
      writeFileSync(`${file}.new`, JSON.stringify({ remotes }));
      renameSync(`${file}.new`, file);
    };
    write('v1');
    const webRoot = mkdtempSync(path.join(tmpdir(), 'registry-web-'));
    mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    const config = readGatewayConfig({ WEB_ROOT: webRoot, REMOTES_REGISTRY_FILE: file, REMOTES_CACHE_DIR: path.join(dir, 'cache'), REMOTES_REGISTRY_REREAD_MS: '60000' });
    const sources = remoteSourcesFor(config);
    await sources.start();
    const app = await createTestApp(GatewayModule.register(config), { ...gatewayAppOptions(config), name: 'gateway', logLevels: [] });
    try {
      const remotesNow = async () => (await request(app.server).get('/config/remotes.json')).body as { remotes: Record<string, string> };
      const cspNow = async () => String((await request(app.server).get('/').set('accept', 'text/html')).headers['content-security-policy']);

      expect((await remotesNow()).remotes).toMatchObject({ mf_catalog: cdn('v1'), mf_content: '/remotes/mf-content/mf-manifest.json' });
      expect(await cspNow()).toMatch(/script-src 'self' https:\/\/v1\.cdn\.example\.com/);
      expect(sources.serverRemotes()?.containerOf('mf_catalog')).toBe('catalog v1');

      write('v2');
      await sources.reread(); // what the watch does on a change: read, verify, switch
      expect((await remotesNow()).remotes.mf_catalog).toBe(cdn('v2'));
      expect(await cspNow()).toMatch(/script-src 'self' https:\/\/v2\.cdn\.example\.com/);
      expect(await cspNow()).not.toContain('v1.cdn.example.com');
      expect(sources.serverRemotes()?.releases['mf_catalog']).toMatchObject({ version: 'v2', release: builds.v2.integrity });

      write('v3'); // its file does not match its list: refused, v2 keeps serving
      await sources.reread();
      expect((await remotesNow()).remotes.mf_catalog).toBe(cdn('v2'));
      expect(sources.serverRemotes()?.containerOf('mf_catalog')).toBe('catalog v2');
      const metrics = (await request(app.server).get('/metrics')).text;
      expect(metrics).toMatch(/storefront_remote_bundle_refusals_total\{remote="mf-catalog",reason="file_mismatch",service="gateway"\} 1/);
      expect(metrics).toMatch(/storefront_remote_release\{remote="mf-catalog",version="v2",service="gateway"\} 1/);
    } finally {
      sources.stop();
      await app.close();
    }
  });
});
