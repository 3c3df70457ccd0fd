import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RegistryFile, type RegistryLog } from './registry-file.js';
import { REMOTES } from '@storefront/topology';
import { parseRegistry, serverBundleRefusal, browserEntryRefusal } from './registry.js';

const INTEGRITY = `sha384-${'A'.repeat(64)}`;

function release(version: string, serverBundle = 'http://mf-content:8081/server/') {
  return { version, browserEntry: '/remotes/mf-content/mf-manifest.json', serverBundle, serverIntegrity: INTEGRITY };
}

/** A registry document listing every remote, `mf-content` as given. */
function documentWith(content: unknown, others: Record<string, unknown> = {}): string {
  const remotes = Object.fromEntries(
    REMOTES.map((remote) => [
      remote.folder,
      { version: '1', browserEntry: `/remotes/${remote.folder}/mf-manifest.json`, serverBundle: `http://${remote.folder}:8081/server/`, serverIntegrity: INTEGRITY },
    ]),
  );
  return JSON.stringify({ remotes: { ...remotes, 'mf-content': content, ...others } });
}

describe('parseRegistry', () => {
  it('reads a valid document keyed by remote folder', () => {
    const registry = parseRegistry(documentWith(release('2026.11.28-1')), true);
    expect(registry.remotes['mf-content']).toEqual(release('2026.11.28-1'));
  });

  it.each([
    ['not JSON', '{"remotes":', /not JSON/],
    ['no remotes object', '{"remote":{}}', /expected \{"remotes"/],
    ['a remote left out', JSON.stringify({ remotes: { 'mf-content': release('1') } }), /"mf-catalog" is not listed/],
    ['an unknown remote', documentWith(release('1'), { 'mf-contnet': release('1') }), /"mf-contnet" is not a remote/],
    ['a missing version', documentWith({ ...release('1'), version: undefined }), /version is a required field/],
    ['a bad integrity', documentWith({ ...release('1'), serverIntegrity: 'sha256-abc' }), /serverIntegrity must be "sha384-"/],
    ['a browser entry elsewhere over http', documentWith({ ...release('1'), browserEntry: 'http://cdn.example/m.json' }), /browserEntry must be/],
    ['a server bundle that is not a folder', documentWith(release('1', 'https://cdn.example/server')), /folder URL/],
    ['a public http server bundle', documentWith(release('1', 'http://cdn.example/server/')), /outside the cluster/],
  ])('refuses %s', (_case, text, message) => {
    expect(() => parseRegistry(text, false)).toThrow(message);
  });

  it('refuses the whole document when one remote is bad', () => {
    const text = documentWith(release('1'), { 'mf-catalog': { ...release('1'), version: '' } });
    expect(() => parseRegistry(text, true)).toThrow(/mf-catalog/);
  });
});

describe('serverBundleRefusal', () => {
  it.each(['https://bundles.example.com/mf-content/server/', 'http://mf-content:8081/server/', 'http://mf-content.shop.svc:8081/server/', 'http://mf-content.shop.svc.cluster.local:8081/server/'])(
    'accepts %s in production',
    (url) => expect(serverBundleRefusal(url)).toBeUndefined(),
  );

  it.each([
    ['http://bundles.example.com/server/', /outside the cluster/],
    ['http://10.0.0.7:8081/server/', /IP address/],
    ['file:///tmp/server/', /not file:/],
    ['https://user:pw@bundles.example.com/server/', /credentials/],
  ])('refuses %s', (url, message) => expect(serverBundleRefusal(url)).toMatch(message));

  it('accepts loopback (the gateway’s own files, a sidecar): the hash, not the path, makes a bundle safe', () => {
    expect(serverBundleRefusal('http://127.0.0.1:8080/remotes/mf-content/server/')).toBeUndefined();
    expect(serverBundleRefusal('http://localhost:8080/server/')).toBeUndefined();
  });
});

describe('browserEntryRefusal', () => {
  it('takes a path on the site or https anywhere, and plain http to loopback only outside production', () => {
    expect(browserEntryRefusal('/remotes/mf-content/mf-manifest.json', true)).toBeUndefined();
    expect(browserEntryRefusal('https://cdn.example.com/mf-content/mf-manifest.json', true)).toBeUndefined();
    expect(browserEntryRefusal('http://127.0.0.1:5180/mf-manifest.json', false)).toBeUndefined();
    expect(browserEntryRefusal('http://127.0.0.1:5180/mf-manifest.json', true)).toMatch(/path on the site .* or an https URL/);
    expect(browserEntryRefusal('http://cdn.example.com/mf-manifest.json', false)).toMatch(/https URL/);
    expect(browserEntryRefusal('//cdn.example.com/mf-manifest.json', false)).toMatch(/https URL/);
  });
});

describe('RegistryFile', () => {
  function logRecorder(): RegistryLog & { errors: Record<string, unknown>[] } {
    const errors: Record<string, unknown>[] = [];
    return { errors, info: () => undefined, error: (_message, details) => errors.push(details) };
  }

  function registryIn(dir: string, text: string): string {
    const file = path.join(dir, 'registry.json');
    // written beside and renamed in, as a ConfigMap update swaps the file whole
    writeFileSync(`${file}.new`, text);
    renameSync(`${file}.new`, file);
    return file;
  }

  it('refuses to start on a malformed document, naming the variable', () => {
    const file = registryIn(mkdtempSync(path.join(tmpdir(), 'registry-')), '{"remotes": 1}');
    expect(() => new RegistryFile({ file, production: true, rereadMs: 1000, log: logRecorder() })).toThrow(/REMOTES_REGISTRY_FILE .* is refused/);
  });

  it('applies a new document, keeps the previous one when the next is malformed, and rolls back', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const file = registryIn(dir, documentWith(release('v1')));
    const log = logRecorder();
    const registry = new RegistryFile({ file, production: true, rereadMs: 1000, log });

    registryIn(dir, documentWith(release('v2')));
    expect(registry.reread()).toBe(true);
    expect(registry.current().remotes['mf-content']?.version).toBe('v2');

    registryIn(dir, documentWith({ version: 'v3' }));
    expect(registry.reread()).toBe(false);
    expect(registry.current().remotes['mf-content']?.version).toBe('v2');
    expect(log.errors).toEqual([expect.objectContaining({ event: 'remotes_registry_refused', reason: expect.stringMatching(/browserEntry/) })]);

    registryIn(dir, documentWith(release('v1')));
    expect(registry.reread()).toBe(true);
    expect(registry.current().remotes['mf-content']?.version).toBe('v1');
  });

  it('sees a change without being asked: the watch or the bounded periodic read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-'));
    const file = registryIn(dir, documentWith(release('v1')));
    const changed = new Promise<string | undefined>((resolve) => {
      const registry = new RegistryFile({
        file,
        production: false,
        rereadMs: 200,
        log: logRecorder(),
        onChange: (next) => {
          registry.stop();
          resolve(next.remotes['mf-content']?.version);
        },
      });
      registry.start();
    });
    registryIn(dir, documentWith(release('v2')));
    await expect(changed).resolves.toBe('v2');
  });
});
