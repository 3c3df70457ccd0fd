import type { ApiErrorBody } from './errors.js';
import { CSRF_COOKIE, CSRF_HEADER, readCookie } from '../accounts/session.js';
import { STAFF_CSRF_COOKIE } from '../admin/staff-session.js';

/** The back office's API: its writes carry the staff session's CSRF token. */
const ADMIN_API_PREFIX = '/api/admin/';
import { SERVER_UNREACHABLE_MESSAGE } from '../forms/messages.js';
import { IDEMPOTENCY_KEY_HEADER, ORDER_TOKEN_HEADER } from './headers.js';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf, RouteRef, RouteSpec } from './route.js';

/**
 * The browser's one way to call the API: `call(route, { params, query, body, ... })`, typed by the
 * route table. It builds the URL from the route's path (so no `/api/...` string is written by hand),
 * sends JSON (or a FormData as multipart), bounds the wait, and reads every answer the same way:
 * `{ ok: true, data }` on success, `{ ok: false, error }` with the API's error body otherwise. HTTP
 * errors are answers, not exceptions, because callers decide what a 400 or a 409 means; only a
 * dropped connection or a timeout rejects (with `ApiUnreachableError`).
 */

/** A query value: repeated keys for arrays; undefined leaves the key out. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;
export type QueryInput = Record<string, QueryValue>;

type ParamsOption<R extends RouteSpec> = ParamsOf<R> extends undefined ? { params?: undefined } : { params: ParamsOf<R> };
type BodyOption<R extends RouteSpec> = BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> | FormData };

export type CallOptions<R extends RouteSpec> = ParamsOption<R> &
  BodyOption<R> & {
    query?: (QueryOf<R> extends undefined ? QueryInput : Partial<Record<keyof QueryOf<R>, QueryValue>>) | undefined;
    /** sent as Idempotency-Key (routes marked idempotent): the same key for a re-send of the same write */
    idempotencyKey?: string | undefined;
    /** sent as X-Order-Token (routes whose access is orderToken) */
    orderToken?: string | undefined;
    signal?: AbortSignal | undefined;
    /** bound on the whole call; default DEFAULT_CALL_TIMEOUT_MS */
    timeoutMs?: number | undefined;
    /** origin to prefix (server-side callers); the browser calls its own origin */
    origin?: string | undefined;
    fetch?: typeof fetch | undefined;
  };

/**
 * An API error answer as the browser reads it. `message` is the server's own (absent when it sent
 * none, e.g. a proxy's HTML error page: the caller then shows its own wording, or `statusMessage`).
 */
export type ApiError = Omit<ApiErrorBody, 'success' | 'message'> & { message?: string };

/** A plain description of an HTTP status, for answers without a message of their own. */
export function statusMessage(status: number, statusText = ''): string {
  return `The server answered ${status}${statusText ? ` ${statusText}` : ''}.`;
}

export type ApiAnswer<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: ApiError; headers: Headers };

export const DEFAULT_CALL_TIMEOUT_MS = 20_000;

/** The server could not be reached, or did not answer within the bound. */
export class ApiUnreachableError extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'aborted', options?: { cause?: unknown }) {
    super(reason === 'timeout' ? 'The server took too long to answer. Please try again.' : SERVER_UNREACHABLE_MESSAGE, options);
    this.name = 'ApiUnreachableError';
  }
}

function appendQuery(search: URLSearchParams, query: Record<string, QueryValue>): void {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
}

/**
 * The URL of a route: `/api/order/view/:id` with `{ id: 'A1' }` -> `/api/order/view/A1`. Parameters
 * are encoded; a missing one is a programming error and throws. Page-data readers use this too, so
 * the URL a page reads on the server is the one the browser's store looks up.
 */
export function apiUrl<R extends RouteSpec>(
  route: RouteRef<R>,
  options: { params?: ParamsOf<R> | Record<string, string | number>; query?: Record<string, QueryValue> | undefined } = {},
): string {
  const params = (options.params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`apiUrl: ${route.method} ${route.path} needs the "${name}" parameter`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (options.query) appendQuery(search, options.query);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The error body of a failed answer, whatever the server sent. */
export function readApiError(status: number, body: unknown): ApiError {
  const candidate = (typeof body === 'object' && body !== null ? body : {}) as Partial<Record<keyof ApiErrorBody, unknown>>;
  const rawMessage = candidate.message as unknown;
  const message =
    typeof rawMessage === 'string' && rawMessage ? rawMessage : Array.isArray(rawMessage) && typeof rawMessage[0] === 'string' ? rawMessage[0] : undefined;
  const errors =
    typeof candidate.errors === 'object' && candidate.errors !== null
      ? Object.fromEntries(Object.entries(candidate.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : undefined;
  return {
    statusCode: status,
    ...(message ? { message } : {}),
    ...(errors ? { errors } : {}),
    ...(typeof candidate.errorType === 'string' ? { errorType: candidate.errorType } : {}),
    ...(typeof candidate.requestId === 'string' ? { requestId: candidate.requestId } : {}),
  };
}

/** The answer's JSON, or undefined for an empty or non-JSON body (a proxy's HTML error page). */
async function jsonOrUndefined(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    // by name: a SyntaxError may come from another realm (the fetch implementation's)
    if ((error as Error | undefined)?.name === 'SyntaxError') return undefined;
    throw error;
  }
}

type UntypedCallOptions = Omit<CallOptions<RouteSpec>, 'params' | 'body' | 'query'> & {
  params?: Record<string, string>;
  body?: unknown;
  query?: Record<string, QueryValue>;
};

/** Calls one route of the table. See the module comment for what resolves and what rejects. */
export async function call<R extends RouteSpec>(route: RouteRef<R>, options: CallOptions<R>): Promise<ApiAnswer<ResponseOf<R>>> {
  const { params, query, body, idempotencyKey, orderToken, signal, timeoutMs = DEFAULT_CALL_TIMEOUT_MS, origin = '', fetch: fetchImpl = fetch } =
    options as unknown as UntypedCallOptions;
  const url = `${origin}${apiUrl(route, { params, query })}`;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  if (orderToken) headers[ORDER_TOKEN_HEADER] = orderToken;
  // A signed-in browser echoes its CSRF cookie on every write: the server refuses a write that
  // carries the session cookie without it (a forged request from another site cannot read it). The
  // back office's routes echo the staff session's own, never a customer's.
  if (route.method !== 'GET') {
    const csrfCookie = route.path.startsWith(ADMIN_API_PREFIX) ? STAFF_CSRF_COOKIE : CSRF_COOKIE;
    const csrf = typeof document === 'undefined' ? undefined : readCookie(document.cookie, csrfCookie);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetchImpl(url, { method: route.method, headers, body: payload, signal: combined, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiUnreachableError(signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'network', { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = await jsonOrUndefined(response);
  } catch (error) {
    throw new ApiUnreachableError(timeout.aborted ? 'timeout' : 'network', { cause: error });
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as ResponseOf<R>, headers: response.headers };
  return { ok: false, status: response.status, error: readApiError(response.status, parsed), headers: response.headers };
}
