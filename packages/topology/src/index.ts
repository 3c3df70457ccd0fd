/**
 * The one map of the site: which processes there are, on which ports, found through which
 * environment variables, and which remotes the shell composes. Everything that starts, finds or
 * packages a part reads it here (scripts/start.mjs, each service's main.ts, the gateway's config,
 * the service clients); docker-compose.yml and the Dockerfiles are held to it by a test. Plain
 * data and small functions, no Node or browser API: both sides may import it.
 */

export type ServiceName = 'content' | 'forms' | 'orders' | 'payments';

export interface ServiceTopology {
  name: ServiceName;
  /** the default port; `portEnv` overrides it */
  port: number;
  portEnv: string;
  /** where the gateway and the other services find it (default http://127.0.0.1:<port>) */
  urlEnv: string;
  /** first path segments after /api that the gateway forwards to it */
  apiSegments: readonly string[];
}

export const SERVICES: Readonly<Record<ServiceName, ServiceTopology>> = Object.freeze({
  content: { name: 'content', port: 4101, portEnv: 'CONTENT_PORT', urlEnv: 'CONTENT_SERVICE_URL', apiSegments: ['content', 'reviews', 'search', 'catalog'] },
  forms: { name: 'forms', port: 4102, portEnv: 'FORMS_PORT', urlEnv: 'FORMS_SERVICE_URL', apiSegments: ['forms'] },
  orders: {
    name: 'orders',
    port: 4103,
    portEnv: 'ORDERS_PORT',
    urlEnv: 'ORDERS_SERVICE_URL',
    apiSegments: ['order', 'quote', 'my-account', 'email', 'admin'],
  },
  payments: { name: 'payments', port: 4104, portEnv: 'PAYMENTS_PORT', urlEnv: 'PAYMENTS_SERVICE_URL', apiSegments: ['payment', 'payment-methods'] },
});

/** Backends in the order they start (before the gateway). */
export const SERVICE_NAMES: readonly ServiceName[] = ['content', 'forms', 'orders', 'payments'];

/** The one origin shoppers reach. */
export const GATEWAY = Object.freeze({ name: 'gateway' as const, port: 8080, portEnv: 'PORT' });

/** The embedded PostgreSQL `npm start` runs when no DATABASE_URL is given (off 5432 on purpose). */
export const EMBEDDED_DATABASE = Object.freeze({ port: 54329, portEnv: 'EMBEDDED_PG_PORT' });

export type RemoteName = 'mf_content' | 'mf_catalog' | 'mf_forms' | 'mf_estimator' | 'mf_checkout' | 'mf_backoffice';

export interface RemoteTopology {
  /** the Module Federation container name */
  name: RemoteName;
  /** its folder in the repository, and its path under /remotes/ */
  folder: string;
  /** overrides where the gateway tells browsers to find its manifest */
  urlEnv: string;
  /** `npm run dev`'s webpack-dev-server port */
  devPort: number;
}

export const SHELL = Object.freeze({ folder: 'shell', devPort: 3000 });

export const REMOTES: readonly RemoteTopology[] = Object.freeze([
  { name: 'mf_content', folder: 'mf-content', urlEnv: 'REMOTE_MF_CONTENT_URL', devPort: 3001 },
  { name: 'mf_catalog', folder: 'mf-catalog', urlEnv: 'REMOTE_MF_CATALOG_URL', devPort: 3002 },
  { name: 'mf_forms', folder: 'mf-forms', urlEnv: 'REMOTE_MF_FORMS_URL', devPort: 3003 },
  { name: 'mf_estimator', folder: 'mf-estimator', urlEnv: 'REMOTE_MF_ESTIMATOR_URL', devPort: 3004 },
  { name: 'mf_checkout', folder: 'mf-checkout', urlEnv: 'REMOTE_MF_CHECKOUT_URL', devPort: 3005 },
  // the staff back office (/admin): its own slice, never loaded by the shop's pages
  { name: 'mf_backoffice', folder: 'mf-backoffice', urlEnv: 'REMOTE_MF_BACKOFFICE_URL', devPort: 3006 },
]);

/** The manifest a remote's production build serves behind the gateway. */
export function defaultRemoteManifestPath(remote: Pick<RemoteTopology, 'folder'>): string {
  return `/remotes/${remote.folder}/mf-manifest.json`;
}

type Env = Readonly<Record<string, string | undefined>>;

function portFrom(env: Env, variable: string, fallback: number): number {
  const raw = env[variable]?.trim();
  return raw ? Number(raw) : fallback;
}

/** A service's port: its `portEnv` when set, else the default. */
export function servicePort(name: ServiceName, env: Env = {}): number {
  return portFrom(env, SERVICES[name].portEnv, SERVICES[name].port);
}

/** A service on this machine, at its port (the default of its `urlEnv`). */
export function localServiceUrl(name: ServiceName, env: Env = {}): string {
  return `http://127.0.0.1:${servicePort(name, env)}`;
}

/** Where to reach a service: its `urlEnv` when set, else this machine at its port. */
export function serviceUrl(name: ServiceName, env: Env = {}): string {
  return env[SERVICES[name].urlEnv]?.trim() || localServiceUrl(name, env);
}

export function gatewayPort(env: Env = {}): number {
  return portFrom(env, GATEWAY.portEnv, GATEWAY.port);
}

/** The service that owns `/api/<segment>/...`, or undefined. */
export function serviceForApiSegment(segment: string): ServiceName | undefined {
  return SERVICE_NAMES.find((name) => SERVICES[name].apiSegments.includes(segment));
}
export * from './payment-providers.js';
