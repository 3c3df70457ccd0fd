import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { array, object, string } from 'yup';
import type { RemoteRelease } from './registry.js';

/** The server bundle's file list, beside its files (written by the federation build). */
export const BUNDLE_INTEGRITY_FILE = 'bundle-integrity.json';

/** Where verified bundles are written by default: the image's filesystem is read-only except /tmp. */
export function defaultRemotesCacheDir(): string {
  return path.join(tmpdir(), 'storefront-remotes');
}

// A listed path is relative and stays inside its folder: no `..`, no absolute path, no backslash.
const SAFE_PATH = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const SHA384 = /^sha384-[A-Za-z0-9+/]{64}$/;

const fileListSchema = object({
  files: array(
    object({
      path: string().required().matches(SAFE_PATH, 'a listed path must be relative, inside the bundle'),
      integrity: string().required().matches(SHA384, 'a listed integrity must be sha384'),
    }),
  )
    .required()
    .min(1)
    .max(2000),
});

export interface ServerBundleLog {
  info(message: string, details: Record<string, unknown>): void;
  error(message: string, details: Record<string, unknown>): void;
}

export interface ServerBundlesOptions {
  cacheDir: string;
  /** bound on each download (the list and every file) */
  timeoutMs: number;
  /** bound on one file's size */
  maxFileBytes: number;
  log: ServerBundleLog;
  fetch?: typeof fetch;
}

/** A bundle written to the cache, every file checked. */
export interface VerifiedBundle {
  version: string;
  serverIntegrity: string;
  /** local folder holding the bundle's files (remoteEntry.js and its chunks) */
  dir: string;
}

/** Why a bundle was refused (the metric's `reason` label: a small fixed set). */
export type RefusalReason = 'unreachable' | 'list_mismatch' | 'list_malformed' | 'file_mismatch' | 'too_large';

export class BundleRefusedError extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

function sha384Of(content: Buffer): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** `sha384-ab+/=` -> a folder name (base64url). */
function folderNameOf(integrity: string): string {
  return integrity.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Downloads remotes' server bundles, checks them, and keeps them in a local cache folder from which
 * the gateway loads them. The file list is checked against the registry's `serverIntegrity`, each
 * file against the list; nothing unchecked is ever written where it could be loaded (files go to a
 * fresh folder that is renamed into place only when all of them passed). A refused bundle is
 * logged and counted, and the remote's previous verified bundle stays current.
 */
export class ServerBundles {
  private readonly verified = new Map<string, VerifiedBundle>();
  private readonly refusals = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<VerifiedBundle>>();

  constructor(private readonly options: ServerBundlesOptions) {}

  /** The remote's current verified bundle (undefined: never loaded, its areas show Retry). */
  current(folder: string): VerifiedBundle | undefined {
    return this.verified.get(folder);
  }

  /**
   * The remote's current Module Federation container, loaded from its verified local folder (its
   * `remoteEntry.js`). Its chunks load from that same folder: the node runtime reads a chunk beside
   * the entry from the filesystem when it is there, so nothing unverified is fetched. Folders are
   * named by integrity, so a new release is a new module, never a stale cached one.
   */
  loadContainer<T = unknown>(folder: string): T | undefined {
    const bundle = this.verified.get(folder);
    if (!bundle) return undefined;
    return createRequire(import.meta.url)(path.join(bundle.dir, 'remoteEntry.js')) as T;
  }

  /** Refusals so far by `remote` and `reason` (for /metrics). */
  refusalCounts(): { remote: string; reason: RefusalReason; count: number }[] {
    return [...this.refusals].map(([key, count]) => {
      const [remote = '', reason] = key.split('|');
      return { remote, reason: reason as RefusalReason, count };
    });
  }

  /**
   * Makes `release` the remote's current bundle once it is downloaded and verified; resolves with
   * it. Rejects (BundleRefusedError) when it cannot be, leaving the previous bundle current.
   */
  prepare(folder: string, release: RemoteRelease): Promise<VerifiedBundle> {
    const key = `${folder}|${release.serverIntegrity}|${release.serverBundle}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.download(folder, release).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async download(folder: string, release: RemoteRelease): Promise<VerifiedBundle> {
    const dir = path.join(this.options.cacheDir, folder, folderNameOf(release.serverIntegrity));
    try {
      if (!existsSync(path.join(dir, BUNDLE_INTEGRITY_FILE))) await this.downloadInto(dir, release);
    } catch (error) {
      const refused = error instanceof BundleRefusedError ? error : new BundleRefusedError('unreachable', (error as Error).message);
      const counted = `${folder}|${refused.reason}`;
      this.refusals.set(counted, (this.refusals.get(counted) ?? 0) + 1);
      this.options.log.error('remote server bundle refused; the previous version keeps serving', {
        event: 'remote_bundle_refused',
        remote: folder,
        version: release.version,
        serverBundle: release.serverBundle,
        reason: refused.reason,
        detail: refused.message,
        serving: this.verified.get(folder)?.version ?? null,
      });
      throw refused;
    }
    const bundle = { version: release.version, serverIntegrity: release.serverIntegrity, dir };
    this.verified.set(folder, bundle);
    this.options.log.info('remote server bundle verified', { event: 'remote_bundle_verified', remote: folder, version: release.version });
    return bundle;
  }

  private async downloadInto(dir: string, release: RemoteRelease): Promise<void> {
    const listBytes = await this.get(new URL(BUNDLE_INTEGRITY_FILE, release.serverBundle));
    if (sha384Of(listBytes) !== release.serverIntegrity) {
      throw new BundleRefusedError('list_mismatch', `${BUNDLE_INTEGRITY_FILE} does not match serverIntegrity`);
    }
    let list;
    try {
      list = fileListSchema.validateSync(JSON.parse(listBytes.toString('utf8')), { abortEarly: true });
    } catch (error) {
      throw new BundleRefusedError('list_malformed', `${BUNDLE_INTEGRITY_FILE}: ${(error as Error).message}`);
    }
    const incoming = `${dir}.incoming-${randomBytes(6).toString('hex')}`;
    mkdirSync(incoming, { recursive: true });
    try {
      // a few at a time: a bundle has tens of chunks, and the gateway is serving pages meanwhile
      const queue = [...list.files];
      const worker = async (): Promise<void> => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const bytes = await this.get(new URL(file.path, release.serverBundle));
          if (sha384Of(bytes) !== file.integrity) throw new BundleRefusedError('file_mismatch', `${file.path} does not match its listed sha384`);
          mkdirSync(path.dirname(path.join(incoming, file.path)), { recursive: true });
          writeFileSync(path.join(incoming, file.path), bytes);
        }
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      writeFileSync(path.join(incoming, BUNDLE_INTEGRITY_FILE), listBytes);
      rmSync(dir, { recursive: true, force: true });
      renameSync(incoming, dir);
    } catch (error) {
      rmSync(incoming, { recursive: true, force: true });
      throw error;
    }
  }

  /** One bounded GET: no redirects (a redirect could leave the allowed hosts), a size limit, a timeout. */
  private async get(url: URL): Promise<Buffer> {
    const fetchImpl = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new BundleRefusedError('unreachable', `${url.href}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : (error as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BundleRefusedError('unreachable', `${url.href} answered ${response.status}`);
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > this.options.maxFileBytes) {
      await response.body?.cancel();
      throw new BundleRefusedError('too_large', `${url.href} is ${length} bytes, more than ${this.options.maxFileBytes}`);
    }
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new BundleRefusedError('unreachable', `${url.href}: ${(error as Error).message}`);
    }
    if (bytes.length > this.options.maxFileBytes) throw new BundleRefusedError('too_large', `${url.href} is more than ${this.options.maxFileBytes} bytes`);
    return bytes;
  }
}
