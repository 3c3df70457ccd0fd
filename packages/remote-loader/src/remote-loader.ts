import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesConfig } from '@storefront/contracts';
import type { ComponentType } from 'react';

/** Where the gateway publishes remote name -> manifest URL; no remote URL is compiled into any app. */
export const REMOTES_CONFIG_URL = '/config/remotes.json';

/** Remote name -> absolute manifest URL. */
export type ManifestUrls = Record<string, string>;

// Module state on purpose: the federation policy shares this package as a singleton, so every remote
// uses the shell's copy, and with it the shell's federation instance and this one registration.
let configPromise: Promise<ManifestUrls> | null = null;

/** Relative manifest URLs resolve against the page (browser) or the given origin (server). */
function absolute(url: string, base?: string): string {
  return new URL(url, base ?? window.location.href).href;
}

function register(config: Record<string, unknown>, base?: string): ManifestUrls {
  const urls: ManifestUrls = {};
  for (const [name, url] of Object.entries(config)) {
    if (typeof url === 'string' && url) urls[name] = absolute(url, base);
  }
  registerRemotes(Object.entries(urls).map(([name, entry]) => ({ name, entry })));
  return urls;
}

async function fetchAndRegister(): Promise<ManifestUrls> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  const config = (await response.json()) as Partial<RemotesConfig> | null;
  if (!config?.remotes || typeof config.remotes !== 'object') {
    throw new Error(`${REMOTES_CONFIG_URL} has no "remotes" object`);
  }
  return register(config.remotes);
}

/**
 * Registers remotes from a config already in hand instead of fetching /config/remotes.json: the
 * browser takes it from the server-rendered page, the server from the gateway. `base` resolves
 * relative URLs (the server's own origin; the page's address when left out). Registers once.
 */
export function adoptRemotesConfig(remotes: Record<string, string>, base?: string): Promise<ManifestUrls> {
  configPromise ??= Promise.resolve(register(remotes, base));
  return configPromise;
}

/** Server, registry mode: the release each remote is registered with. */
const verifiedReleases = new Map<string, string>();

/**
 * Server, registry mode: registers each remote with its verified server entry (a commonjs container
 * the gateway checked; the `verifiedServerEntries` plugin hands it to the runtime) instead of its
 * manifest. A remote whose release changed is registered again with `force`, so the runtime forgets
 * the old container and its modules; one with no verified release gets an entry nothing serves, so
 * its areas fail (Retry) rather than run unchecked code. Returns the remotes whose release changed
 * since the last call (none the first time).
 */
export function adoptVerifiedServerRemotes(releases: Record<string, { release: string; entry: string } | null>): string[] {
  const changed: string[] = [];
  const urls: ManifestUrls = {};
  for (const [name, serving] of Object.entries(releases)) {
    const release = serving?.release ?? 'none';
    urls[name] = serving?.entry ?? `http://unverified.invalid/${name}/remoteEntry.js`;
    const before = verifiedReleases.get(name);
    if (before === release) continue;
    registerRemotes([{ name, entry: urls[name], type: 'commonjs-module' }], { force: before !== undefined });
    if (before !== undefined) changed.push(name);
    verifiedReleases.set(name, release);
  }
  configPromise = Promise.resolve(urls);
  return changed;
}

/** Fetches and registers the remotes once; a failure is forgotten so the next call tries again. */
export function loadRemotesConfig(): Promise<ManifestUrls> {
  configPromise ??= fetchAndRegister().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** `mf_content/blocks/Banner` -> `mf_content` */
export function remoteNameOf(moduleId: string): string {
  return moduleId.split('/')[0] ?? moduleId;
}

/**
 * Spec §8: an unknown lazy-loaded page module fails with "Cannot find module", code MODULE_NOT_FOUND
 * (Node's wording for the same thing, so one check `error.code === 'MODULE_NOT_FOUND'` tells a missing
 * module from a network or render failure). Visitors still see the page's own failure notice; this is
 * what the console and error reports say.
 */
export class ModuleNotFoundError extends Error {
  override readonly name = 'ModuleNotFoundError';
  readonly code = 'MODULE_NOT_FOUND';
  constructor(
    readonly moduleId: string,
    reason: string,
  ) {
    super(`Cannot find module '${moduleId}': ${reason}`);
  }
}

/** Loads `mf_x/Module` and returns its default-exported React component. */
export async function loadRemoteComponent<P = object>(moduleId: string): Promise<ComponentType<P>> {
  const urls = await loadRemotesConfig();
  const remoteName = remoteNameOf(moduleId);
  if (!urls[remoteName]) throw new ModuleNotFoundError(moduleId, `remote "${remoteName}" is not listed in ${REMOTES_CONFIG_URL}`);
  let loaded: { default?: ComponentType<P> } | null | undefined;
  try {
    loaded = await loadRemote<{ default?: ComponentType<P> }>(moduleId);
  } catch (error) {
    // webpack's container answers an unknown exposed module with 'Module "./X" does not exist in container.'
    if (error instanceof Error && /does not exist in container/.test(error.message)) throw new ModuleNotFoundError(moduleId, error.message);
    throw error;
  }
  if (loaded === null || loaded === undefined) throw new ModuleNotFoundError(moduleId, `remote "${remoteName}" exposes no such module`);
  if (typeof loaded.default !== 'function') {
    throw new Error(`${moduleId} did not provide a default-exported component`);
  }
  return loaded.default;
}

/**
 * Forgets everything the runtime cached for a remote (its manifest, entry and modules) so the next
 * load fetches the manifest again: what a Retry after a failed deployment or network blip needs.
 */
export async function refreshRemote(remoteName: string): Promise<void> {
  const urls = await loadRemotesConfig();
  const entry = urls[remoteName];
  if (entry) registerRemotes([{ name: remoteName, entry }], { force: true });
}
