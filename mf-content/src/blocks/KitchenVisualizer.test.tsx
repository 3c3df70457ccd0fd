import type { FinishGroup, KitchenVisualizerBlock, ProductStyle, ProductStyleSummary } from '@storefront/contracts';
import { PageDataContext, PageDataStore, type PageDataSnapshot } from '@storefront/ui';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import KitchenVisualizer, { chosenFinish, ORDER_SAMPLE_TEXT, PRODUCT_STYLES_URL, sampleLink, styleUrl } from './KitchenVisualizer';
import { doorProfileOf, isDark, shade } from './visualizer/scene';

const image = { src: '/images/kitchens/ssw-snow-white.svg', altText: 'Kitchen', width: 1200, height: 800 };
const paint: FinishGroup = {
  name: 'paint',
  group: 'Painted',
  title: 'Painted Finishes',
  items: [
    { value: 'snow-white', label: 'Snow White', hex: '#F4F3EE', image: { src: '/images/swatches/snow-white.svg' }, colorFamily: 'white' },
    { value: 'alabaster', label: 'Alabaster', hex: '#EDE6D6', image: { src: '/images/swatches/alabaster.svg' }, colorFamily: 'white' },
    { value: 'linen-white', label: 'Linen White', hex: '#E9E1D0', image: { src: '/images/swatches/linen-white.svg' }, colorFamily: 'white' },
  ],
};
const spec = (doorStyle: string) => ({ specView: 'tabular' as const, specs: [{ name: 'door', title: 'Door', props: [{ label: 'Door style', value: doorStyle }] }] });
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
  finishes: [paint],
  items: [],
  specifications: spec('5-piece Shaker door'),
};
const se: ProductStyle = {
  ...ssw,
  name: 'se',
  title: 'Slab Espresso',
  finishes: [
    {
      name: 'woodgrain',
      group: 'Woodgrain',
      title: 'Woodgrain Finishes',
      items: [
        { value: 'espresso', label: 'Espresso', hex: '#3B2A20', image: { src: '/images/swatches/espresso.svg' }, colorFamily: 'white' },
        { value: 'walnut', label: 'Walnut', hex: '#6B4A33', image: { src: '/images/swatches/walnut.svg' }, colorFamily: 'white' },
      ],
    },
  ],
  specifications: spec('Full-overlay slab door'),
};
const summaries: ProductStyleSummary[] = [
  { name: 'ssw', title: 'Shaker Snow White', image },
  { name: 'se', title: 'Slab Espresso', image },
];
const block: KitchenVisualizerBlock = { id: 'v', type: 'kitchen-visualizer', title: 'Design Your Kitchen' };

function renderVisualizer(initial: PageDataSnapshot, fetch: jest.Mock<Promise<Response>, []> = jest.fn(() => Promise.reject(new Error('offline')))) {
  const store = new PageDataStore({ mode: 'browser', fetch, initial });
  render(
    <PageDataContext.Provider value={store}>
      <MemoryRouter>
        <KitchenVisualizer block={block} position={1} />
      </MemoryRouter>
    </PageDataContext.Provider>,
  );
  return fetch;
}
const ready = (data: unknown) => ({ status: 'ready' as const, httpStatus: 200, data });
const bothStyles = { [PRODUCT_STYLES_URL]: ready(summaries), [styleUrl('ssw')]: ready(ssw), [styleUrl('se')]: ready(se) };
const doorFills = () => [...document.querySelectorAll('[data-part="door"] > rect:first-child')].map((rect) => rect.getAttribute('fill'));

describe('KitchenVisualizer', () => {
  it('starts with the first style and its first finish: the doors are drawn in its colour', () => {
    renderVisualizer(bothStyles);
    expect(screen.getByRole('combobox', { name: 'Door style' })).toHaveValue('ssw');
    expect(screen.getByRole('radio', { name: /Snow White/ })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Shaker Snow White kitchen in Snow White' })).toBeInTheDocument();
    expect(new Set(doorFills())).toEqual(new Set(['#F4F3EE']));
    expect(screen.getByRole('link', { name: ORDER_SAMPLE_TEXT })).toHaveAttribute(
      'href',
      '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw?type=paint&value=snow-white',
    );
  });

  it('choosing a finish (mouse or arrow keys) recolours the doors, names the finish and updates the sample link', async () => {
    const user = userEvent.setup();
    renderVisualizer(bothStyles);
    await user.click(screen.getByRole('radio', { name: /Alabaster/ }));
    expect(new Set(doorFills())).toEqual(new Set(['#EDE6D6']));
    const finishes = screen.getByRole('group', { name: 'Finish: Alabaster' });
    expect(within(finishes).getByRole('radio', { name: /Alabaster/ })).toBeChecked();
    expect(screen.getByRole('link', { name: ORDER_SAMPLE_TEXT })).toHaveAttribute('href', expect.stringContaining('?type=paint&value=alabaster'));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: /Linen White/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Finish: Linen White' })).toBeInTheDocument();
    expect(new Set(doorFills())).toEqual(new Set(['#E9E1D0']));
    expect(screen.getByRole('img', { name: 'Shaker Snow White kitchen in Linen White' })).toBeInTheDocument();
  });

  it('choosing another style shows its finishes and its door profile (slab: no inset panels)', async () => {
    const user = userEvent.setup();
    renderVisualizer(bothStyles);
    expect(document.querySelectorAll('[data-part="door"] > rect').length).toBeGreaterThan(doorFills().length * 2 - 1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Door style' }), 'se');
    expect(screen.getByRole('radio', { name: /Espresso/ })).toBeChecked();
    expect(new Set(doorFills())).toEqual(new Set(['#3B2A20']));
    // a slab door is one rectangle plus its pull
    expect(document.querySelectorAll('[data-part="door"] > rect')).toHaveLength(doorFills().length * 2);
    expect(screen.getByRole('link', { name: ORDER_SAMPLE_TEXT })).toHaveAttribute(
      'href',
      '/products/kitchen-cabinets/rta-kitchen-cabinets/se?type=woodgrain&value=espresso',
    );
  });

  it('shows loading while the styles load', async () => {
    renderVisualizer({}, jest.fn(() => new Promise<Response>(() => {})));
    expect(screen.getByText('Loading styles…')).toBeInTheDocument();
  });

  it('the style list failing: an error with Retry', () => {
    renderVisualizer({ [PRODUCT_STYLES_URL]: { status: 'error', error: 'Could not reach the server.' } });
    expect(screen.getByText('The cabinet styles could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a style that cannot be found says so (spec §8)', () => {
    renderVisualizer({ [PRODUCT_STYLES_URL]: ready(summaries), [styleUrl('ssw')]: { status: 'not-found', httpStatus: 404, error: 'Product data not found or invalid format' } });
    expect(screen.getAllByText('Product data not found or invalid format').length).toBeGreaterThan(0);
    expect(screen.getByRole('combobox', { name: 'Door style' })).toBeInTheDocument();
  });

  it('no styles: No Data Found', () => {
    renderVisualizer({ [PRODUCT_STYLES_URL]: ready([]) });
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });

  it('a style without finishes says so instead of drawing a kitchen', () => {
    renderVisualizer({ [PRODUCT_STYLES_URL]: ready(summaries), [styleUrl('ssw')]: ready({ ...ssw, finishes: [] }) });
    expect(screen.getByText('No finishes available for this style.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('visualizer helpers', () => {
  it('keeps the chosen finish when the next style has it, else takes the first', () => {
    expect(chosenFinish(ssw, { type: 'paint', value: 'alabaster' })?.option.label).toBe('Alabaster');
    expect(chosenFinish(se, { type: 'paint', value: 'alabaster' })?.option.label).toBe('Espresso');
    expect(chosenFinish({ finishes: [] }, null)).toBeNull();
  });

  it('links to the style page with type and value', () => {
    expect(sampleLink('crs', paint, paint.items[1]!)).toBe('/products/kitchen-cabinets/rta-kitchen-cabinets/crs?type=paint&value=alabaster');
  });

  it('reads the door profile from the style specification', () => {
    expect(doorProfileOf(se)).toEqual({ kind: 'slab' });
    expect(doorProfileOf({ specifications: spec('5-piece raised-panel door') })).toMatchObject({ kind: 'framed', raised: true });
    expect(doorProfileOf({ specifications: spec('Craftsman door with wide 3" rails') })).toMatchObject({ kind: 'framed', rail: 0.2 });
  });

  it('shades colours and tells dark from light', () => {
    expect(shade('#808080', 0.5)).toBe('#404040');
    expect(shade('not a colour', 0.5)).toBe('#7a7a7a');
    expect(isDark('#1F2022')).toBe(true);
    expect(isDark('#F4F3EE')).toBe(false);
  });
});
