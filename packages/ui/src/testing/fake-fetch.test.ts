import { fakeResponse, installFakeFetch } from './fake-fetch.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('installFakeFetch', () => {
  it('answers by URL with status and JSON body, and records the calls', async () => {
    const mock = installFakeFetch({ '/api/content/site': { body: { site: { name: 'Heartwood' } } } });
    const response = await fetch('/api/content/site');
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ site: { name: 'Heartwood' } });
    expect(mock).toHaveBeenCalledWith('/api/content/site');
  });

  it('gives an unknown URL a 404, or a dropped connection when asked to', async () => {
    installFakeFetch({});
    const response = await fetch('/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No fake for /nope' });

    installFakeFetch({}, { unknownUrl: 'network-error' });
    await expect(fetch('/nope')).rejects.toThrow('Failed to fetch');
  });

  it('plays a queue of answers in order, the last one repeating', async () => {
    installFakeFetch({ '/api/x': [{ status: 500 }, { status: 200, body: 1 }] });
    expect((await fetch('/api/x')).status).toBe(500);
    expect((await fetch('/api/x')).status).toBe(200);
    expect((await fetch('/api/x')).status).toBe(200);
  });

  it('lets a function answer from the request, including a dropped connection', async () => {
    installFakeFetch({ '/api/forms/contact': (init) => (init?.method === 'POST' ? { status: 201, body: {} } : { networkError: true }) });
    expect((await fetch('/api/forms/contact', { method: 'POST' })).status).toBe(201);
    await expect(fetch('/api/forms/contact')).rejects.toThrow('Failed to fetch');
  });

  it('reads an empty body like an unreadable answer', async () => {
    await expect(fakeResponse({ status: 204 }).json()).rejects.toThrow(SyntaxError);
  });
});
