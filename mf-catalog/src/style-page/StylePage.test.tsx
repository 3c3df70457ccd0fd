import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ProductStyle, SiteData } from '@storefront/contracts';
import { SAMPLE_CART_STORAGE_KEY } from '@storefront/contracts';
import { sampleCartStore } from '@storefront/sample-cart';
import { installFakeFetch, type FakeAnswer, LocationProbe } from '@storefront/ui/testing';
import StylePage from './StylePage.js';

// The build machine is shared and busy (the UI kit's jest setup also gives waits 4 s).
jest.setTimeout(15000);

const option = (value: string, label: string) => ({
  value,
  label,
  image: { src: `/images/swatch-${value}.svg` },
  doorImage: `/images/door-${value}.svg`,
  hex: '#ffffff',
  colorFamily: 'white',
});

const style: ProductStyle = {
  name: 'ssw',
  title: 'Shaker Snow White',
  description: 'Classic shaker doors.',
  shortDescription: '<p>Solid wood <strong>shaker</strong> doors.</p><script>window.hacked = true</script>',
  category: 'kitchen-cabinets',
  doorStyle: 'shaker',
  addedOn: '2026-01-01',
  layout: 'v1',
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

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/products/kitchen-cabinets/rta-kitchen-cabinets/:styleCode" element={<StylePage />} />
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
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('shaker', { selector: 'strong' })).toBeInTheDocument();
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

// V2: a style whose content asks for layout v2 and the tabbed specifications
const paints = ['Snow White', 'Alabaster', 'Linen White', 'Light Grey', 'Dove Grey', 'Stone Grey', 'Sage Green', 'Hunter Green', 'Harbor Navy', 'Charcoal', 'Midnight Black', 'Taupe'];
const slug = (label: string) => label.toLowerCase().replace(/ /g, '-');
const v2Style: ProductStyle = {
  ...style,
  name: 'cstl',
  title: 'Coastal Slim Taupe Linen',
  layout: 'v2',
  finishes: [
    {
      name: 'paint',
      group: 'Painted',
      title: 'Painted Finishes',
      items: paints.map((label) => ({ ...option(slug(label), label), previewImage: `/images/kitchen-${slug(label)}.svg` })),
    },
    { name: 'stain', group: 'Stained', title: 'Stained Finishes', items: [option('natural-oak', 'Natural Oak'), option('walnut', 'Walnut')] },
  ],
  items: [{ sku: 'CSTL-SMPL-SNW', name: 'Sample Door - Snow White', price: 0, weight: 2, isSample: true, finish: { type: 'paint', value: 'snow-white' } }],
  specifications: {
    specView: 'tabbing',
    specs: [
      { name: 'construction', title: 'Construction', props: [{ label: 'Box', value: '3/4" plywood' }] },
      {
        name: 'dimensions',
        title: 'Dimensions',
        props: [{ label: 'Base cabinet height', value: '34-1/2"' }],
        options: { format: 'unordered-list', display: 'grid-view' },
      },
      {
        name: 'assembly-steps',
        title: 'Assembly Steps',
        props: [
          { label: 'Step 1', value: 'Unpack the box.' },
          { label: 'Step 2', value: 'Join the sides.' },
        ],
        options: { format: 'ordered-list', showKeys: false },
      },
      { name: 'care', title: 'Care', props: [{ label: 'Cleaning', value: 'Wipe with a soft cloth.' }], options: { format: 'text', showKeys: false } },
      {
        name: 'assembly-videos',
        title: 'Assembly Videos',
        props: [],
        options: { width: 320, height: 180, playIcon: true },
        videos: [{ title: 'Assembling a base cabinet', youtubeId: 'rtaBaseAsm0', thumbnail: '/images/video-base.svg' }],
      },
    ],
  },
  faqs: [
    { question: 'Can I paint these doors?', answer: '<p>Yes, after a light sanding.</p>' },
    { question: 'How are they shipped?', answer: '<p>Flat-packed.</p>' },
  ],
};
const V2_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets/cstl';

describe('style page V2', () => {
  beforeEach(() => {
    answers['/api/content/product-styles/cstl'] = [{ status: 200, body: v2Style }];
  });

  it('shows at most 10 finishes of the group at once, "+n" shows the rest and "Less" hides them', async () => {
    const user = userEvent.setup();
    renderAt(V2_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Coastal Slim Taupe Linen' });
    expect(screen.getByRole('tab', { name: 'Painted (12)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show 2 more painted finishes' }));
    expect(screen.getAllByRole('radio')).toHaveLength(12);
    await user.click(screen.getByRole('radio', { name: 'Taupe' }));
    expect(screen.getByTestId('location')).toHaveTextContent('type=paint&value=taupe');
    await user.click(screen.getByRole('button', { name: 'Show fewer painted finishes' }));
    expect(screen.getAllByRole('radio')).toHaveLength(10);

    await user.click(screen.getByRole('tab', { name: 'Stained (2)' }));
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['stain:natural-oak', 'stain:walnut']);
  });

  it('opens on the group and swatch the address names, even beyond the first 10', async () => {
    renderAt(`${V2_PATH}?type=paint&value=taupe`);
    expect(await screen.findByRole('radio', { name: 'Taupe' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Show fewer painted finishes' })).toHaveTextContent('Less');
  });

  it("lays the chosen finish's door over its kitchen preview, and drops the door when its image fails", async () => {
    const user = userEvent.setup();
    renderAt(V2_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Coastal Slim Taupe Linen' });
    expect(screen.getByRole('img', { name: 'Coastal Slim Taupe Linen kitchen in Snow White' })).toHaveAttribute('src', '/images/kitchen-snow-white.svg');
    const door = screen.getByAltText('Coastal Slim Taupe Linen door in Snow White');
    expect(door).toHaveAttribute('src', '/images/door-snow-white.svg');

    await user.click(screen.getByRole('radio', { name: 'Alabaster' }));
    expect(screen.getByRole('img', { name: 'Coastal Slim Taupe Linen kitchen in Alabaster' })).toBeInTheDocument();
    const alabaster = screen.getByAltText('Coastal Slim Taupe Linen door in Alabaster');
    act(() => {
      alabaster.dispatchEvent(new Event('error'));
    });
    expect(screen.queryByAltText('Coastal Slim Taupe Linen door in Alabaster')).toBeNull();
    // the kitchen preview itself stays
    expect(screen.getByRole('img', { name: 'Coastal Slim Taupe Linen kitchen in Alabaster' })).toBeInTheDocument();
  });

  it('shows the specifications as keyboard tabs in their display formats', async () => {
    const user = userEvent.setup();
    renderAt(V2_PATH);
    const tablist = await screen.findByRole('tablist', { name: 'Specifications' });
    expect(screen.getByRole('tabpanel', { name: 'Construction' })).toHaveTextContent('Box3/4" plywood');
    await user.click(screen.getByRole('tab', { name: 'Construction' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Dimensions' })).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Dimensions' })).toHaveTextContent('Base cabinet height: 34-1/2"');
    await user.keyboard('{ArrowRight}');
    const steps = screen.getByRole('list', { name: 'Assembly Steps' });
    expect(steps.tagName).toBe('OL');
    expect(steps).toHaveTextContent('Unpack the box.Join the sides.');
    expect(steps).not.toHaveTextContent('Step 1');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'Care' })).toHaveTextContent('Wipe with a soft cloth.');
    await user.keyboard('{End}');
    expect(within(tablist).getByRole('tab', { name: 'Assembly Videos' })).toHaveAttribute('aria-selected', 'true');

    // nothing from YouTube until play is pressed
    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: Assembling a base cabinet' });
    const thumbnail = play.querySelector('img')!;
    expect(thumbnail).toHaveAttribute('width', '320');
    expect(thumbnail).toHaveAttribute('height', '180');
    expect(play.querySelector('svg')).not.toBeNull();
    await user.click(play);
    const player = screen.getByTitle('Assembling a base cabinet');
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/rtaBaseAsm0\?autoplay=1/);
  });

  it("shows the style's FAQs one answer at a time", async () => {
    const user = userEvent.setup();
    renderAt(V2_PATH);
    const faqs = await screen.findByRole('region', { name: 'Frequently Asked Questions' });
    const first = within(faqs).getByRole('button', { name: 'Can I paint these doors?' });
    const second = within(faqs).getByRole('button', { name: 'How are they shipped?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(within(faqs).getByText('Flat-packed.')).toBeVisible();
  });

  it('enlarges the picture in the zoom lightbox; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    renderAt(V2_PATH);
    const enlarge = await screen.findByRole('button', { name: 'Enlarge image: Coastal Slim Taupe Linen kitchen in Snow White' });
    await user.click(enlarge);
    const dialog = screen.getByRole('dialog', { name: /Coastal Slim Taupe Linen kitchen in Snow White/ });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('200%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Enlarge image/ })).toHaveFocus();
  });
});

describe('style page V1 (no layout in the data)', () => {
  it('lists every finish group at once and the specs as tables, without group tabs', async () => {
    answers['/api/content/product-styles/ssw'] = [{ status: 200, body: style }];
    renderAt('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
    await screen.findByRole('heading', { level: 1, name: 'Shaker Snow White' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('group', { name: /Stained/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Frequently Asked Questions' })).toBeNull();
  });
});
