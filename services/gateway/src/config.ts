import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@storefront/contracts';
import { integer, readEnvConfig, text, url } from '@storefront/service-kit';
import { REMOTES, SERVICES, SERVICE_NAMES, defaultRemoteManifestPath, gatewayPort, localServiceUrl, paymentProvidersCsp, paymentProvidersOpenPopups } from '@storefront/topology';

import type { ServiceName } from '@storefront/topology';
export type { ServiceName };

export interface GatewayConfig {
  upstreams: Record<ServiceName, string>;
  remotes: Record<RemoteName, string>;
  /** Folder holding shell/dist, mf-*\/dist and content/generated/images. */
  webRoot: string;
  proxyTimeoutMs: number;
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

/** Reads the gateway's environment (architecture.md names every variable); throws listing bad ones. */
export function readGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const config = readEnvConfig(
    {
      ...Object.fromEntries(SERVICE_NAMES.map((name) => [name, url(SERVICES[name].urlEnv, localServiceUrl(name, env))])),
      webRoot: text('WEB_ROOT', defaultWebRoot()),
      proxyTimeoutMs: integer('GATEWAY_PROXY_TIMEOUT_MS', 30000, 100, 600000),
      internalOrigin: url('SSR_INTERNAL_ORIGIN', `http://127.0.0.1:${gatewayPort(env)}`),
      dataTimeoutMs: integer('SSR_DATA_TIMEOUT_MS', 2500, 50, 60000),
      renderTimeoutMs: integer('SSR_RENDER_TIMEOUT_MS', 8000, 100, 120000),
      manifestTtlMs: integer('SSR_MANIFEST_TTL_MS', 1000, 0, 3600000),
      streamAfterMs: integer('SSR_STREAM_AFTER_MS', 300, 0, 60000),
      edgeCacheMb: integer('GATEWAY_CACHE_MB', 32, 0, 4096),
      recaptchaSiteKey: text('RECAPTCHA_SITE_KEY', ''),
      ...Object.fromEntries(
        REMOTE_APPS.map((remote) => [
          remote.name,
          url(remote.envVar, defaultRemoteManifestPath(remote), { allowPath: true }),
        ]),
      ),
    },
    env,
  ) as Record<string, string | number>;
  return {
    upstreams: {
      content: String(config.content),
      forms: String(config.forms),
      orders: String(config.orders),
      payments: String(config.payments),
    },
    remotes: Object.fromEntries(REMOTE_APPS.map((remote) => [remote.name, String(config[remote.name])])) as Record<
      RemoteName,
      string
    >,
    webRoot: path.resolve(String(config.webRoot)),
    paymentProviders: paymentProvidersCsp(env),
    paymentPopups: paymentProvidersOpenPopups(env),
    proxyTimeoutMs: Number(config.proxyTimeoutMs),
    pages: {
      internalOrigin: String(config.internalOrigin).replace(/\/$/, ''),
      dataTimeoutMs: Number(config.dataTimeoutMs),
      renderTimeoutMs: Number(config.renderTimeoutMs),
      manifestTtlMs: Number(config.manifestTtlMs),
      streamAfterMs: Number(config.streamAfterMs),
    },
    edgeCacheBytes: Number(config.edgeCacheMb) * 1024 * 1024,
    recaptcha: String(config.recaptchaSiteKey).trim() !== '',
  };
}
