// The wire format of a signed internal call (the services' /internal routes), written out here rather than
// imported from service-kit: the harness checks the services against the format as documented, so
// a change on both sides at once (client and guard agreeing on something else) still shows.
//
//   X-Internal-Caller: payments | forms | orders
//   X-Internal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<METHOD>.<path with query>.<hex sha256(raw body)>")>
import { createHash, createHmac } from 'node:crypto';

export const INTERNAL_CALLER_HEADER = 'x-internal-caller';
export const INTERNAL_SIGNATURE_HEADER = 'x-internal-signature';

/** Which caller each internal route names (the route table's `callers`; this is its fallback when absent). */
export function callerOf(route) {
  if (Array.isArray(route.callers) && route.callers.length > 0) return route.callers[0];
  return route.path.startsWith('/internal/email') ? 'forms' : 'payments';
}

/**
 * The two headers of a request signed by `caller` with `secret`.
 * @param {{ caller: string, secret: string, method?: string, path: string, body?: string | Buffer, at?: number }} request
 */
export function signInternal({ caller, secret, method = 'GET', path, body, at = Math.floor(Date.now() / 1000) }) {
  const bodyHash = createHash('sha256').update(body ?? '').digest('hex');
  const v1 = createHmac('sha256', secret).update(`${at}.${method.toUpperCase()}.${path}.${bodyHash}`).digest('hex');
  return { [INTERNAL_CALLER_HEADER]: caller, [INTERNAL_SIGNATURE_HEADER]: `t=${at},v1=${v1}` };
}
