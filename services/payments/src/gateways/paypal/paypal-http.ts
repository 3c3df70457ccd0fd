/**
 * Points @paypal/paypal-server-sdk at another base URL (PAYPAL_API_BASE_URL: a local stand-in).
 *
 * The SDK fixes its base URI per `Environment` (client.ts `getBaseUri`: api-m.paypal.com or
 * api-m.sandbox.paypal.com) and has no base-URL option. What it does offer is
 * `unstable_httpClientOptions`, handed as-is to `axios.create` by the HTTP client it wraps
 * (@apimatic/axios-client-adapter's HttpClient, `clientConfigOverrides`). Axios takes an `adapter`
 * there: the function that performs a request. This one moves the request from the environment's
 * base URI to the configured one and performs it with Node's fetch, so every SDK call (OAuth token
 * included) goes to the stand-in while the SDK builds, authenticates, serialises and parses exactly
 * as it does against PayPal. Nothing in node_modules is patched; without PAYPAL_API_BASE_URL the
 * adapter is not installed at all and the SDK's own axios transport talks to PayPal.
 */

/** The part of axios' request config the SDK's HttpClient sets (see its convertHttpRequest). */
interface AxiosLikeConfig {
  url?: string;
  method?: string;
  headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
  data?: unknown;
  timeout?: number;
  auth?: { username: string; password: string };
  signal?: AbortSignal;
}

/** What axios expects an adapter to resolve with. */
interface AxiosLikeResponse {
  data: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  config: AxiosLikeConfig;
  request: null;
}

export function rebasedTransport(fromBase: string, toBase: string): (config: AxiosLikeConfig) => Promise<AxiosLikeResponse> {
  const from = fromBase.replace(/\/+$/, '');
  const to = toBase.replace(/\/+$/, '');
  return async (config) => {
    const url = config.url ?? '';
    if (!url.startsWith(from)) throw new Error(`PayPal SDK request outside its base URI: ${url}`);
    const raw = typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : { ...(config.headers ?? {}) };
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined && value !== null && value !== false) headers.set(name, String(value));
    }
    if (config.auth) headers.set('authorization', `Basic ${Buffer.from(`${config.auth.username}:${config.auth.password}`).toString('base64')}`);
    const method = (config.method ?? 'GET').toUpperCase();
    const signals = [config.timeout ? AbortSignal.timeout(config.timeout) : null, config.signal ?? null].filter((s): s is AbortSignal => s !== null);
    const response = await fetch(`${to}${url.slice(from.length)}`, {
      method,
      headers,
      // the SDK sends JSON or form text (never a stream to these endpoints)
      ...(config.data !== undefined && config.data !== null && method !== 'GET' ? { body: typeof config.data === 'string' ? config.data : JSON.stringify(config.data) } : {}),
      ...(signals.length > 0 ? { signal: AbortSignal.any(signals) } : {}),
    });
    return {
      data: await response.text(),
      status: response.status,
      statusText: response.statusText,
      headers: Object.fromEntries(response.headers.entries()),
      config,
      request: null,
    };
  };
}
