import type { RemoteName } from '@storefront/contracts';
import { REMOTES } from '@storefront/topology';
import { type RegistryLog, RegistryFile } from './registry-file.js';
import type { RemoteRelease, RemotesRegistry } from './registry.js';
import { BundleRefusedError, ServerBundles, type VerifiedBundle } from './server-bundles.js';

export interface RemoteReleasesOptions {
  registryFile: string;
  production: boolean;
  rereadMs: number;
  cacheDir: string;
  bundleTimeoutMs: number;
  maxFileBytes: number;
  log: RegistryLog;
  /** a remote now serves another release (to forget what the server cached of the old one) */
  onRelease?: (remoteName: string, bundle: VerifiedBundle) => void;
}

/**
 * The release each remote serves: the registry's, once its server bundle is downloaded and verified.
 * Until then (and for good when it is refused) the previous verified release keeps serving, for the
 * browser and the server alike, so a page's server HTML and browser code stay one release.
 */
export class RemoteReleases {
  private readonly registry: RegistryFile;
  private readonly bundles: ServerBundles;
  /** by remote folder: the release whose bundle verified last */
  private readonly serving = new Map<string, RemoteRelease>();
  /**
   * by remote folder: a release whose bundle failed its check, and when: tried again only after
   * FAILED_CHECK_RETRY_MS (a registry edited before the remote's new server was up is taken once it
   * is; a tampered bundle costs one download and one refusal a minute). An unreachable one is tried
   * at every read.
   */
  private readonly failedCheck = new Map<string, { key: string; at: number }>();
  private timer: NodeJS.Timeout | undefined;
  /** registry changes are applied one after another (the watch and the periodic read may both report one) */
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly options: RemoteReleasesOptions) {
    this.bundles = new ServerBundles({ cacheDir: options.cacheDir, timeoutMs: options.bundleTimeoutMs, maxFileBytes: options.maxFileBytes, log: options.log });
    this.registry = new RegistryFile({
      file: options.registryFile,
      production: options.production,
      rereadMs: options.rereadMs,
      log: options.log,
      onChange: () => void this.applyCurrent(),
    });
  }

  /** Reads the registry, verifies every remote's bundle (a refusal is logged, not thrown), then watches. */
  async start(): Promise<void> {
    await this.applyCurrent();
    this.registry.start();
    // the registry unchanged, a remote not yet served (unreachable at start, or refused) is tried again
    this.timer = setInterval(() => void this.applyCurrent(), this.options.rereadMs);
    this.timer.unref();
  }

  stop(): void {
    this.registry.stop();
    if (this.timer) clearInterval(this.timer);
  }

  /** Reads the registry file now (what the watch and the periodic read do), then verifies what changed. */
  reread(): Promise<void> {
    this.registry.reread();
    return this.applyCurrent();
  }

  private applyCurrent(): Promise<void> {
    this.applying = this.applying.then(() => this.apply(this.registry.current()));
    return this.applying;
  }

  /** Remote name -> manifest URL for the browser: the serving release's, else the registry's. */
  browserEntries(): Record<RemoteName, string> {
    const current = this.registry.current();
    return Object.fromEntries(
      REMOTES.map((remote) => [remote.name, (this.serving.get(remote.folder) ?? current.remotes[remote.folder])?.browserEntry ?? '']),
    ) as Record<RemoteName, string>;
  }

  /** The version each remote serves (null: none verified yet). */
  versions(): Record<string, string | null> {
    return Object.fromEntries(REMOTES.map((remote) => [remote.folder, this.serving.get(remote.folder)?.version ?? null]));
  }

  /**
   * Remote name -> the server bundle serving (null: none verified yet, its areas show Retry):
   * `release` changes with every new bundle, so the renderer knows to forget the old one's components;
   * `entry` is where the verified code came from (the federation runtime's key for the container).
   */
  serverReleases(): Record<string, { version: string; release: string; entry: string } | null> {
    return Object.fromEntries(
      REMOTES.map((remote) => {
        const serving = this.serving.get(remote.folder);
        return [remote.name, serving ? { version: serving.version, release: serving.serverIntegrity, entry: new URL('remoteEntry.js', serving.serverBundle).href } : null];
      }),
    );
  }

  /**
   * Remote name -> where the server reads the browser manifest of the release serving (else the
   * registry's): an https browser entry as it is; a site path on the server bundle's origin (the
   * remote's own server answers both; the gateway reaches it directly, as it does for the bundle).
   */
  manifestUrls(): Record<string, string> {
    const current = this.registry.current();
    return Object.fromEntries(
      REMOTES.flatMap((remote) => {
        const release = this.serving.get(remote.folder) ?? current.remotes[remote.folder];
        return release ? [[remote.name, new URL(release.browserEntry, new URL(release.serverBundle).origin).href]] : [];
      }),
    );
  }

  /** A remote's verified server container by its federation name (undefined: none verified). */
  serverEntryOf = (remoteName: string): unknown => {
    const remote = REMOTES.find((candidate) => candidate.name === remoteName);
    return remote ? this.bundles.loadContainer(remote.folder) : undefined;
  };

  refusalCounts(): ReturnType<ServerBundles['refusalCounts']> {
    return this.bundles.refusalCounts();
  }

  private async apply(registry: RemotesRegistry): Promise<void> {
    await Promise.all(
      REMOTES.map(async (remote) => {
        const release = registry.remotes[remote.folder];
        if (!release) return;
        const key = releaseKey(release);
        const serving = this.serving.get(remote.folder);
        if (serving && releaseKey(serving) === key) return;
        const failed = this.failedCheck.get(remote.folder);
        if (failed?.key === key && Date.now() - failed.at < FAILED_CHECK_RETRY_MS) return;
        try {
          const bundle = await this.bundles.prepare(remote.folder, release);
          this.serving.set(remote.folder, release);
          this.failedCheck.delete(remote.folder);
          this.options.onRelease?.(remote.name, bundle);
        } catch (error) {
          // refused and logged by ServerBundles: the previous release keeps serving
          if (error instanceof BundleRefusedError && error.reason !== 'unreachable') this.failedCheck.set(remote.folder, { key, at: Date.now() });
        }
      }),
    );
  }
}

/** How long a release whose bundle failed its check waits before it is downloaded and checked again. */
export const FAILED_CHECK_RETRY_MS = 60_000;

function releaseKey(release: RemoteRelease): string {
  return `${release.serverIntegrity} ${release.serverBundle} ${release.browserEntry}`;
}
