import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PathData } from 'webpack';
import { createFederatedConfig, hashedEntryFilename } from './create-federated-config.js';

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
      clean: true,
    });
    expect(config.devtool).toBe('source-map');
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
