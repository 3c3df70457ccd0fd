import { createInstance } from '@module-federation/enhanced/runtime';
import { verifiedServerEntries } from './verified-server-entries.js';

/** A remote container as a server bundle's remoteEntry.js exports it. */
function container(text: string) {
  return {
    init: async () => undefined,
    get: async (module: string) => () => ({ default: `${text} ${module}` }),
  };
}

describe('verifiedServerEntries (the real federation runtime)', () => {
  it('loads a remote from its verified container and never from the entry URL', async () => {
    const containers: Record<string, unknown> = { mf_content: container('v2') };
    const federation = createInstance({
      name: 'host_verified_ok',
      // nothing listens there: a fetch would fail the test
      remotes: [{ name: 'mf_content', entry: 'http://127.0.0.1:1/server/remoteEntry.js', type: 'commonjs-module' }],
      plugins: [verifiedServerEntries((name) => containers[name])],
    });
    await expect(federation.loadRemote<{ default: string }>('mf_content/blocks/Banner')).resolves.toEqual({ default: 'v2 ./blocks/Banner' });
  });

  it('refuses a remote with no verified bundle', async () => {
    const federation = createInstance({
      name: 'host_verified_none',
      remotes: [{ name: 'mf_catalog', entry: 'http://127.0.0.1:1/server/remoteEntry.js', type: 'commonjs-module' }],
      plugins: [verifiedServerEntries(() => undefined)],
    });
    await expect(federation.loadRemote('mf_catalog/StylePage')).rejects.toThrow(/mf_catalog" has no verified server bundle/);
  });
});
