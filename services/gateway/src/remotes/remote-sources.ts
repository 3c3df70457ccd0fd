import { Logger, type LoggerService } from '@nestjs/common';
import type { PageRenderRequest, RemoteName } from '@storefront/contracts';
import { REMOTES } from '@storefront/topology';
import type { GatewayConfig } from '../config.js';
import { RemoteReleases } from './remote-releases.js';
import type { RefusalReason } from './server-bundles.js';

/**
 * Where the gateway finds the remotes, for the browser (/config/remotes.json, the page's bootstrap,
 * the CSP) and for the server renderer. Two kinds:
 * - the registry (REMOTES_REGISTRY_FILE; required in production): each remote's release, its server
 *   bundle downloaded and checked against its sha384 before the renderer may run it;
 * - development's fixed URLs (REMOTE_MF_*_URL, default the gateway's own builds), whose server
 *   builds the renderer loads over that URL: `npm start` and `npm run dev`, where a remote rebuilt
 *   alone is served at once (a registry would need its new hash written first).
 */
export interface RemoteSources {
  /** 'registry' or 'development' (the startup log and /health say which) */
  readonly kind: 'registry' | 'development';
  /** Reads the registry and verifies every bundle before the gateway listens (no-op in development). */
  start(): Promise<void>;
  stop(): void;
  /** Reads the registry now, as its watch does on a change (no-op in development). */
  reread(): Promise<void>;
  /** Remote name -> manifest URL the browser loads: the serving release's. */
  browserEntries(): Record<RemoteName, string>;
  /** What the renderer runs: the verified server bundles (undefined in development). */
  serverRemotes(): PageRenderRequest['serverRemotes'];
  /** Remote folder -> the version serving (null: none verified yet). Development: null for each. */
  versions(): Record<string, string | null>;
  /** Refused bundles so far, by remote and reason (for /metrics). */
  refusalCounts(): { remote: string; reason: RefusalReason; count: number }[];
}

class DevelopmentRemotes implements RemoteSources {
  readonly kind = 'development' as const;
  constructor(private readonly remotes: Record<RemoteName, string>) {}
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): void {}
  reread(): Promise<void> {
    return Promise.resolve();
  }
  browserEntries(): Record<RemoteName, string> {
    return this.remotes;
  }
  serverRemotes(): undefined {
    return undefined;
  }
  versions(): Record<string, string | null> {
    return Object.fromEntries(REMOTES.map((remote) => [remote.folder, null]));
  }
  refusalCounts(): [] {
    return [];
  }
}

class RegistryRemotes implements RemoteSources {
  readonly kind = 'registry' as const;
  private readonly releases: RemoteReleases;

  constructor(config: GatewayConfig, logger: LoggerService) {
    const { file, cacheDir, rereadMs, bundleTimeoutMs, maxFileBytes } = config.remotesRegistry;
    this.releases = new RemoteReleases({
      registryFile: file,
      production: config.production,
      rereadMs,
      cacheDir,
      bundleTimeoutMs,
      maxFileBytes,
      log: { info: (message, details) => logger.log(message, details), error: (message, details) => logger.error(message, details) },
    });
  }

  start(): Promise<void> {
    return this.releases.start();
  }

  stop(): void {
    this.releases.stop();
  }

  reread(): Promise<void> {
    return this.releases.reread();
  }

  browserEntries(): Record<RemoteName, string> {
    return this.releases.browserEntries();
  }

  serverRemotes(): PageRenderRequest['serverRemotes'] {
    return { releases: this.releases.serverReleases(), containerOf: this.releases.serverEntryOf, manifestUrls: this.releases.manifestUrls() };
  }

  versions(): Record<string, string | null> {
    return this.releases.versions();
  }

  refusalCounts() {
    return this.releases.refusalCounts();
  }
}

const made = new WeakMap<GatewayConfig, RemoteSources>();

/**
 * The one RemoteSources of `config` (the module, the page renderer and the CSP ask for it
 * separately). Throws when the registry file cannot be read or is malformed: nothing to serve.
 */
export function remoteSourcesFor(config: GatewayConfig, logger: LoggerService = new Logger('remotes')): RemoteSources {
  let sources = made.get(config);
  if (!sources) {
    sources = config.remotesRegistry.file ? new RegistryRemotes(config, logger) : new DevelopmentRemotes(config.remotes);
    made.set(config, sources);
  }
  return sources;
}
