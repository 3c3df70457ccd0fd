import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What API_HELMET_OPTIONS puts on an answer, for answers written by a front handler (helmet, an
 * express middleware, never sees them); service-app.test.ts holds the two to the same headers.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** Puts API_SECURITY_HEADERS on an answer helmet does not see (a front handler's). */
export function setApiSecurityHeaders(res: ServerResponse): void {
  for (const name in API_SECURITY_HEADERS) res.setHeader(name, API_SECURITY_HEADERS[name]!);
}

/**
 * A JSON answer written as express's `res.status(status).json(value)` writes it here (no ETag: the
 * services turn it off; no replacer or spaces), byte for byte, without express: the exception
 * filter, the body parser's errors and the front handlers all answer through it, so an answer is
 * the same whichever of them wrote it. A HEAD request gets the headers without the body.
 */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value) ?? '', 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
