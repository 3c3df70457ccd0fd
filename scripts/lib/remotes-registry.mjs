// The remotes registry (services/gateway/src/remotes/registry.ts) written from builds on this
// machine: what the reliability harness's production-mode stack and the e2e of releases run on, and
// what `npm run remotes:registry` prints for an operator. In a deployment the registry is a file
// beside compose or the `storefront-remotes` ConfigMap, edited one remote at a time.
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@storefront/topology';

/** The file the federation build writes beside a server bundle: every file's sha384. */
export const BUNDLE_INTEGRITY_FILE = 'bundle-integrity.json';

/**
 * A built remote's release: the sha384 of its server bundle's file list (the registry's
 * `serverIntegrity`) and a version named after it (a build has no other name on this machine).
 * @param {string} distDir the remote's dist folder (browser build, and server/ inside)
 */
export function releaseOf(distDir) {
  const list = readFileSync(path.join(distDir, 'server', BUNDLE_INTEGRITY_FILE));
  const digest = createHash('sha384').update(list).digest('base64');
  return { serverIntegrity: `sha384-${digest}`, version: `local-${digest.replace(/[+/=]/g, '').slice(0, 10)}` };
}

/**
 * Every remote from this repository's builds, as a gateway at `serverOrigin` serves them (its
 * /remotes/<folder>/, server bundles included), browser entries on the site's own origin.
 * `overrides` replaces chosen remotes' entries (an e2e points one at another server).
 * @param {{ repoRoot: string, serverOrigin: string, overrides?: Record<string, object> }} options
 */
export function localRegistry({ repoRoot, serverOrigin, overrides = {} }) {
  const origin = serverOrigin.replace(/\/$/, '');
  return {
    remotes: Object.fromEntries(
      REMOTES.map(({ folder }) => [
        folder,
        overrides[folder] ?? {
          ...releaseOf(path.join(repoRoot, folder, 'dist')),
          browserEntry: `/remotes/${folder}/mf-manifest.json`,
          serverBundle: `${origin}/remotes/${folder}/server/`,
        },
      ]),
    ),
  };
}

/** Writes the registry whole (beside, then renamed in, as a ConfigMap update swaps it): a reader never sees half. */
export function writeRegistry(file, registry) {
  writeFileSync(`${file}.incoming`, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(`${file}.incoming`, file);
}
