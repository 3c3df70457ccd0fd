/**
 * Test-only: a stand-in for the global fetch that answers by URL (jsdom has no fetch of its own).
 * Lives behind `@storefront/ui/testing`, never the main entry, so it cannot reach a browser bundle.
 */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** reject like a dropped connection */
  networkError?: boolean;
}

/**
 * Per URL: one answer for every call, a queue (each call takes the next answer, the last one repeats),
 * or a function of the request.
 */
export type FakeRoute = FakeAnswer | FakeAnswer[] | ((init?: RequestInit) => FakeAnswer);
export type FakeRoutes = Record<string, FakeRoute>;

export interface FakeFetchOptions {
  /** What a URL without a route gets: a 404 JSON answer (default) or a dropped connection. */
  unknownUrl?: 'not-found' | 'network-error';
}

/** The few members of Response our code reads; a missing body reads like an empty answer. */
export function fakeResponse({ status = 200, body }: FakeAnswer): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    headers: new Headers(),
    json: async () => {
      if (body === undefined) throw new SyntaxError('Unexpected end of JSON input');
      return body;
    },
  } as Response;
}

function answerFrom(route: FakeRoute, init?: RequestInit): FakeAnswer | undefined {
  if (typeof route === 'function') return route(init);
  if (Array.isArray(route)) return route.length > 1 ? route.shift() : route[0];
  return route;
}

/** Replaces globalThis.fetch; the returned mock records every call. */
export function installFakeFetch(routes: FakeRoutes, options: FakeFetchOptions = {}): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const route = routes[url];
    const answer = route === undefined ? undefined : answerFrom(route, init);
    if (!answer) {
      if (options.unknownUrl === 'network-error') throw new TypeError('Failed to fetch');
      return fakeResponse({ status: 404, body: { message: `No fake for ${url}` } });
    }
    if (answer.networkError) throw new TypeError('Failed to fetch');
    return fakeResponse(answer);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}
