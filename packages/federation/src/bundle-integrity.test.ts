import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { BUNDLE_INTEGRITY_FILE, type BundleIntegrity, BundleIntegrityPlugin, writeBundleIntegrity } from './bundle-integrity.js';

function sha384(content: string | Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

describe('writeBundleIntegrity', () => {
  it('lists every file of the folder, nested ones too, with its sha384, and returns the list’s own hash', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
    mkdirSync(path.join(dir, 'chunks'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'module.exports = 1;\n');
    writeFileSync(path.join(dir, 'chunks', '42.abc.js'), 'exports.x = 2;\n');

    const listHash = writeBundleIntegrity(dir);

    const written = readFileSync(path.join(dir, BUNDLE_INTEGRITY_FILE), 'utf8');
    expect(listHash).toBe(sha384(written));
    expect((JSON.parse(written) as BundleIntegrity).files).toEqual([
      { path: 'chunks/42.abc.js', integrity: sha384('exports.x = 2;\n') },
      { path: 'remoteEntry.js', integrity: sha384('module.exports = 1;\n') },
    ]);
  });

  it('does not list itself when run again, and a changed byte changes the list’s hash', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'a');
    const first = writeBundleIntegrity(dir);
    expect(writeBundleIntegrity(dir)).toBe(first);
    writeFileSync(path.join(dir, 'remoteEntry.js'), 'b');
    expect(writeBundleIntegrity(dir)).not.toBe(first);
  });
});

describe('BundleIntegrityPlugin', () => {
  it('writes the list of what webpack emitted into the output folder', async () => {
    const appDir = mkdtempSync(path.join(tmpdir(), 'server-build-'));
    writeFileSync(path.join(appDir, 'index.js'), 'module.exports = import("./later.js");\n');
    writeFileSync(path.join(appDir, 'later.js'), 'export const later = 1;\n');
    const outDir = path.join(appDir, 'dist', 'server');
    const compiler = webpack({
      mode: 'production',
      context: appDir,
      entry: './index.js',
      target: 'node',
      output: { path: outDir, filename: 'remoteEntry.js', chunkFilename: '[name].[contenthash].js' },
      plugins: [new BundleIntegrityPlugin()],
    });
    await new Promise<void>((resolve, reject) => {
      compiler.run((error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString()));
        else compiler.close(() => resolve());
      });
    });

    const list = JSON.parse(readFileSync(path.join(outDir, BUNDLE_INTEGRITY_FILE), 'utf8')) as BundleIntegrity;
    expect(list.files.length).toBe(2);
    for (const file of list.files) expect(file.integrity).toBe(sha384(readFileSync(path.join(outDir, file.path))));
    expect(list.files.map((file) => file.path)).toContain('remoteEntry.js');
  }, 30000);
});
