import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PathData } from 'webpack';
import { createFederatedBuilds, createFederatedConfig, createServerConfig, hashedEntryFilename } from './create-federated-config.js';

describe('hashedEntryFilename', () => {
  it('names entry chunks by content hash once webpack has computed it', () => {
    const pathData = { chunk: { contentHash: { javascript: 'abc123' } } } as unknown as PathData;
    expect(hashedEntryFilename(pathData)).toBe('[name].[contenthash].js');
  });

  it('does not ask for a hash that does not exist yet (would fail the build)', () => {
    const pathData = { chunk: { contentHash: {} } } as unknown as PathData;
    expect(hashedEntryFilename(pathData)).toBe('[name].js');
  });
});

describe('createFederatedConfig', () => {
  function appWithEntry(file: string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'federated-app-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', file), 'export {};\n');
    return dir;
  }

  it('builds a production config: hashed files in dist, publicPath auto, uniqueName, source maps', () => {
    const appDir = appWithEntry('index.ts');
    const config = createFederatedConfig({ name: 'mf_content', appDir, devPort: 3001 })(undefined, { mode: 'production' });
    expect(config.entry).toBe('./src/index.ts');
    expect(config.output).toMatchObject({
      path: path.join(appDir, 'dist'),
      chunkFilename: '[name].[contenthash].js',
      publicPath: 'auto',
      uniqueName: 'mf_content',
    });
    // Cleaning the browser build keeps the server build that sits inside its folder.
    const clean = config.output?.clean as { keep: (asset: string) => boolean };
    expect(clean.keep('server/remoteEntry.js')).toBe(true);
    expect(clean.keep('main.abc.js')).toBe(false);
    expect(config.devtool).toBe('hidden-source-map');
    expect(config.optimization?.minimize).toBe(true);
    expect(config.devServer).toMatchObject({ port: 3001, historyApiFallback: true });
  });

  it('adds index.html only for the host', () => {
    const appDir = appWithEntry('index.tsx');
    const pluginNames = (isHost: boolean) =>
      (createFederatedConfig({ name: 'x', appDir, devPort: 3000, isHost })(undefined, { mode: 'development' }).plugins ?? []).map(
        (plugin) => plugin?.constructor.name,
      );
    expect(pluginNames(true)).toContain('HtmlWebpackPlugin');
    expect(pluginNames(false)).not.toContain('HtmlWebpackPlugin');
  });

  it('explains a missing entry', () => {
    const appDir = mkdtempSync(path.join(tmpdir(), 'federated-empty-'));
    expect(() => createFederatedConfig({ name: 'x', appDir, devPort: 1 })(undefined, undefined)).toThrow(
      /expected src\/index.ts or src\/index.tsx/,
    );
  });
});

describe('createServerConfig', () => {
  function appWith(files: string[]): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'federated-server-'));
    mkdirSync(path.join(dir, 'src'));
    for (const file of files) writeFileSync(path.join(dir, 'src', file), 'export {};\n');
    return dir;
  }

  function federationOptionsOf(config: ReturnType<ReturnType<typeof createServerConfig>>) {
    const plugin = (config.plugins ?? []).find((candidate) => candidate?.constructor.name === 'ModuleFederationPlugin') as unknown as {
      _options: Record<string, unknown>;
    };
    return plugin._options;
  }

  it('builds an async-node commonjs-module container into dist/server with the node runtime plugin', () => {
    const appDir = appWith(['index.ts']);
    const config = createServerConfig({ name: 'mf_catalog', appDir, devPort: 3002, exposes: { './StylePage': './src/index.ts' } })(undefined, {
      mode: 'production',
    });
    expect(config.target).toBe('async-node');
    expect(config.output).toMatchObject({ path: path.join(appDir, 'dist', 'server'), library: { type: 'commonjs-module' } });
    const options = federationOptionsOf(config);
    expect(options).toMatchObject({ name: 'mf_catalog', remoteType: 'script', library: { type: 'commonjs-module' } });
    expect(options['runtimePlugins']).toEqual([expect.stringContaining('@module-federation/node')]);
    // a remote never bundles its own React on the server: the shell provides it
    expect((options['shared'] as Record<string, { import?: false }>)['react']?.import).toBe(false);
    // but it carries the UI kit's stateless entry points: the shell provides only those it imports
    expect((options['shared'] as Record<string, { import?: false }>)['@storefront/ui/fields']?.import).toBeUndefined();
  });

  it("uses the shell's src/server.ts as its entry and provides the singletons", () => {
    const appDir = appWith(['index.ts', 'server.ts']);
    const config = createServerConfig({ name: 'shell', appDir, devPort: 3000, isHost: true })(undefined, { mode: 'production' });
    expect(config.entry).toEqual({ server: './src/server.ts' });
    expect((federationOptionsOf(config)['shared'] as Record<string, { import?: false }>)['react']?.import).toBeUndefined();
  });

  it('builds both targets, and only the browser one for the dev server', () => {
    const appDir = appWith(['index.ts']);
    const builds = createFederatedBuilds({ name: 'mf_forms', appDir, devPort: 3003 });
    expect(builds(undefined, { mode: 'production' }).map((config) => config.name)).toEqual(['browser', 'server']);
    expect(builds({ WEBPACK_SERVE: true }, { mode: 'development' }).map((config) => config.name)).toEqual(['browser']);
  });
});
