/** Header on `POST /api/order`, `PATCH /api/order` and every payment call: the same key gives the same answer. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 8–128 characters of letters, digits, '-', '_' or ':' (a UUID is the usual choice). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_:-]{8,128}$/;

/**
 * A fresh Idempotency-Key, a v4 UUID: crypto.randomUUID exists only on secure pages (https,
 * localhost), so elsewhere it is made from crypto.getRandomValues.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (cryptoApi) cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Header carrying the order token: the secret `POST /api/order` returns with a new order. The
 * browser keeps it with the retained order; `PATCH /api/order` needs it, so knowing an order id is
 * not enough to change someone's order.
 */
export const ORDER_TOKEN_HEADER = 'X-Order-Token';

/** Internal calls: which service signs the request (`payments`, `forms` or `orders`, see INTERNAL_CALLERS). */
export const INTERNAL_CALLER_HEADER = 'X-Internal-Caller';
/**
 * Internal calls: `t=<unix seconds>,v1=<hex HMAC-SHA256(caller's secret, "<t>.<METHOD>.<path with
 * query>.<hex SHA-256 of the raw body>")>`. The secret itself never travels.
 */
export const INTERNAL_SIGNATURE_HEADER = 'X-Internal-Signature';
