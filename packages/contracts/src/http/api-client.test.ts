import { object, string } from 'yup';
import { ApiUnreachableError, apiUrl, call, readApiError } from './api-client.js';
import { defineRoute } from './route.js';

const route = defineRoute({
  method: 'POST',
  path: '/api/things/:kind/:id',
  service: 'orders',
  access: 'public',
  summary: 'test',
  params: object({ kind: string().required(), id: string().required() }),
  body: object({ name: string().required() }),
  idempotent: true,
});

function answering(status: number, body: unknown) {
  return jest.fn(async () => new Response(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('apiUrl', () => {
  it('fills and encodes path parameters, repeats array query values and leaves out empty ones', () => {
    expect(apiUrl(route, { params: { kind: 'door style', id: 'a/b' }, query: { style: ['x', 'y'], page: 2, empty: undefined, none: null } })).toBe(
      '/api/things/door%20style/a%2Fb?style=x&style=y&page=2',
    );
  });

  it('refuses a missing parameter (a programming error)', () => {
    expect(() => apiUrl(route, { params: { kind: 'x' } as never })).toThrow('needs the "id" parameter');
  });
});

describe('call', () => {
  it('sends JSON with the idempotency key and order token, and reads a success', async () => {
    const fetch = answering(201, { ok: 1 });
    const answer = await call(route, { params: { kind: 'k', id: '1' }, body: { name: 'n' }, idempotencyKey: 'key-12345678', orderToken: 'tok', fetch });
    expect(answer).toMatchObject({ ok: true, status: 201, data: { ok: 1 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/k/1');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"n"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-12345678', 'X-Order-Token': 'tok' });
  });

  it('sends a FormData as it is (the browser sets the multipart boundary)', async () => {
    const fetch = answering(200, {});
    const form = new FormData();
    form.append('name', 'n');
    await call(route, { params: { kind: 'k', id: '1' }, body: form, fetch });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it("answers an error with the API's body, or without a message when the server sent none", async () => {
    const refused = await call(route, { params: { kind: 'k', id: '1' }, body: { name: '' }, fetch: answering(400, { success: false, statusCode: 400, message: 'Bad', errors: { name: 'Required', n: 1 }, errorType: 'x' }) });
    expect(refused).toMatchObject({ ok: false, status: 400, error: { statusCode: 400, message: 'Bad', errors: { name: 'Required' }, errorType: 'x' } });
    const proxyPage = await call(route, { params: { kind: 'k', id: '1' }, body: { name: 'n' }, fetch: answering(502, '<html>Bad gateway</html>') });
    expect(proxyPage).toMatchObject({ ok: false, status: 502, error: { statusCode: 502 } });
    expect(proxyPage.ok === false && proxyPage.error.message).toBeUndefined();
  });

  it('rejects only when there is no answer: a dropped connection or the time bound', async () => {
    const dropped = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(route, { params: { kind: 'k', id: '1' }, body: { name: 'n' }, fetch: dropped })).rejects.toMatchObject({ reason: 'network' });
    const never = jest.fn((_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))));
    const slow = call(route, { params: { kind: 'k', id: '1' }, body: { name: 'n' }, fetch: never as unknown as typeof fetch, timeoutMs: 20 });
    await expect(slow).rejects.toBeInstanceOf(ApiUnreachableError);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
  });
});

describe('readApiError', () => {
  it('takes the first of a list of messages', () => {
    expect(readApiError(400, { message: ['first', 'second'] }).message).toBe('first');
  });
});
