import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The UI kit's entry points besides its core: shared like the core, but loaded only by pages that use
 * them (the kit's core is bundled whole). They hold no state (no context, no store), so where the shell
 * does not provide one (it provides only what it imports itself) a remote's own copy is as good: a
 * remote's server build carries them (serverSharedPolicy).
 */
export const UI_KIT_ENTRY_POINTS = ['@storefront/ui/fields', '@storefront/ui/slider', '@storefront/ui/lightbox', '@storefront/ui/table'] as const;

/**
 * What every page runs before it hydrates, bundled into the shell's entry (eager): fetched with it,
 * provided without a chunk request each. Loaded on demand instead, they were a second round of
 * script requests after the entry ran, and one long task of script insertions (about 50 ms at a
 * phone's CPU, measured with Lighthouse). The UI kit's entry points and yup stay on demand: only
 * some pages use them.
 */
export const HOST_EAGER_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'zustand',
  '@storefront/ui',
  '@storefront/sample-cart',
  '@storefront/remote-loader',
] as const;

/**
 * The packages every front-end app shares as singletons. One copy of React, one zustand, one UI kit
 * (which also hands the remotes the shell's router: its links and hooks, see ui's navigation.ts; the
 * router is not shared itself, because a shared package is bundled whole), one sample cart store and
 * one remote loader (so every remote loads other remotes through the shell's federation instance,
 * which has them registered, instead of a blank instance of its own). yup is shared too: every app
 * validates with it (the route table's schemas, the forms), and one copy costs one download per page.
 * The contracts themselves are not: each slice deploys alone, and a remote must carry the route
 * table it was built with (a route it adds would be missing from an older shell's copy).
 * The trailing-slash keys share deep imports such as `react/jsx-runtime` and `react-dom/client`. The UI
 * kit's own entry points are named one by one (UI_KIT_ENTRY_POINTS).
 */
export const SHARED_SINGLETONS = [...HOST_EAGER_SINGLETONS, ...UI_KIT_ENTRY_POINTS, 'yup'] as const;

export interface SharedSingleton {
  singleton: true;
  requiredVersion: string | false;
  eager?: true;
}

export type SharedPolicy = Record<string, SharedSingleton>;

/** `react/` -> `react`, `@storefront/ui/fields` -> `@storefront/ui`: the package whose version a key takes. */
export function packageNameOf(shareKey: string): string {
  const parts = shareKey.split('/').filter(Boolean);
  return shareKey.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? shareKey);
}

/**
 * Finds the installed package.json by walking up node_modules folders, like Node does. We do not use
 * require.resolve('<pkg>/package.json') because packages with an `exports` map (ours) hide it.
 */
export function findInstalledVersion(packageName: string, fromDir: string): string | undefined {
  let dir = path.resolve(fromDir);
  for (;;) {
    const candidate = path.join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(candidate)) {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as { version?: unknown };
      return typeof parsed.version === 'string' ? parsed.version : undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The one shared policy. `requiredVersion` is `^<installed version>` so a remote built against an
 * older minor still accepts the host's copy; a missing package is not required (false) rather than a
 * build failure, because not every app depends on every shared package.
 */
export function createSharedPolicy(
  appDir: string,
  versionOf: (packageName: string) => string | undefined = (name) => findInstalledVersion(name, appDir),
): SharedPolicy {
  const policy: SharedPolicy = {};
  for (const key of SHARED_SINGLETONS) {
    const version = versionOf(packageNameOf(key));
    policy[key] = { singleton: true, requiredVersion: version ? `^${version}` : false };
  }
  return policy;
}

/** The shell's browser policy: the same singletons, those every page starts with bundled eagerly. */
export function hostSharedPolicy(appDir: string, versionOf?: (packageName: string) => string | undefined): SharedPolicy {
  const policy = createSharedPolicy(appDir, versionOf);
  const eager = new Set<string>(HOST_EAGER_SINGLETONS);
  return Object.fromEntries(Object.entries(policy).map(([key, entry]) => [key, eager.has(key) ? { ...entry, eager: true as const } : entry]));
}

export interface ServerSharedSingleton extends SharedSingleton {
  import?: false;
}

/**
 * A remote's server build bundles none of the singletons (`import: false`): the shell's server build
 * provides them, so one React renders the whole page on the server too, and no remote ever has to
 * fetch a fallback copy over HTTP. The UI kit's stateless entry points are the exception: the shell
 * provides only those it imports, so a remote carries its own.
 */
export function serverSharedPolicy(
  appDir: string,
  versionOf?: (packageName: string) => string | undefined,
): Record<string, ServerSharedSingleton> {
  const policy = createSharedPolicy(appDir, versionOf);
  const carried = new Set<string>(UI_KIT_ENTRY_POINTS);
  return Object.fromEntries(Object.entries(policy).map(([key, entry]) => [key, carried.has(key) ? entry : { ...entry, import: false as const }]));
}
