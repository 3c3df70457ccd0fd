import { installFakeFetch } from '@storefront/ui/testing';

// The Module Federation runtime is the edge (it would fetch manifests and scripts): a fake that
// records registrations and serves modules by id.
const mockRegistered: { remotes: { name: string; entry: string }[]; options?: { force?: boolean } }[] = [];
let mockModules: Record<string, unknown> = {};
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
    mockRegistered.push({ remotes, options });
  },
  loadRemote: async (id: string) => {
    if (id === 'mf_content/NoSuchModule') throw new Error('Module "./NoSuchModule" does not exist in container.');
    if (!(id in mockModules)) throw new Error(`Failed to get manifest for ${id}`);
    return mockModules[id];
  },
}));

type RemoteLoader = typeof import('./remote-loader.js');
/** A fresh copy per test: the config is fetched once per page, i.e. once per module instance. */
function freshLoader(): RemoteLoader {
  let loader: RemoteLoader | undefined;
  jest.isolateModules(() => {
    loader = jest.requireActual<RemoteLoader>('./remote-loader.js');
  });
  return loader!;
}

const CONFIG = { remotes: { mf_content: '/remotes/mf-content/mf-manifest.json', mf_forms: 'http://cdn.test/mf-forms/mf-manifest.json', mf_empty: '' } };
const realFetch = globalThis.fetch;

beforeEach(() => {
  mockRegistered.length = 0;
  mockModules = {};
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('loadRemotesConfig', () => {
  it('fetches /config/remotes.json once and registers each remote with an absolute manifest URL', async () => {
    const fetchMock = installFakeFetch({ '/config/remotes.json': { body: CONFIG } });
    const { loadRemotesConfig } = freshLoader();
    const urls = await loadRemotesConfig();
    await loadRemotesConfig();

    expect(urls).toEqual({
      mf_content: 'http://localhost/remotes/mf-content/mf-manifest.json',
      mf_forms: 'http://cdn.test/mf-forms/mf-manifest.json',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-store' });
    expect(mockRegistered).toEqual([
      {
        remotes: [
          { name: 'mf_content', entry: 'http://localhost/remotes/mf-content/mf-manifest.json' },
          { name: 'mf_forms', entry: 'http://cdn.test/mf-forms/mf-manifest.json' },
        ],
        options: undefined,
      },
    ]);
  });

  it('says what is wrong with the config, and tries again on the next call', async () => {
    installFakeFetch({ '/config/remotes.json': [{ status: 503 }, { body: { nothing: true } }, { body: CONFIG }] });
    const { loadRemotesConfig } = freshLoader();
    await expect(loadRemotesConfig()).rejects.toThrow('/config/remotes.json answered 503');
    await expect(loadRemotesConfig()).rejects.toThrow('/config/remotes.json has no "remotes" object');
    await expect(loadRemotesConfig()).resolves.toHaveProperty('mf_content');
  });
});

describe('loadRemoteComponent', () => {
  it("returns the remote module's default-exported component", async () => {
    installFakeFetch({ '/config/remotes.json': { body: CONFIG } });
    function NotFoundPage() {
      return null;
    }
    mockModules['mf_content/NotFoundPage'] = { default: NotFoundPage };
    const { loadRemoteComponent } = freshLoader();
    await expect(loadRemoteComponent('mf_content/NotFoundPage')).resolves.toBe(NotFoundPage);
  });

  it('refuses a remote the config does not list, and a module without a component', async () => {
    installFakeFetch({ '/config/remotes.json': { body: CONFIG } });
    mockModules['mf_content/page-meta'] = { usePageMeta: () => undefined };
    const { loadRemoteComponent } = freshLoader();
    // spec §8: "Cannot find module", code MODULE_NOT_FOUND
    const unknown = await loadRemoteComponent('mf_unknown/Page').catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: 'MODULE_NOT_FOUND', message: "Cannot find module 'mf_unknown/Page': remote \"mf_unknown\" is not listed in /config/remotes.json" });
    await expect(loadRemoteComponent('mf_content/NoSuchModule')).rejects.toMatchObject({
      code: 'MODULE_NOT_FOUND',
      message: "Cannot find module 'mf_content/NoSuchModule': Module \"./NoSuchModule\" does not exist in container.",
    });
    await expect(loadRemoteComponent('mf_content/page-meta')).rejects.toThrow(
      'mf_content/page-meta did not provide a default-exported component',
    );
  });

  it('passes on a remote that cannot be reached', async () => {
    installFakeFetch({ '/config/remotes.json': { body: CONFIG } });
    const { loadRemoteComponent } = freshLoader();
    await expect(loadRemoteComponent('mf_forms/ContactPage')).rejects.toThrow('Failed to get manifest');
  });
});

describe('refreshRemote', () => {
  it('registers the remote again with force, so the next load fetches a fresh manifest', async () => {
    installFakeFetch({ '/config/remotes.json': { body: CONFIG } });
    const { refreshRemote } = freshLoader();
    await refreshRemote('mf_forms');
    await refreshRemote('mf_unknown');
    expect(mockRegistered.at(-1)).toEqual({
      remotes: [{ name: 'mf_forms', entry: 'http://cdn.test/mf-forms/mf-manifest.json' }],
      options: { force: true },
    });
    expect(mockRegistered).toHaveLength(2);
  });
});

describe('remoteNameOf', () => {
  it('is the part of a module id before the first slash', () => {
    expect(remoteNameOfFresh('mf_content/blocks/Banner')).toBe('mf_content');
    expect(remoteNameOfFresh('mf_catalog')).toBe('mf_catalog');
  });
});

function remoteNameOfFresh(moduleId: string): string {
  return freshLoader().remoteNameOf(moduleId);
}
