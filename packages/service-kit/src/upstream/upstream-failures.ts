/**
 * Which errors mean an upstream is failing (and count toward opening its breaker), shared by the
 * callers' `isUpstreamFailure`: it could not be reached, it did not answer in time, or it answered
 * that it is failing (a 5xx) or overloaded (429). A 4xx about the request itself (404 order not
 * found, 400 refused, 401 a wrong token) is the caller's business: the upstream answered.
 */

/** Connection-level codes (node's net/dns, undici, axios): no answer came, whatever was asked. */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ERR_NETWORK',
]);

/** A status that says the upstream, not the request, is failing: a 5xx, or 429 (rate limited). */
export function isFailingStatus(status: unknown): boolean {
  return typeof status === 'number' && (status === 429 || (status >= 500 && status < 600));
}

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and what it wraps (`cause`, AggregateError's `errors`), a few levels deep. */
function* chainOf(error: unknown, depth = 0): Generator<ErrorFields> {
  if (!error || typeof error !== 'object' || depth > 4) return;
  const fields = error as ErrorFields;
  yield fields;
  yield* chainOf(fields.cause, depth + 1);
  if (Array.isArray(fields.errors)) for (const inner of fields.errors) yield* chainOf(inner, depth + 1);
}

/**
 * No answer: the connection was refused, reset or timed out, the name did not resolve, or the call's
 * own bound ran out (AbortSignal.timeout's TimeoutError; the breaker's ETIMEDOUT). An AbortError (the
 * caller gave up, e.g. its job was cancelled) is not the upstream's doing and does not count.
 */
export function isUnreachable(error: unknown): boolean {
  for (const fields of chainOf(error)) {
    if (typeof fields.code === 'string' && UNREACHABLE_CODES.has(fields.code)) return true;
    if (fields.name === 'TimeoutError') return true;
    // undici's fetch rejects with this TypeError for every network failure (the reason is its cause)
    if (fields.name === 'TypeError' && fields.message === 'fetch failed') return true;
  }
  return false;
}

/** The upstream answered with a status that means it is failing (an SDK's `statusCode`, a fetch-style `status`). */
export function answeredFailing(error: unknown): boolean {
  for (const fields of chainOf(error)) {
    if (isFailingStatus(fields.statusCode) || isFailingStatus(fields.status)) return true;
  }
  return false;
}

/** The default reading for an HTTP upstream: unreachable, timed out, or answered 5xx / 429. */
export function isUpstreamFailure(error: unknown): boolean {
  return isUnreachable(error) || answeredFailing(error);
}

/**
 * An answer that means the upstream is failing (5xx, 429), thrown inside `UpstreamBreaker.run` by a
 * fetch caller so that the breaker counts it (fetch itself resolves with any status).
 */
export class UpstreamStatusError extends Error {
  override readonly name = 'UpstreamStatusError';
  constructor(
    readonly upstream: string,
    readonly status: number,
  ) {
    super(`${upstream} answered ${status}`);
  }
}

/**
 * For a fetch inside `UpstreamBreaker.run`: the response unless its status means the upstream is
 * failing, in which case its body is let go and UpstreamStatusError thrown (and counted).
 */
export async function failingAnswerThrown(upstream: string, response: Response): Promise<Response> {
  if (!isFailingStatus(response.status)) return response;
  await response.body?.cancel().catch(() => undefined);
  throw new UpstreamStatusError(upstream, response.status);
}
