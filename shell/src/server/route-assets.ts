import { remoteNameOf } from '@storefront/remote-loader';
import { routeFor } from '../routes/route-table';
import type { RouteAssets } from './head-tags';

/** The parts of a remote's mf-manifest.json this reads. */
export interface RemoteManifest {
  metaData?: { remoteEntry?: { path?: string; name?: string } };
  exposes?: { name: string; path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** The remote module the route table renders for `pathname` (every path has one: `*` is a content page). */
export function routeModuleFor(pathname: string): string | undefined {
  return routeFor(pathname)?.moduleId;
}

/**
 * What makes two stylesheet URLs the same file: a build names one CSS chunk after each expose that
 * uses it (`__federation_expose_blocks__Banner.<hash>.css`, `..._VideoCards.<hash>.css`), with the
 * content hash in the name, so one hash is one content whatever the name.
 */
export function stylesheetKey(url: string): string {
  return /\.([0-9a-f]{16,})\.css$/.exec(url)?.[1] ?? url;
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
  // The expose's own styles only. `css.async` are the styles of chunks it may load later; a module the
  // server renders is recorded with its own manifest entry (a block is a remote module of its own), and
  // a chunk the browser loads brings its styles itself. Listing them cost a content page ~30
  // render-blocking stylesheets (a banner's async list names every block's), and ~0.7 s of first
  // paint on a phone's network.
  for (const file of expose.assets?.css?.sync ?? []) assets.stylesheets.push(joinUrl(base, file));
  for (const file of expose.assets?.js?.sync ?? []) assets.scripts.push(joinUrl(base, file));
  return assets;
}
