import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { fakeResponse } from '../testing/index.js';
import { PageDataStore, type PageDataFetch } from './page-data-store.js';
import { PageDataContext, usePageData } from './usePageData.js';

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

describe('usePageData in the browser', () => {
  it('starts loading, then is ready with the data', async () => {
    serve(async () => fakeResponse({ status: 200, body: { title: 'Home' } }));
    const { result } = renderHook(() => usePageData<{ title: string }>('/api/content/page?path=/'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ title: 'Home' });
  });

  it('reports 404 as not-found', async () => {
    serve(async () => fakeResponse({ status: 404, body: { message: 'Page not found' } }));
    const { result } = renderHook(() => usePageData('/api/content/page?path=/nope'));
    await waitFor(() => expect(result.current.status).toBe('not-found'));
    expect(result.current.httpStatus).toBe(404);
  });

  it('reports a server error with the API message', async () => {
    serve(async () => fakeResponse({ status: 503, body: { message: 'Content service unavailable' } }));
    const { result } = renderHook(() => usePageData('/api/content/site'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Content service unavailable');
    expect(result.current.httpStatus).toBe(503);
    expect(result.current.errorType).toBeUndefined();
  });

  it("keeps the API's errorType beside its message, for a page to branch on", async () => {
    serve(async () => fakeResponse({ status: 400, body: { message: 'The quote link has expired.', errorType: 'tokenExpired' } }));
    const { result } = renderHook(() => usePageData('/api/quote?quoteId=q&token=t'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect([result.current.httpStatus, result.current.errorType, result.current.error]).toEqual([400, 'tokenExpired', 'The quote link has expired.']);
  });

  it('reports a network failure as an error, and reload fetches again', async () => {
    let calls = 0;
    serve(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return fakeResponse({ status: 200, body: { ok: true } });
    });
    const { result } = renderHook(() => usePageData<{ ok: boolean }>('/api/content/site'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatch(/could not reach the server/i);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ ok: true });
  });

  it('does not fetch while the url is null', () => {
    const fake = serve(async () => fakeResponse({ status: 200, body: {} }));
    const { result } = renderHook(() => usePageData(null));
    expect(result.current.status).toBe('loading');
    expect(fake).not.toHaveBeenCalled();
  });

  it('shows the answer for the current url when the url changes before an older answer arrives', async () => {
    let releaseSlow: (response: Response) => void = () => undefined;
    serve((url) =>
      url === '/slow'
        ? new Promise<Response>((resolve) => (releaseSlow = resolve))
        : Promise.resolve(fakeResponse({ status: 200, body: { which: 'fast' } })),
    );
    const { result, rerender } = renderHook(({ url }) => usePageData<{ which: string }>(url), { initialProps: { url: '/slow' } });
    rerender({ url: '/fast' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    releaseSlow(fakeResponse({ status: 200, body: { which: 'slow' } }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current.data).toEqual({ which: 'fast' });
  });

  it('renders what the server sent on the first render, without fetching it again', () => {
    const fake = serve(async () => fakeResponse({ status: 200, body: { title: 'fetched' } }));
    const store = new PageDataStore({
      mode: 'browser',
      fetch: globalThis.fetch,
      initial: { '/api/content/site': { status: 'ready', data: { title: 'from the server' } } },
    });
    const wrapper = ({ children }: { children: ReactNode }) => <PageDataContext.Provider value={store}>{children}</PageDataContext.Provider>;
    const { result } = renderHook(() => usePageData<{ title: string }>('/api/content/site'), { wrapper });
    expect(result.current).toMatchObject({ status: 'ready', data: { title: 'from the server' } });
    expect(fake).not.toHaveBeenCalled();
  });

  it('shares one request between two screens asking for the same url', async () => {
    const fake = serve(async () => fakeResponse({ status: 200, body: { name: 'Heartwood' } }));
    const store = new PageDataStore({ mode: 'browser', fetch: globalThis.fetch });
    function Name() {
      const site = usePageData<{ name: string }>('/api/content/site');
      return <p>{site.data?.name ?? 'loading'}</p>;
    }
    render(
      <PageDataContext.Provider value={store}>
        <Name />
        <Name />
      </PageDataContext.Provider>,
    );
    await waitFor(() => expect(screen.getAllByText('Heartwood')).toHaveLength(2));
    expect(fake).toHaveBeenCalledTimes(1);
  });
});

describe('usePageData on the server', () => {
  function Title() {
    const page = usePageData<{ title: string }>('/api/content/page?path=/');
    if (page.status === 'error') return <h1>Error: {page.error}</h1>;
    return <h1>{page.data?.title ?? 'loading'}</h1>;
  }

  async function renderOnServer(fetchImpl: PageDataFetch, timeoutMs = 1000) {
    const store = new PageDataStore({ mode: 'server', fetch: fetchImpl, timeoutMs });
    // renderToString cannot wait; a resolved store renders synchronously, so load first as Suspense would.
    await store.load('/api/content/page?path=/');
    const html = renderToString(
      <PageDataContext.Provider value={store}>
        <Suspense fallback={<p>fallback</p>}>
          <Title />
        </Suspense>
      </PageDataContext.Provider>,
    );
    return { html, snapshot: store.snapshot() };
  }

  it('renders with the data and records it for the page', async () => {
    const { html, snapshot } = await renderOnServer(async () => fakeResponse({ status: 200, body: { title: 'Kitchens' } }));
    expect(html).toContain('Kitchens');
    expect(snapshot['/api/content/page?path=/']).toEqual({ status: 'ready', httpStatus: 200, data: { title: 'Kitchens' } });
  });

  it('bounds a slow service: the area renders its error state', async () => {
    const hang: PageDataFetch = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const { html } = await renderOnServer(hang, 20);
    expect(html).toContain('The server took too long to answer');
  });
});
