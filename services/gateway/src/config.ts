import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@storefront/contracts';
import {
  CIRCUIT_BREAKER_READERS,
  type CircuitBreakerSettings,
  type EnvReader,
  type ProductionRules,
  flag,
  integer,
  isProduction,
  readEnvConfig,
  redactUrl,
  text,
  url,
} from '@storefront/service-kit';
import { defaultRemotesCacheDir } from './remotes/server-bundles.js';
import { REMOTES, SERVICES, SERVICE_NAMES, defaultRemoteManifestPath, gatewayPort, localServiceUrl, paymentProvidersCsp, paymentProvidersOpenPopups } from '@storefront/topology';

import type { ServiceName } from '@storefront/topology';
export type { ServiceName };

export interface GatewayConfig {
  /** NODE_ENV=production */
  production: boolean;
  /** Each service's replicas, one URL or several (a comma-separated *_SERVICE_URL): the gateway balances across them. */
  upstreams: Record<ServiceName, string[]>;
  /**
   * Development's remotes (no REMOTES_REGISTRY_FILE): remote name -> manifest URL (REMOTE_MF_*_URL,
   * default the gateway's own builds under /remotes/), whose server builds load over that URL.
   */
  remotes: Record<RemoteName, string>;
  /** The remotes registry (REMOTES_REGISTRY_FILE): required in production, where it replaces `remotes`. */
  remotesRegistry: RemotesRegistryConfig;
  /** Folder holding shell/dist, mf-*\/dist and content/generated/images. */
  webRoot: string;
  proxyTimeoutMs: number;
  /** Each service URL's circuit breaker (CIRCUIT_*), read with the rest so a bad one is a start-up error like any. */
  circuit: CircuitBreakerSettings;
  /** Memory for the edge cache of content answers (GATEWAY_CACHE_MB); 0 turns it off. */
  edgeCacheBytes: number;
  /** Server rendering of pages (the shell's server build). */
  pages: PageRenderingConfig;
  /** RECAPTCHA_SITE_KEY is set: pages may load Google's reCAPTCHA widget (CSP script-src/frame-src). */
  recaptcha: boolean;
  /**
   * The origins the checkout's payment providers need (their scripts, frames, API calls), for the
   * providers whose public keys are set (STRIPE_PUBLISHABLE_KEY, PAYPAL_CLIENT_ID,
   * AUTHORIZENET_CLIENT_KEY), read from the same variables as the payments service.
   */
  paymentProviders: ReturnType<typeof paymentProvidersCsp>;
  /** a provider switched on opens a popup that reports back to the page (PayPal): COOP same-origin-allow-popups */
  paymentPopups: boolean;
  /**
   * Strict-Transport-Security's max-age in seconds (GATEWAY_HSTS_MAX_AGE), sent in production only
   * (a local run is plain http); undefined outside production.
   */
  hstsMaxAgeSeconds: number | undefined;
  /**
   * GATEWAY_BEHIND_PROXY=true: a trusted proxy (the ingress) sits in front, so the client's
   * X-Forwarded-For is kept and the gateway appends the address it saw; otherwise the gateway is the
   * edge and a client's own X-Forwarded-For is dropped.
   */
  behindProxy: boolean;
}

export interface RemotesRegistryConfig {
  /** the registry document ('' when unset: development's `remotes` serve) */
  file: string;
  /** verified server bundles are written here (the image's filesystem is read-only but for /tmp) */
  cacheDir: string;
  /** the file is read again at least this often, whatever the watch reports */
  rereadMs: number;
  /** bound on each download of a server bundle's file */
  bundleTimeoutMs: number;
  /** bound on one server bundle file's size */
  maxFileBytes: number;
}

export interface PageRenderingConfig {
  /** where the server reaches its own /remotes files (relative manifest URLs in remotes.json) */
  internalOrigin: string;
  /** bound on each data call made while rendering */
  dataTimeoutMs: number;
  /** bound on a whole render; what is still pending is left to the browser */
  renderTimeoutMs: number;
  /** a remote's manifest is checked for a new deployment at most this often */
  manifestTtlMs: number;
  /** how long the body waits for every area before streaming what is ready first */
  streamAfterMs: number;
}

/** The remote apps served at /remotes/<folder>/, with their MF names. */
export const REMOTE_APPS: { name: RemoteName; folder: string; envVar: string }[] = REMOTES.map((remote) => ({
  name: remote.name,
  folder: remote.folder,
  envVar: remote.urlEnv,
}));

/** services/gateway/{src,dist} -> the repository root. */
function defaultWebRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
}

/**
 * A service's URLs: one, or several separated by commas (its replicas, which the gateway balances
 * across), each checked like a single URL; a bad or repeated entry is named in the problem. Only the
 * gateway reads lists: a service calling another keeps one URL (in Kubernetes, a Service balances).
 */
export function urlList(variable: string, fallback: string): EnvReader<string[]> {
  const single = url(variable, undefined);
  return {
    variable,
    read(raw) {
      if (!raw?.trim()) return { value: [fallback] };
      const entries = raw.split(',').map((entry) => entry.trim());
      const urls: string[] = [];
      for (const [index, entry] of entries.entries()) {
        const at = entries.length > 1 ? ` (entry ${index + 1} of ${entries.length}${entry ? `: "${redactUrl(entry)}"` : ''})` : '';
        if (!entry) return { problem: `${variable} has an empty entry${at}: separate URLs with single commas` };
        const result = single.read(entry);
        if ('problem' in result) return { problem: `${result.problem}${at}` };
        // one breaker and one pool per URL: the same replica twice would get twice the traffic and split its failures
        if (urls.includes(result.value)) return { problem: `${variable} lists ${result.value} twice` };
        urls.push(result.value);
      }
      return { value: urls };
    },
  };
}

/** Reads the gateway's environment (architecture.md names every variable); throws listing bad ones. */
export function readGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const config = readEnvConfig(
    {
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, urlList(SERVICES[name].urlEnv, localServiceUrl(name, env))])),
      webRoot: text('WEB_ROOT', defaultWebRoot()),
      proxyTimeoutMs: integer('GATEWAY_PROXY_TIMEOUT_MS', 30000, 100, 600000),
      ...CIRCUIT_BREAKER_READERS,
      internalOrigin: url('SSR_INTERNAL_ORIGIN', `http://127.0.0.1:${gatewayPort(env)}`),
      dataTimeoutMs: integer('SSR_DATA_TIMEOUT_MS', 2500, 50, 60000),
      renderTimeoutMs: integer('SSR_RENDER_TIMEOUT_MS', 8000, 100, 120000),
      manifestTtlMs: integer('SSR_MANIFEST_TTL_MS', 1000, 0, 3600000),
      streamAfterMs: integer('SSR_STREAM_AFTER_MS', 300, 0, 60000),
      edgeCacheMb: integer('GATEWAY_CACHE_MB', 32, 0, 4096),
      recaptchaSiteKey: text('RECAPTCHA_SITE_KEY', ''),
      hstsMaxAge: HSTS_MAX_AGE_READER,
      behindProxy: flag('GATEWAY_BEHIND_PROXY', false),
      registryFile: text('REMOTES_REGISTRY_FILE', ''),
      registryCacheDir: text('REMOTES_CACHE_DIR', defaultRemotesCacheDir()),
      registryRereadMs: integer('REMOTES_REGISTRY_REREAD_MS', 10000, 100, 3600000),
      bundleTimeoutMs: integer('REMOTES_BUNDLE_TIMEOUT_MS', 10000, 100, 120000),
      ...Object.fromEntries(
        REMOTE_APPS.map((remote) => [
          remote.name,
          url(remote.envVar, defaultRemoteManifestPath(remote), { allowPath: true }),
        ]),
      ),
    },
    env,
  ) as Record<string, string | number | boolean | string[]>;
  return {
    production: isProduction(env),
    upstreams: Object.fromEntries(SERVICE_NAMES.map((name) => [name, config[name] as string[]])) as Record<ServiceName, string[]>,
    remotes: Object.fromEntries(REMOTE_APPS.map((remote) => [remote.name, String(config[remote.name])])) as Record<
      RemoteName,
      string
    >,
    remotesRegistry: {
      file: String(config.registryFile).trim() ? path.resolve(String(config.registryFile).trim()) : '',
      cacheDir: path.resolve(String(config.registryCacheDir)),
      rereadMs: Number(config.registryRereadMs),
      bundleTimeoutMs: Number(config.bundleTimeoutMs),
      // the largest server chunk today is about 0.3 MB: 20 MB is room, and a bound
      maxFileBytes: 20 * 1024 * 1024,
    },
    webRoot: path.resolve(String(config.webRoot)),
    paymentProviders: paymentProvidersCsp(env),
    paymentPopups: paymentProvidersOpenPopups(env),
    proxyTimeoutMs: Number(config.proxyTimeoutMs),
    circuit: {
      errorThresholdPercentage: Number(config.errorThresholdPercentage),
      volumeThreshold: Number(config.volumeThreshold),
      rollingCountTimeoutMs: Number(config.rollingCountTimeoutMs),
      resetTimeoutMs: Number(config.resetTimeoutMs),
    },
    pages: {
      internalOrigin: String(config.internalOrigin).replace(/\/$/, ''),
      dataTimeoutMs: Number(config.dataTimeoutMs),
      renderTimeoutMs: Number(config.renderTimeoutMs),
      manifestTtlMs: Number(config.manifestTtlMs),
      streamAfterMs: Number(config.streamAfterMs),
    },
    edgeCacheBytes: Number(config.edgeCacheMb) * 1024 * 1024,
    recaptcha: String(config.recaptchaSiteKey).trim() !== '',
    hstsMaxAgeSeconds: isProduction(env) ? Number(config.hstsMaxAge) : undefined,
    behindProxy: Boolean(config.behindProxy),
  };
}

/** One year: what browsers' preload lists ask for. */
export const DEFAULT_HSTS_MAX_AGE_SECONDS = 31_536_000;
/** The shortest max-age production accepts: a day (less lets a shopper's next visit start on plain http again). */
export const MIN_PRODUCTION_HSTS_MAX_AGE_SECONDS = 86_400;
const HSTS_MAX_AGE_READER = integer('GATEWAY_HSTS_MAX_AGE', DEFAULT_HSTS_MAX_AGE_SECONDS, 0, 63_072_000);

/**
 * What production requires of the gateway besides every service's rules: HSTS for at least a day,
 * and the remotes registry (REMOTES_REGISTRY_FILE). Without it the gateway would run the server
 * code of whatever answers at REMOTE_MF_*_URL, unchecked; with it, only bundles whose sha384 the
 * registry names (remotes/registry.ts, server-bundles.ts).
 */
export function gatewayProductionRules(): ProductionRules {
  return {
    hstsMaxAge: {
      variable: 'GATEWAY_HSTS_MAX_AGE',
      read(raw) {
        const result = HSTS_MAX_AGE_READER.read(raw);
        if ('value' in result && result.value < MIN_PRODUCTION_HSTS_MAX_AGE_SECONDS) {
          return { problem: `GATEWAY_HSTS_MAX_AGE must be at least ${MIN_PRODUCTION_HSTS_MAX_AGE_SECONDS} seconds in production (got ${result.value}): browsers would forget to insist on https` };
        }
        return result;
      },
    },
    registry: {
      variable: 'REMOTES_REGISTRY_FILE',
      read(raw) {
        if (!raw?.trim()) {
          return { problem: 'REMOTES_REGISTRY_FILE must be set in production: the gateway renders only remote server bundles the registry names, checked against their sha384 (see docs/deployment.md)' };
        }
        return { value: raw.trim() };
      },
    },
  };
}
