// Raw HTTP for the harness's hostile requests: the path goes on the wire byte for byte (fetch would
// normalise `..`, `%2e` and `\`), any header and any body bytes, and "no answer" is an outcome, not
// an exception. Shared by the fuzz and the forged requests; the fuzz's own inputs and runner are in
// fuzz-inputs.mjs and fuzz.mjs.
import http from 'node:http';

/** One socket per request the fuzz has in flight (its CONCURRENCY, fuzz.mjs). */
export const MAX_SOCKETS = 8;
const REQUEST_TIMEOUT_MS = 20_000;

// Idle sockets are dropped after 2 s, well before the servers' 5 s keep-alive (HTTP_KEEP_ALIVE_TIMEOUT_MS):
// reusing one the server is closing that moment gives ECONNRESET, a race of the client, not an answer.
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, timeout: 2_000 });

/**
 * One HTTP request with the path sent byte for byte (fetch would normalise `..`, `%2e` and `\`,
 * which the forged requests need to send as they are). Answers the status, headers and body text,
 * or `error` (the code) when no answer came.
 *
 * @param {string} baseUrl
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string | Buffer, timeoutMs?: number }} request
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string } | { status: 0, error: string }>}
 */
export function sendRaw(baseUrl, { method = 'GET', path: requestPath, headers = {}, body, timeoutMs = REQUEST_TIMEOUT_MS }) {
  const url = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    let request;
    try {
      request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: requestPath,
          agent,
          headers: { ...(payload ? { 'content-length': String(payload.length) } : {}), ...headers },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => settle({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', (error) => settle({ status: 0, error: error.code ?? error.message }));
        },
      );
    } catch (error) {
      // node refuses some paths before sending (control characters): not an answer of the server's
      settle({ status: -1, error: error.code ?? error.message });
      return;
    }
    request.on('timeout', () => {
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    });
    request.on('error', (error) => settle({ status: 0, error: error.code ?? error.message }));
    if (payload) request.end(payload);
    else request.end();
  });
}

/** JSON through the gateway (or a service), for setting the fuzz's world up; throws on an unexpected status. */
export async function callJson(baseUrl, method, requestPath, body, headers = {}, expected = [200, 201]) {
  const answer = await sendRaw(baseUrl, {
    method,
    path: requestPath,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!expected.includes(answer.status)) throw new Error(`${method} ${requestPath} answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}: ${String(answer.text ?? '').slice(0, 300)}`);
  return { ...answer, json: answer.text ? JSON.parse(answer.text) : undefined };
}
