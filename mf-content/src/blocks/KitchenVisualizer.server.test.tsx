/**
 * @jest-environment node
 */
// The shell's streaming server render: the style list, then the first style, both waited for.
import type { ProductStyle, ProductStyleSummary } from '@storefront/contracts';
import { PageDataContext, PageDataStore } from '@storefront/ui';
import { fakeResponse } from '@storefront/ui/testing';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import KitchenVisualizer, { PRODUCT_STYLES_URL, styleUrl } from './KitchenVisualizer';

const image = { src: '/images/kitchens/ssw-snow-white.svg', altText: 'Kitchen', width: 1200, height: 800 };
const summaries: ProductStyleSummary[] = [
  { name: 'ssw', title: 'Shaker Snow White', image },
  { name: 'se', title: 'Slab Espresso', image },
];
const ssw: ProductStyle = {
  name: 'ssw',
  title: 'Shaker Snow White',
  description: '',
  shortDescription: '',
  category: 'kitchen-cabinets',
  doorStyle: 'shaker',
  addedOn: '2026-01-01',
  layout: 'v1',
  images: [{ ...image, type: 'base' }],
  finishes: [
    {
      name: 'paint',
      group: 'Painted',
      title: 'Painted Finishes',
      items: [
        { value: 'snow-white', label: 'Snow White', hex: '#F4F3EE', image: { src: '/images/swatches/snow-white.svg' }, colorFamily: 'white' },
        { value: 'alabaster', label: 'Alabaster', hex: '#EDE6D6', image: { src: '/images/swatches/alabaster.svg' }, colorFamily: 'white' },
      ],
    },
  ],
  items: [],
  specifications: { specView: 'tabular', specs: [{ name: 'door', title: 'Door', props: [{ label: 'Door style', value: '5-piece Shaker door' }] }] },
};

it('is in the first HTML with the first style and its first finish chosen, fetching each answer once', async () => {
  const answers: Record<string, unknown> = { [PRODUCT_STYLES_URL]: summaries, [styleUrl('ssw')]: ssw };
  const fetch = jest.fn(async (url: string) => fakeResponse({ status: 200, body: answers[url] }));
  const store = new PageDataStore({ mode: 'server', fetch, timeoutMs: 1000 });
  const html = await new Promise<string>((resolve, reject) => {
    let out = '';
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => (out += chunk.toString()));
    sink.on('end', () => resolve(out));
    const stream = renderToPipeableStream(
      <PageDataContext.Provider value={store}>
        <StaticRouter location="/visualizer">
          <KitchenVisualizer block={{ id: 'v', type: 'kitchen-visualizer' }} position={1} />
        </StaticRouter>
      </PageDataContext.Provider>,
      { onAllReady: () => stream.pipe(sink), onError: reject },
    );
  });
  expect(html).toContain('<title');
  expect(html).toContain('Shaker Snow White kitchen in Snow White');
  expect(html).toContain('fill="#F4F3EE"');
  expect(html).toMatch(/<input[^>]*checked=""[^>]*value="paint:snow-white"|<input[^>]*value="paint:snow-white"[^>]*checked=""/);
  expect(html).toContain('ssw?type=paint&amp;value=snow-white');
  expect(fetch.mock.calls.map(([url]) => url)).toEqual([PRODUCT_STYLES_URL, styleUrl('ssw')]);
});
