import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { INTERNAL_CALLERS, INTERNAL_CALLER_HEADER, INTERNAL_SIGNATURE_HEADER, type InternalCaller } from '@storefront/contracts';

/**
 * Each internal caller's own secret, held by the caller and by the services whose routes name it:
 * payments' and forms' by orders, orders' (the back office's calls) by forms and payments.
 */
export const INTERNAL_SECRET_VARIABLES: Readonly<Record<InternalCaller, string>> = Object.freeze({
  payments: 'PAYMENTS_INTERNAL_SECRET',
  forms: 'FORMS_INTERNAL_SECRET',
  orders: 'ORDERS_INTERNAL_SECRET',
});

/** How far a signature's time may be from the receiver's clock, either way: a captured request replays for at most this long. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

type Env = Record<string, string | undefined>;

/** The caller's secret from its variable; undefined when unset (development: loopback callers only). */
export function internalSecretOf(caller: InternalCaller, env: Env = process.env): string | undefined {
  return env[INTERNAL_SECRET_VARIABLES[caller]]?.trim() || undefined;
}

export function isInternalCaller(value: unknown): value is InternalCaller {
  return typeof value === 'string' && (INTERNAL_CALLERS as readonly string[]).includes(value);
}

function sha256Hex(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/** What is signed: the time, the method, the path with its query, and the body's SHA-256 (of the empty string without one). */
function signatureOf(secret: string, seconds: number, method: string, pathWithQuery: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(`${seconds}.${method.toUpperCase()}.${pathWithQuery}.${sha256Hex(body)}`).digest('hex');
}

export interface InternalRequest {
  caller: InternalCaller;
  /** the caller's secret; undefined (development only) sends no signature, and only a loopback call is then accepted */
  secret: string | undefined;
  method: string;
  /** the URL being called (its path and query are signed) or the path with query itself */
  url: string;
  /** the exact bytes sent, if any */
  body?: string | Uint8Array;
  /** unix seconds; now by default */
  nowSeconds?: number;
}

/** The headers that make a call to another service's internal route: the caller's name and its signature. */
export function signInternalRequest(request: InternalRequest): Record<string, string> {
  const headers: Record<string, string> = { [INTERNAL_CALLER_HEADER]: request.caller };
  if (!request.secret) return headers;
  const target = new URL(request.url, 'http://internal.invalid');
  const seconds = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  const signature = signatureOf(request.secret, seconds, request.method, `${target.pathname}${target.search}`, request.body ?? '');
  headers[INTERNAL_SIGNATURE_HEADER] = `t=${seconds},v1=${signature}`;
  return headers;
}

const SIGNATURE_PATTERN = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

export interface ReceivedInternalRequest {
  method: string;
  /** the path with query as received */
  pathWithQuery: string;
  /** the raw body bytes as received (undefined: none) */
  rawBody: Uint8Array | undefined;
  signature: string | undefined;
  secret: string;
  nowSeconds?: number;
}

/** true when `signature` is the secret's over this request, made within SIGNATURE_TOLERANCE_SECONDS; compared in constant time. */
export function validInternalSignature(request: ReceivedInternalRequest): boolean {
  const match = SIGNATURE_PATTERN.exec(request.signature?.trim() ?? '');
  if (!match) return false;
  const seconds = Number(match[1]);
  const now = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = signatureOf(request.secret, seconds, request.method, request.pathWithQuery, request.rawBody ?? '');
  return timingSafeEqual(Buffer.from(match[2]!, 'hex'), Buffer.from(expected, 'hex'));
}
