/** Every JSON error the services send. `errors` carries per-field messages (form and checkout validation). */
export interface ApiErrorBody {
  success: false;
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
  /** Machine-readable reason where the spec names one (tokenExpired, quoteNotExist, orderNotExist, ...). */
  errorType?: string;
  requestId?: string;
}

export interface HealthBody {
  status: 'ok' | 'degraded';
  service: string;
  uptimeSeconds: number;
  database?: 'up' | 'down';
}

/** Remote name (Module Federation container name) -> manifest URL. Served by the gateway at /config/remotes.json. */
export type RemoteName = 'mf_content' | 'mf_catalog' | 'mf_forms' | 'mf_estimator' | 'mf_checkout';
export interface RemotesConfig {
  remotes: Record<RemoteName, string>;
}
