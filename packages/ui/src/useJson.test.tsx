import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeResponse } from './testing/index.js';
import { useJson } from './useJson.js';

// fetch is the edge of the world: each test decides what the "server" answers.
type FetchImpl = (url: string, init?: RequestInit) => Promise<Response>;
const realFetch = globalThis.fetch;
function serve(impl: FetchImpl) {
  const fake = jest.fn(impl);
  globalThis.fetch = fake as unknown as typeof fetch;
  return fake;
}

afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('useJson', () => {
  it('starts loading, then is ready with the data', async () => {
    serve(async () => fakeResponse({ status: 200, body: { title: 'Home' } }));
    const { result } = renderHook(() => useJson<{ title: string }>('/api/content/page?path=/'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ title: 'Home' });
  });

  it('reports 404 as not-found', async () => {
    serve(async () => fakeResponse({ status: 404, body: { message: 'Page not found' } }));
    const { result } = renderHook(() => useJson('/api/content/page?path=/nope'));
    await waitFor(() => expect(result.current.status).toBe('not-found'));
    expect(result.current.httpStatus).toBe(404);
  });

  it('reports a server error with the API message', async () => {
    serve(async () => fakeResponse({ status: 503, body: { message: 'Content service unavailable' } }));
    const { result } = renderHook(() => useJson('/api/content/site'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Content service unavailable');
    expect(result.current.httpStatus).toBe(503);
  });

  it('reports a network failure as an error, and reload fetches again', async () => {
    let calls = 0;
    serve(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return fakeResponse({ status: 200, body: { ok: true } });
    });
    const { result } = renderHook(() => useJson<{ ok: boolean }>('/api/content/site'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatch(/could not reach the server/i);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ ok: true });
  });

  it('does not fetch while the url is null', () => {
    const fake = serve(async () => fakeResponse({ status: 200, body: {} }));
    const { result } = renderHook(() => useJson(null));
    expect(result.current.status).toBe('loading');
    expect(fake).not.toHaveBeenCalled();
  });

  it('aborts the old request when the url changes, so its late answer is ignored', async () => {
    const fake = serve((url, init) =>
      url === '/slow'
        ? new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
        : Promise.resolve(fakeResponse({ status: 200, body: { which: 'fast' } })),
    );
    const { result, rerender } = renderHook(({ url }) => useJson<{ which: string }>(url), { initialProps: { url: '/slow' } });
    rerender({ url: '/fast' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ which: 'fast' });
    expect(fake.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });
});
