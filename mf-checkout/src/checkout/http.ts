/** What a JSON call answered: the HTTP status and the parsed body (undefined when it was not JSON). */
export interface JsonAnswer<T> {
  status: number;
  ok: boolean;
  body: T | undefined;
}

/**
 * Sends JSON and reads JSON. A dropped connection rejects (callers turn it into the spec's message);
 * any HTTP status resolves, so callers decide what a 400 or 409 means.
 */
export async function sendJson<T>(url: string, method: 'POST' | 'PATCH', body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  let parsed: T | undefined;
  try {
    parsed = (await response.json()) as T;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, ok: response.ok, body: parsed };
}

/** The server's own `message` when it sent one. */
export function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return undefined;
}

// One key maker for every remote that sends an Idempotency-Key.
export { newIdempotencyKey } from '@storefront/contracts';
