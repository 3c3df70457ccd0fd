/**
 * @jest-environment node
 */
// The streaming server render, as the shell runs it (React's Node build needs Node's globals).
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { fakeResponse } from '../testing/index.js';
import { PageDataStore } from './page-data-store.js';
import { PageDataContext, usePageData } from './usePageData.js';

describe('usePageData in a streaming server render', () => {
  it('gives each of several reads in one component its own answer while the render waits for them', async () => {
    function TwoReads() {
      const methods = usePageData<{ kind: string }>('/api/payment-methods');
      const places = usePageData<{ kind: string }>('/api/order/checkout-locations');
      return (
        <p>
          {methods.data?.kind} and {places.data?.kind}
        </p>
      );
    }
    const answers: Record<string, { kind: string }> = {
      '/api/payment-methods': { kind: 'methods' },
      '/api/order/checkout-locations': { kind: 'locations' },
    };
    const store = new PageDataStore({
      mode: 'server',
      fetch: async (url) => fakeResponse({ status: 200, body: answers[url] }),
      timeoutMs: 1000,
    });
    const html = await new Promise<string>((resolve, reject) => {
      let out = '';
      const sink = new PassThrough();
      sink.on('data', (chunk: Buffer) => (out += chunk.toString()));
      sink.on('end', () => resolve(out));
      const stream = renderToPipeableStream(
        <PageDataContext.Provider value={store}>
          <TwoReads />
        </PageDataContext.Provider>,
        { onAllReady: () => stream.pipe(sink), onError: reject },
      );
    });
    expect(html).toContain('methods<!-- --> and <!-- -->locations');
  });
});
