import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ProductStyle, SiteData } from '@storefront/contracts';
import { SAMPLE_CART_STORAGE_KEY } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch, type FakeAnswer } from '@storefront/ui/testing';
import StylePage from './StylePage.js';

// The build machine is shared and busy (the UI kit's jest setup also gives waits 4 s).
jest.setTimeout(15000);

const option = (value: string, label: string) => ({
  value,
  label,
  image: { src: `/images/swatch-${value}.svg` },
  doorImage: `/images/door-${value}.svg`,
  hex: '#ffffff',
});

const style: ProductStyle = {
  name: 'ssw',
  title: 'Shaker Snow White',
  description: 'Classic shaker doors.',
  shortDescription: '<p>Solid wood <strong>shaker</strong> doors.</p><script>window.hacked = true</script>',
  images: [{ src: '/images/ssw-base.svg', altText: 'Shaker Snow White kitchen', width: 1200, height: 900, type: 'base' }],
  finishes: [
    { name: 'painted', group: 'painted', title: 'Painted', items: [option('snow-white', 'Snow White'), option('dove-grey', 'Dove Grey')] },
    { name: 'stained', group: 'stained', title: 'Stained', items: [option('honey-oak', 'Honey Oak')] },
  ],
  items: [
    { sku: 'SSW-B12', name: 'Base Cabinet 12"', price: 199, weight: 20 },
    { sku: 'SSW-SMPL-WHT', name: 'Sample Door - Snow White', price: 9.99, weight: 2, isSample: true, finish: { type: 'painted', value: 'snow-white' } },
    { sku: 'SSW-SMPL-GRY', name: 'Sample Door - Dove Grey', price: 9.99, weight: 2, isSample: true, finish: { type: 'painted', value: 'dove-grey' } },
  ],
  specifications: {
    specView: 'tabular',
    specs: [{ name: 'construction', title: 'Construction', props: [{ label: 'Door', value: 'Solid wood' }, { label: 'Box', value: '3/4" plywood' }] }],
  },
};

const site = { site: { name: 'Cabinet Store' }, menus: { header: [], footer: [] } } as unknown as SiteData;

// The edge of the unit: the network. Each URL answers from its queue; the last answer repeats.
let answers: Record<string, FakeAnswer[]>;

beforeEach(() => {
  answers = {};
  installFakeFetch(answers);
  answers['/api/content/site'] = [{ status: 200, body: site }];
  window.localStorage.clear();
  sampleCartStore.getState().clearCart();
});

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products/kitchen-cabinets/rta-kitchen-cabinets/:styleName" element={<StylePage />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const STYLE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';

describe('style page', () => {
  beforeEach(() => {
    answers['/api/content/product-styles/ssw'] = [{ status: 200, body: style }];
  });

  it('shows a loading state, then the style with breadcrumb, sanitised summary and specs', async () => {
    renderAt(STYLE_PATH);
    expect(screen.getByRole('status')).toHaveTextContent('Loading style…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Shaker Snow White' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('HomeProductsKitchen CabinetsRTA Kitchen CabinetsShaker Snow White');
    expect(screen.getByText('shaker', { selector: 'strong' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByRole('table', { name: 'Construction' })).toHaveTextContent('Box3/4" plywood');
  });

  it('preselects the first finish when the address names none', async () => {
    renderAt(STYLE_PATH);
    expect(await screen.findByRole('radio', { name: 'Snow White' })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent(/\/ssw$/);
  });

  it('reads the finish from ?type=&value=', async () => {
    renderAt(`${STYLE_PATH}?type=stained&value=honey-oak`);
    expect(await screen.findByRole('radio', { name: 'Honey Oak' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Snow White' })).not.toBeChecked();
  });

  it('falls back to the first finish for an unknown type or value', async () => {
    renderAt(`${STYLE_PATH}?type=metal&value=chrome`);
    expect(await screen.findByRole('radio', { name: 'Snow White' })).toBeChecked();
  });

  it('writes the chosen finish to the address and shows its door', async () => {
    const user = userEvent.setup();
    renderAt(STYLE_PATH);
    await user.click(await screen.findByRole('radio', { name: 'Dove Grey' }));
    expect(screen.getByRole('radio', { name: 'Dove Grey' })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent(`${STYLE_PATH}?type=painted&value=dove-grey`);
    expect(screen.getByRole('img', { name: 'Shaker Snow White door in Dove Grey' })).toBeInTheDocument();
  });

  it('moves through the finishes with the arrow keys', async () => {
    const user = userEvent.setup();
    renderAt(STYLE_PATH);
    await user.click(await screen.findByRole('radio', { name: 'Snow White' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Dove Grey' })).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('type=painted&value=dove-grey');
  });

  it('changes slides with the arrow keys and shows min(3, count) thumbnails', async () => {
    const user = userEvent.setup();
    renderAt(STYLE_PATH);
    const stage = await screen.findByLabelText('Use the left and right arrow keys to change the image');
    expect(screen.getByRole('img', { name: 'Shaker Snow White kitchen' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Show image/ })).toHaveLength(2);
    stage.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Shaker Snow White door in Snow White' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Shaker Snow White kitchen' })).toBeInTheDocument();
  });

  it("adds the chosen finish's sample to the sample cart, then refuses a second one", async () => {
    const user = userEvent.setup();
    renderAt(`${STYLE_PATH}?type=painted&value=dove-grey`);
    await user.click(await screen.findByRole('button', { name: 'Order a free sample' }));

    expect(await screen.findByText('Item Sample Door - Dove Grey has been successfully added.')).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(SAMPLE_CART_STORAGE_KEY) ?? 'null');
    expect(stored.items).toEqual([
      expect.objectContaining({ sku: 'SSW-SMPL-GRY', qty: 1, styleName: 'ssw', finish: expect.objectContaining({ type: 'painted', value: 'dove-grey', label: 'Dove Grey' }) }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Order a free sample' }));
    expect(await screen.findByText('You can order maximum 1 quantity of item "Sample Door - Dove Grey".')).toBeInTheDocument();
    expect(sampleCartStore.getState().items).toHaveLength(1);
  });

  it('says so when the chosen finish has no sample item', async () => {
    renderAt(`${STYLE_PATH}?type=stained&value=honey-oak`);
    expect(await screen.findByText('No sample items available for this style.')).toBeInTheDocument();
  });

  it('says so when the style has no sample items', async () => {
    answers['/api/content/product-styles/ssw'] = [{ status: 200, body: { ...style, items: style.items.filter((item) => !item.isSample) } }];
    renderAt(STYLE_PATH);
    expect(await screen.findByText('No sample items available for this style.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order a free sample' })).toBeNull();
  });
});

describe('style page failures', () => {
  it('shows a not-found view with Go back and Go to home for an unknown style', async () => {
    answers['/api/content/product-styles/nope'] = [{ status: 404, body: { success: false, statusCode: 404, message: 'Product data not found or invalid format' } }];
    renderAt('/products/kitchen-cabinets/rta-kitchen-cabinets/nope');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText(/cabinet style “nope”/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('offers a retry after a network error and shows the style once it loads', async () => {
    const user = userEvent.setup();
    answers['/api/content/product-styles/ssw'] = [{ networkError: true }, { status: 200, body: style }];
    renderAt(STYLE_PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this cabinet style');
    await act(async () => user.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shaker Snow White' })).toBeInTheDocument();
  });
});
