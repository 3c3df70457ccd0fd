// The Module Federation runtime is the edge: a fake that records registrations.
const mockRegistered: { remotes: { name: string; entry: string }[]; options?: { force?: boolean } }[] = [];
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
    mockRegistered.push({ remotes, options });
  },
  loadRemote: async () => undefined,
}));

import type { ComponentType } from 'react';
import { adoptRemotesConfig, adoptVerifiedServerRemotes } from './remote-loader.js';
import { RemoteManifestWatcher, forgetServerRemote, loadOnServer } from './server-remotes.js';

function answer(status: number, body = '', etag?: string): Response {
  return { status, ok: status >= 200 && status < 300, text: async () => body, headers: new Headers(etag ? { etag } : {}) } as Response;
}

beforeAll(async () => {
  await adoptRemotesConfig({ mf_catalog: '/remotes/mf-catalog/mf-manifest.json' }, 'http://127.0.0.1:8080');
});

describe('loadOnServer', () => {
  it('loads a module once for the process and gives the same promise to every render', async () => {
    const Component = (() => null) as ComponentType;
    const load = jest.fn(async () => Component);
    const first = loadOnServer('mf_catalog/StylePage', load);
    expect(loadOnServer('mf_catalog/StylePage', load)).toBe(first);
    await expect(first).resolves.toBe(Component);
    expect(load).toHaveBeenCalledTimes(1);
    forgetServerRemote('mf_catalog');
    void loadOnServer('mf_catalog/StylePage', load);
    expect(load).toHaveBeenCalledTimes(2);
    forgetServerRemote('mf_catalog');
  });

  it('remembers a failure briefly instead of trying again on every page', async () => {
    const load = jest.fn(async () => {
      throw new Error('server build missing');
    });
    await expect(loadOnServer('mf_catalog/Broken', load)).rejects.toThrow('server build missing');
    await expect(loadOnServer('mf_catalog/Broken', load)).rejects.toThrow('server build missing');
    expect(load).toHaveBeenCalledTimes(1);
    forgetServerRemote('mf_catalog');
  });
});

describe('RemoteManifestWatcher', () => {
  it('revalidates with the ETag and forgets a remote whose manifest changed', async () => {
    const changes: string[] = [];
    const bodies = ['{"v":1}', '{"v":1}', '{"v":2}'];
    const fetchMock = jest.fn(async (_url: string, init?: RequestInit) => {
      const body = bodies.shift() ?? '{"v":2}';
      const sent = (init?.headers as Record<string, string> | undefined)?.['If-None-Match'];
      if (sent === '"1"' && body === '{"v":1}') return answer(304);
      return answer(200, body, body === '{"v":1}' ? '"1"' : '"2"');
    });
    const watcher = new RemoteManifestWatcher({ ttlMs: 0, timeoutMs: 1000, fetch: fetchMock as unknown as typeof fetch, onChange: (name) => changes.push(name) });

    await watcher.revalidate();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8080/remotes/mf-catalog/mf-manifest.json');
    expect(watcher.manifestOf('mf_catalog')).toEqual({ v: 1 });
    await watcher.revalidate();
    expect(changes).toEqual([]);
    mockRegistered.length = 0;
    await watcher.revalidate();
    expect(changes).toEqual(['mf_catalog']);
    expect(watcher.manifestOf('mf_catalog')).toEqual({ v: 2 });
    // the runtime was told to drop the old deployment
    expect(mockRegistered).toEqual([{ remotes: [{ name: 'mf_catalog', entry: 'http://127.0.0.1:8080/remotes/mf-catalog/mf-manifest.json' }], options: { force: true } }]);
  });

  it('asks at most once per TTL, and an unreachable manifest never throws', async () => {
    const fetchMock = jest.fn(async () => {
      throw new TypeError('connection refused');
    });
    const watcher = new RemoteManifestWatcher({ ttlMs: 60_000, timeoutMs: 100, fetch: fetchMock as unknown as typeof fetch });
    await watcher.revalidate();
    await watcher.revalidate();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(watcher.manifestOf('mf_catalog')).toBeUndefined();
  });

  it('with the registry: reads the URLs it is given, starts afresh when a release moves the remote, and reloads nothing', async () => {
    let urls = { mf_catalog: 'http://mf-catalog:8081/remotes/mf-catalog/mf-manifest.json' };
    const asked: { url: string; validator?: string }[] = [];
    const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, validator: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'] });
      return answer(200, JSON.stringify({ from: url }), '"same-etag"');
    });
    const changes: string[] = [];
    const watcher = new RemoteManifestWatcher({ ttlMs: 60_000, timeoutMs: 1000, fetch: fetchMock as unknown as typeof fetch, manifestUrls: () => urls, onChange: (name) => changes.push(name) });
    mockRegistered.length = 0;
    await watcher.revalidate();
    expect(watcher.manifestOf('mf_catalog')).toEqual({ from: 'http://mf-catalog:8081/remotes/mf-catalog/mf-manifest.json' });
    // another release elsewhere: asked at once (within the TTL), without the old server's validator
    urls = { mf_catalog: 'https://cdn.example.com/mf-catalog/v2/mf-manifest.json' };
    await watcher.revalidate();
    expect(asked).toEqual([{ url: 'http://mf-catalog:8081/remotes/mf-catalog/mf-manifest.json' }, { url: 'https://cdn.example.com/mf-catalog/v2/mf-manifest.json' }]);
    expect(watcher.manifestOf('mf_catalog')).toEqual({ from: 'https://cdn.example.com/mf-catalog/v2/mf-manifest.json' });
    // the server's code comes from the verified bundles, not the manifests: nothing re-registered
    expect(changes).toEqual([]);
    expect(mockRegistered).toEqual([]);
  });
});

describe('adoptVerifiedServerRemotes', () => {
  it('registers each remote by its verified entry once, again (forced) when its release changes, and reports which changed', () => {
    mockRegistered.length = 0;
    const v1 = { release: 'sha384-one', entry: 'http://mf-catalog:8081/server/remoteEntry.js' };
    expect(adoptVerifiedServerRemotes({ mf_catalog: v1, mf_forms: null })).toEqual([]);
    expect(mockRegistered).toEqual([
      { remotes: [{ name: 'mf_catalog', entry: v1.entry, type: 'commonjs-module' }], options: { force: false } },
      { remotes: [{ name: 'mf_forms', entry: 'http://unverified.invalid/mf_forms/remoteEntry.js', type: 'commonjs-module' }], options: { force: false } },
    ]);
    mockRegistered.length = 0;
    expect(adoptVerifiedServerRemotes({ mf_catalog: v1, mf_forms: null })).toEqual([]);
    expect(mockRegistered).toEqual([]);
    const v2 = { release: 'sha384-two', entry: 'http://mf-catalog-v2:8081/server/remoteEntry.js' };
    expect(adoptVerifiedServerRemotes({ mf_catalog: v2, mf_forms: null })).toEqual(['mf_catalog']);
    expect(mockRegistered).toEqual([{ remotes: [{ name: 'mf_catalog', entry: v2.entry, type: 'commonjs-module' }], options: { force: true } }]);
  });
});
