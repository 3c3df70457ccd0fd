import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Compiler, WebpackPluginInstance } from 'webpack';

/** The server bundle's file list, written beside its files (`dist/server/bundle-integrity.json`). */
export const BUNDLE_INTEGRITY_FILE = 'bundle-integrity.json';

export interface BundleFile {
  /** relative to the server folder, `/`-separated */
  path: string;
  /** `sha384-<base64>`, as in Subresource Integrity */
  integrity: string;
}

export interface BundleIntegrity {
  files: BundleFile[];
}

export function sha384Of(content: Buffer | string): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

function listFiles(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile() && relative !== BUNDLE_INTEGRITY_FILE) files.push(relative);
  }
  return files;
}

/**
 * Hashes every file of a server build and writes the list. The gateway downloads this list, checks
 * it against the registry's `serverIntegrity`, then checks each file it downloads against it: the
 * gateway runs a remote's server code, so it runs only the exact files that were released.
 * Returns the list's own hash (what the registry's `serverIntegrity` gets).
 */
export function writeBundleIntegrity(serverDir: string): string {
  const files = listFiles(serverDir)
    .sort()
    .map((file) => ({ path: file, integrity: sha384Of(readFileSync(path.join(serverDir, file))) }));
  const document = `${JSON.stringify({ files } satisfies BundleIntegrity, null, 2)}\n`;
  writeFileSync(path.join(serverDir, BUNDLE_INTEGRITY_FILE), document);
  return sha384Of(document);
}

/** Writes `bundle-integrity.json` once the server build's files are on disk. */
export class BundleIntegrityPlugin implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('BundleIntegrityPlugin', (compilation) => {
      writeBundleIntegrity(compilation.outputOptions.path ?? compiler.outputPath);
    });
  }
}
