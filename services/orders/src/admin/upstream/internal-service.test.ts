import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException } from '@nestjs/common';
import { submissionFormsResponseSchema } from '@storefront/contracts';
import { validInternalSignature } from '@storefront/service-kit';
import { InternalService, ServiceAnswerInvalid, ServiceRefusal, ServiceUnavailable, pathOf, serviceHttpError } from './internal-service.js';

// The back office's signed calls to another service, against a real HTTP server standing in for it:
// what is sent (signed as orders over the exact path and body), and every kind of answer in staff's
// words (a refusal keeps its status, no answer or a 5xx is unavailable, an answer off the contract is
// unusable), each bound.

const SECRET = 'orders-unit-internal-secret-0123456789abcdef';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const handlers = new Map<string, Handler>();
const received: { method: string; url: string; signed: boolean; caller: string | undefined }[] = [];
let server: Server;
const saved = { FORMS_SERVICE_URL: process.env.FORMS_SERVICE_URL, ORDERS_INTERNAL_SECRET: process.env.ORDERS_INTERNAL_SECRET };
let forms: InternalService;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({
        method: req.method!,
        url: req.url!,
        caller: req.headers['x-internal-caller'] as string | undefined,
        signed: validInternalSignature({ method: req.method!, pathWithQuery: req.url!, rawBody: body.length ? body : undefined, signature: req.headers['x-internal-signature'] as string | undefined, secret: SECRET }),
      });
      const handler = handlers.get(req.url!.split('?')[0]!);
      if (handler) handler(req, res, body.toString());
      else json(res, 404, { statusCode: 404, message: 'Nothing here.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.FORMS_SERVICE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.ORDERS_INTERNAL_SECRET = SECRET;
  forms = new InternalService({ service: 'forms', timeoutMs: 2_000 });
});

afterAll(async () => {
  forms.shutdown();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeEach(() => {
  handlers.clear();
  received.length = 0;
});

describe('pathOf', () => {
  it('fills the parameters encoded and adds the query that has values', () => {
    expect(pathOf('/internal/forms/submissions/:submissionId/files/:fileId', { submissionId: 'a b', fileId: '../x' })).toBe('/internal/forms/submissions/a%20b/files/..%2Fx');
    expect(pathOf('/internal/forms/submissions', {}, { form: 'contact', limit: 2, before: undefined, since: '' })).toBe('/internal/forms/submissions?form=contact&limit=2');
    expect(pathOf('/internal/forms/submissions.csv', {}, { form: 'claim', since: '2026-01-01T10:00:00Z' })).toBe('/internal/forms/submissions.csv?form=claim&since=2026-01-01T10%3A00%3A00Z');
  });
});

describe('a signed call', () => {
  it('is signed as orders over its exact path, query and body, and its answer is held to the contract (unknown keys dropped)', async () => {
    handlers.set('/internal/forms/submissions/forms', (_req, res) => json(res, 200, { forms: [{ name: 'contact', title: 'Contact', submissions: 2, lastSubmittedAt: null, secret: 'x' }], extra: true }));
    const answer = await forms.json('GET', '/internal/forms/submissions/forms?x=1', { response: submissionFormsResponseSchema });
    expect(answer).toEqual({ forms: [{ name: 'contact', title: 'Contact', submissions: 2, lastSubmittedAt: null }] });
    handlers.set('/internal/jobs/dead-letters/abc/retry', (_req, res, body) => json(res, 200, { echoed: body }));
    expect(await forms.json('POST', '/internal/jobs/dead-letters/abc/retry', { body: '{"a":1}' })).toEqual({ echoed: '{"a":1}' });
    expect(received).toEqual([
      { method: 'GET', url: '/internal/forms/submissions/forms?x=1', caller: 'orders', signed: true },
      { method: 'POST', url: '/internal/jobs/dead-letters/abc/retry', caller: 'orders', signed: true },
    ]);
  });

  it('keeps a refusal with its status and words: a 404 stays a 404, a 400 keeps its errors per field', async () => {
    const refused = await forms.json('GET', '/internal/forms/submissions/x/files/y').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceRefusal);
    expect(refused).toMatchObject({ service: 'forms', status: 404, message: 'Nothing here.' });
    const notFound = serviceHttpError(refused) as HttpException;
    expect(notFound.getStatus()).toBe(404);
    expect(notFound.getResponse()).toEqual({ statusCode: 404, message: 'Nothing here.' });

    handlers.set('/internal/forms/submissions', (_req, res) => json(res, 400, { statusCode: 400, message: 'before is wrong', errors: { before: 'before is wrong' } }));
    const bad = serviceHttpError(await forms.json('GET', '/internal/forms/submissions?before=x').catch((error: unknown) => error)) as HttpException;
    expect(bad.getStatus()).toBe(400);
    expect(bad.getResponse()).toEqual({ statusCode: 400, message: 'before is wrong', errors: { before: 'before is wrong' } });
  });

  it('is unavailable (503 in words) on a 5xx, on a refused signature and when nothing answers within the bound', async () => {
    handlers.set('/five', (_req, res) => json(res, 500, { message: 'boom' }));
    handlers.set('/sig', (_req, res) => json(res, 401, { message: 'no' }));
    handlers.set('/slow', (_req, res) => void setTimeout(() => json(res, 200, {}), 6_000).unref());
    for (const [path, message] of [
      ['/five', 'The forms service is unavailable right now. Try again in a moment.'],
      ['/sig', "The forms service refused this service's signature (401): check ORDERS_INTERNAL_SECRET."],
      ['/slow', 'The forms service is unavailable right now. Try again in a moment.'],
    ] as const) {
      const started = Date.now();
      const error = await forms.json('GET', path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceUnavailable);
      expect((error as Error).message).toBe(message);
      // bounded: the slow route is given up at the client's 2 s, long before its 6 s answer
      expect(Date.now() - started).toBeLessThan(4_000);
      const http = serviceHttpError(error) as HttpException;
      expect(http.getStatus()).toBe(503);
      expect(http.getResponse()).toEqual({ message, errorType: 'formsUnavailable' });
    }
  });

  it('is unusable (502) when the answer is not what the contract says', async () => {
    handlers.set('/internal/forms/submissions/forms', (_req, res) => json(res, 200, { forms: [{ name: 'contact' }] }));
    const error = await forms.json('GET', '/internal/forms/submissions/forms', { response: submissionFormsResponseSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceAnswerInvalid);
    expect((serviceHttpError(error) as HttpException).getStatus()).toBe(502);
  });

  it('streams a body for longer than the headers bound when the transfer has its own', async () => {
    handlers.set('/file', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write('first ');
      setTimeout(() => res.end('last'), 600);
    });
    const res = await forms.send('GET', '/file', { accept: '*/*', transferTimeoutMs: 5_000 });
    expect(await res.text()).toBe('first last');
  });
});
