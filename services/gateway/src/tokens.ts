export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
/** The served OpenAPI document (api-reference.ts), built once when the app is built. */
export const API_REFERENCE = Symbol('API_REFERENCE');
/** The services' replicas, pools and breakers (upstreams.ts), the same object the proxy and the page renderer use. */
export const UPSTREAMS = Symbol('UPSTREAMS');

/** The gateway's RemoteSources (remotes/remote-sources.ts): the registry's verified releases, or development's URLs. */
export const REMOTE_SOURCES = Symbol('REMOTE_SOURCES');
