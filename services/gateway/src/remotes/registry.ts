import { isIP } from 'node:net';
import { REMOTES } from '@storefront/topology';
import { type InferType, object, string } from 'yup';

/**
 * The remotes registry (REMOTES_REGISTRY_FILE): for each remote, the release that serves, where the
 * browser loads it (`browserEntry`, its mf-manifest.json on the site's own origin) and where the
 * gateway downloads its server bundle (`serverBundle`, a folder URL) with the sha384 of that
 * bundle's file list (`serverIntegrity`). Keys are the remotes' folder names (`mf-catalog`).
 */

const SHA384 = /^sha384-[A-Za-z0-9+/]{64}$/;
const REMOTE_FOLDERS = REMOTES.map((remote) => remote.folder);

export const remoteReleaseSchema = object({
  version: string().trim().min(1).max(100).required(),
  browserEntry: string().required(),
  serverBundle: string()
    .required()
    .test('server-bundle', 'serverBundle must be a folder URL ending in "/"', (value) => isUrl(value) && value.endsWith('/')),
  serverIntegrity: string().required().matches(SHA384, 'serverIntegrity must be "sha384-" followed by 64 base64 characters'),
});
export type RemoteRelease = InferType<typeof remoteReleaseSchema>;

export interface RemotesRegistry {
  /** by remote folder; every remote is listed */
  remotes: Record<string, RemoteRelease>;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Where the browser loads a remote from: a path on the site (the edge routes `/remotes/<folder>/` to
 * the remote's static server; CSP stays 'self'), an https URL (a CDN; the gateway adds its origin to
 * the CSP), or, outside production only, plain http to loopback (a second build on this machine).
 */
export function browserEntryRefusal(browserEntry: string, production: boolean): string | undefined {
  if (/^\/[^/\\]/.test(browserEntry)) return undefined;
  if (!isUrl(browserEntry)) return 'browserEntry must be a path on the site ("/remotes/<folder>/mf-manifest.json") or an https URL';
  const parsed = new URL(browserEntry);
  if (parsed.username || parsed.password) return 'a browser entry URL carries no credentials';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && isLoopback(parsed.hostname.toLowerCase()) && !production) return undefined;
  return 'browserEntry must be a path on the site ("/remotes/<folder>/mf-manifest.json") or an https URL';
}

/**
 * Where a server bundle may come from, given the gateway runs its code: https anywhere; plain http
 * only on paths nobody else controls: inside the cluster, i.e. a Kubernetes Service name (`*.svc`,
 * `*.svc.cluster.local`) or a single-label host name (a Service in the gateway's namespace, or a
 * compose service: both resolve only on the private network, never through public DNS), or loopback
 * (the gateway's own files, or a sidecar in its pod: traffic that never leaves the host). The
 * transport only keeps the download off networks others share; what makes a bundle safe to run is
 * its sha384, checked whatever the URL. Returns the refusal, or undefined.
 */
export function serverBundleRefusal(serverBundle: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(serverBundle);
  } catch {
    return `"${serverBundle}" is not a URL`;
  }
  if (parsed.username || parsed.password) return 'a server bundle URL carries no credentials';
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol !== 'http:') return `server bundles load over https or http inside the cluster, not ${parsed.protocol}`;
  const host = parsed.hostname.toLowerCase();
  if (isLoopback(host)) return undefined;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return `plain http to an IP address (${host}) is not a cluster service name: use https`;
  if (/\.svc(\.cluster\.local)?$/.test(host) || !host.includes('.')) return undefined;
  return `plain http to ${host}, outside the cluster: use https`;
}

/**
 * Parses and checks a registry document; throws one error naming every problem. Every remote must be
 * listed; unknown remotes are refused (a typo would otherwise leave the real remote unlisted), and so is a whole document with
 * any bad entry: half a release is never applied.
 */
export function parseRegistry(text: string, production: boolean): RemotesRegistry {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!document || typeof document !== 'object' || !('remotes' in document) || !document.remotes || typeof document.remotes !== 'object' || Array.isArray(document.remotes)) {
    throw new Error('expected {"remotes": {"<remote folder>": {...}}}');
  }
  const problems: string[] = [];
  const remotes: Record<string, RemoteRelease> = {};
  for (const [folder, entry] of Object.entries(document.remotes as Record<string, unknown>)) {
    if (!REMOTE_FOLDERS.includes(folder)) {
      problems.push(`"${folder}" is not a remote (known: ${REMOTE_FOLDERS.join(', ')})`);
      continue;
    }
    try {
      const release = remoteReleaseSchema.validateSync(entry, { abortEarly: false, stripUnknown: true });
      const refusals = [
        ...[serverBundleRefusal(release.serverBundle)].filter(Boolean).map((refusal) => `${folder}.serverBundle: ${refusal}`),
        ...[browserEntryRefusal(release.browserEntry, production)].filter(Boolean).map((refusal) => `${folder}.browserEntry: ${refusal}`),
      ];
      if (refusals.length > 0) problems.push(...refusals);
      else remotes[folder] = release;
    } catch (error) {
      const errors = (error as { errors?: string[] }).errors ?? [(error as Error).message];
      problems.push(...errors.map((message) => `${folder}: ${message}`));
    }
  }
  // every remote is listed: a page may show any of them, and a forgotten one would silently vanish
  for (const folder of REMOTE_FOLDERS) if (!(folder in (document.remotes as object))) problems.push(`"${folder}" is not listed`);
  if (problems.length > 0) throw new Error(problems.join('; '));
  return { remotes };
}
