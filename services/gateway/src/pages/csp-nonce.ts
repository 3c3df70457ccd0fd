import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const NONCES = new WeakMap<ServerResponse, string>();

/**
 * This response's CSP nonce, made on first use: helmet puts it into the Content-Security-Policy
 * header and the page renderer gives it to React for the small inline scripts that reveal streamed
 * areas. No other inline script runs.
 */
export function cspNonceFor(response: ServerResponse): string {
  let nonce = NONCES.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    NONCES.set(response, nonce);
  }
  return nonce;
}
