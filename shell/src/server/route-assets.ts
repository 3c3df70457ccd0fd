import { matchRoutes } from 'react-router-dom';
import { remoteNameOf } from '@storefront/remote-loader';
import { remoteRoutes } from '../routes/route-table';
import type { RouteAssets } from './head-tags';

/** The parts of a remote's mf-manifest.json this reads. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { path?: string; name?: string } };
  exposes?: { name: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** The remote module the route table renders for `pathname` (every path has one: `*` is a content page). */
export function routeModuleFor(pathname: string): string | undefined {
  const matches = matchRoutes(
    remoteRoutes.map((route) => ({ path: route.path, moduleId: route.moduleId })),
    pathname,
  );
  const route = matches?.[matches.length - 1]?.route as { moduleId?: string } | undefined;
  return route?.moduleId;
}

function joinUrl(base: string, file: string): string {
  return `${base}${file.replace(/^\.?\//, '')}`;
}

/**
 * From the module's manifest (the browser's, as remotes.json names it): its stylesheets, so the first
 * HTML is styled before any script runs, and its remote entry and chunks, so the browser fetches
 * them in parallel instead of one after another (remotes.json -> manifest -> entry -> chunk).
 */
export function assetsForModule(moduleId: string, manifestUrl: string, manifest: RemoteManifest | undefined): RouteAssets {
  const assets: RouteAssets = { stylesheets: [], scripts: [], manifests: [manifestUrl] };
  if (!manifest) return assets;
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) assets.scripts.push(joinUrl(base, `${entry.path ?? ''}${entry.name}`));
  const exposeName = moduleId.slice(remoteNameOf(moduleId).length + 1);
  const expose = manifest.exposes?.find((candidate) => candidate.name === exposeName || candidate.path === `./${exposeName}`);
  if (!expose) return assets;
  for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])]) {
    assets.stylesheets.push(joinUrl(base, file));
  }
  for (const file of expose.assets?.js?.sync ?? []) assets.scripts.push(joinUrl(base, file));
  return assets;
}
