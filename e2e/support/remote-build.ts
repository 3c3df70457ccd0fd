import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A remote's deployed build (its dist folder, which the gateway serves), set aside and put back
 * exactly as it was: tests that redeploy a remote leave the built site as they found it.
 */
export class RemoteDeployment {
  readonly dist: string;
  private readonly backup: string;

  constructor(readonly folder: string) {
    this.dist = path.join(REPO_ROOT, folder, 'dist');
    this.backup = path.join(REPO_ROOT, '.data', `e2e-backup-${folder}`);
  }

  setAside(): void {
    rmSync(this.backup, { recursive: true, force: true });
    cpSync(this.dist, this.backup, { recursive: true });
  }

  restore(): void {
    rmSync(this.dist, { recursive: true, force: true });
    renameSync(this.backup, this.dist);
  }

  /** Builds the remote (browser and server) from its sources into dist, as a deployment would. */
  rebuild(): void {
    execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: path.join(REPO_ROOT, this.folder), stdio: 'ignore' });
  }

  /** Rewrites the manifest (a new deployment as the server sees it) with `change` applied. */
  editManifest(change: (manifest: Record<string, unknown>) => void): void {
    const file = path.join(this.dist, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    change(manifest);
    writeFileSync(file, JSON.stringify(manifest, null, 2));
  }
}

/** Replaces `from` with `to` in a source file for the duration of `work`, then puts the file back. */
export async function withSourceChange<T>(file: string, from: string, to: string, work: () => Promise<T>): Promise<T> {
  const absolute = path.join(REPO_ROOT, file);
  const original = readFileSync(absolute, 'utf8');
  if (!original.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(absolute, original.replace(from, to));
  try {
    return await work();
  } finally {
    writeFileSync(absolute, original);
  }
}
