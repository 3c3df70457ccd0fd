/** Test-only: a stand-in for the global fetch that answers by URL (jsdom has no fetch of its own). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** reject like a dropped connection */
  networkError?: boolean;
}

export type FakeRoutes = Record<string, FakeAnswer | ((init?: RequestInit) => FakeAnswer)>;

export function fakeResponse({ status = 200, body }: FakeAnswer): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    json: async () => {
      if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
      return body;
    },
  } as Response;
}

export function installFakeFetch(routes: FakeRoutes): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const route = routes[url];
    if (!route) return fakeResponse({ status: 404, body: { message: `No fake for ${url}` } });
    const answer = typeof route === 'function' ? route(init) : route;
    if (answer.networkError) throw new TypeError('Failed to fetch');
    return fakeResponse(answer);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
