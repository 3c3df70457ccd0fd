import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a stand-in saw it: what tests assert the real SDK sent (method, path, headers, body). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
}

export type StandInHandler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

/** A stand-in listening on loopback. */
export interface StandInServer {
  /** http://127.0.0.1:{port}, the base URL the SDK and the browser are pointed at */
  readonly url: string;
  /** every request received, oldest first (tests read what the SDK sent) */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Answered 200 by every stand-in: what a runner polls before it starts what talks to the stand-in. */
export const STAND_IN_HEALTH_PATH = '/__stand-in/health';

/** Bodies the providers' SDKs send are small; anything bigger is refused like a provider would. */
const MAX_BODY_BYTES = 1_000_000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendText(response: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/**
 * Starts a stand-in on 127.0.0.1 (port 0: a free one). Each request is recorded, then handled; a
 * handler that throws answers 500 like a provider's server error, so an SDK's error path is what
 * the test sees, never a hung socket.
 */
export async function listen(handler: StandInHandler, port = 0): Promise<StandInServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        // the e2e runner waits on this before starting the stack (not recorded: it is not the SDK's)
        if (request.url === STAND_IN_HEALTH_PATH) return sendJson(response, 200, { status: 'ok' });
        const recorded: RecordedRequest = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body: await readBody(request) };
        requests.push(recorded);
        await handler(recorded, response);
      } catch (error) {
        if (!response.headersSent) sendJson(response, 500, { error: { message: error instanceof Error ? error.message : String(error) } });
        else response.destroy();
      }
    })();
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
