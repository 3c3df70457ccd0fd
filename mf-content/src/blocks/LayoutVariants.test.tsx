import type {
  BreadcrumbBlock as BreadcrumbBlockData,
  FinanceBlock,
  KitchenShowcaseBlock,
  MediaBlockBlock,
  OverlayBlock,
  PageDefinition,
  ShadowTextListBlock,
} from '@storefront/contracts';
import { PageDataContext, PageDataStore } from '@storefront/ui';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { contentPageUrl } from '@storefront/contracts';
import BreadcrumbBlock from './Breadcrumb';
import Finance, { FINANCE_IMAGE_WIDTH } from './Finance';
import KitchenShowcase from './KitchenShowcase';
import MediaBlock from './MediaBlock';
import Overlay from './Overlay';
import ShadowTextList from './ShadowTextList';

const image = { src: '/images/scenes/shaker-navy-wide.svg', altText: 'Navy shaker kitchen', width: 1600, height: 900 };
const inRouter = (ui: ReactNode, path = '/') => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

describe('Overlay', () => {
  const block: OverlayBlock = {
    id: 'showroom',
    type: 'overlay',
    image,
    subTitle: 'Visit us',
    title: 'See the Doors in Our Edison Showroom',
    description: '<p>Every door style is on the wall.</p><script>alert(1)</script>',
    action: { text: 'Book an Appointment', url: '/book-appointment', type: 'button' },
  };

  it('is left and light by default, with the panel text, a sanitised description and the action', async () => {
    const { container } = inRouter(<Overlay block={block} position={2} />);
    const region = screen.getByRole('region', { name: 'See the Doors in Our Edison Showroom' });
    expect(region).toHaveClass('content-overlay--left', 'content-overlay--light');
    expect(screen.getByRole('heading', { level: 2 })).toHaveClass('content-title--medium');
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('Every door style is on the wall.')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/book-appointment');
    expect(screen.getByRole('img', { name: 'Navy shaker kitchen' })).toHaveAttribute('loading', 'lazy');
  });

  it.each([
    ['center', 'dark'],
    ['right', 'light'],
  ] as const)('%s / %s variant', (position, theme) => {
    inRouter(<Overlay block={{ ...block, position, theme, title: 'Showroom' }} position={1} />);
    expect(screen.getByRole('region', { name: 'Showroom' })).toHaveClass(`content-overlay--${position}`, `content-overlay--${theme}`);
    expect(screen.getByRole('heading', { name: 'Showroom' })).toHaveClass('content-title--short');
  });

  it('first on the page it is the h1 and its image loads eagerly; no action or text is fine', () => {
    inRouter(<Overlay block={{ id: 'o', type: 'overlay', image, title: 'Our Story' }} position={0} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Our Story' })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('Finance', () => {
  const options: FinanceBlock['options'] = [
    { title: 'Pay in Full', rate: 'No fees', term: 'Charged when you order', description: 'One card payment.', image: { ...image, width: 1200, height: 800 } },
    {
      title: 'PayPal Pay in 4',
      highlight: 'Most flexible',
      rate: '0% interest from PayPal',
      term: '4 payments over 6 weeks',
      description: 'Offered by PayPal.',
      action: { text: 'Get a Price Range', url: '/estimator', type: 'button' },
    },
    { title: 'Split Payment', description: 'Two cards.' },
  ];

  it('v1: image and text rows, images scaled to the 500 px default with their proportions', () => {
    const { container } = inRouter(<Finance block={{ id: 'f', type: 'finance', variant: 'v1', title: 'Ways to Pay', options }} position={1} />);
    const region = screen.getByRole('region', { name: 'Ways to Pay' });
    expect(region).toHaveClass('content-finance--v1');
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    const img = within(region).getByRole('img', { name: 'Navy shaker kitchen' });
    expect(img).toHaveAttribute('width', String(FINANCE_IMAGE_WIDTH));
    expect(img).toHaveAttribute('height', '333');
    expect(screen.getByText('No fees · Charged when you order')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-finance__row--text-only')).toHaveLength(2);
  });

  it('v2: comparison cards with rate, term, highlight and call to action; a missing rate shows a dash', () => {
    inRouter(<Finance block={{ id: 'f', type: 'finance', variant: 'v2', title: 'Compare', options, disclaimer: 'We do not lend money.' }} position={1} />);
    const cards = screen.getAllByRole('listitem');
    expect(within(cards[1]!).getByText('Most flexible')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Rate').nextElementSibling).toHaveTextContent('0% interest from PayPal');
    expect(within(cards[1]!).getByText('Term').nextElementSibling).toHaveTextContent('4 payments over 6 weeks');
    expect(within(cards[1]!).getByRole('link', { name: 'Get a Price Range' })).toHaveAttribute('href', '/estimator');
    expect(within(cards[2]!).getByText('Rate').nextElementSibling).toHaveTextContent('—');
    expect(screen.getByRole('heading', { level: 3, name: 'Split Payment' })).toBeInTheDocument();
    expect(screen.getByText('We do not lend money.')).toBeInTheDocument();
    // v2 cards show no images
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('no options: No Data Found', () => {
    inRouter(<Finance block={{ id: 'f', type: 'finance', variant: 'v2', options: [] }} position={1} />);
    expect(screen.getByRole('region', { name: 'Finance options' })).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });
});

describe('KitchenShowcase', () => {
  const block: KitchenShowcaseBlock = {
    id: 'featured',
    type: 'kitchen-showcase',
    image,
    title: 'Featured Kitchen: Navy Shaker',
    caption: 'A galley kitchen opened up to an island.',
    features: ['Harbor Navy doors', 'White quartz counters'],
    action: { text: 'See This Kitchen', url: '/inspiration-gallery/shaker-navy', type: 'button' },
  };

  it('shows the scene, its caption panel and the features list', () => {
    inRouter(<KitchenShowcase block={block} position={1} />);
    expect(screen.getByRole('region', { name: 'Featured Kitchen: Navy Shaker' })).toBeInTheDocument();
    expect(screen.getByRole('figure')).toContainElement(screen.getByRole('img', { name: 'Navy shaker kitchen' }));
    expect(screen.getByText('A galley kitchen opened up to an island.')).toBeInTheDocument();
    const features = screen.getByRole('list', { name: 'Featured Kitchen: Navy Shaker: features' });
    expect(within(features).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Harbor Navy doors', 'White quartz counters']);
    expect(screen.getByRole('link', { name: 'See This Kitchen' })).toHaveAttribute('href', '/inspiration-gallery/shaker-navy');
  });

  it('without features there is no empty list', () => {
    inRouter(<KitchenShowcase block={{ ...block, features: [] }} position={0} />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('MediaBlock', () => {
  it('an image with its caption and link', () => {
    const block: MediaBlockBlock = {
      id: 'm',
      type: 'media-block',
      image,
      caption: 'Full-size sample doors.',
      link: { text: 'Browse Door Styles', url: '/products/kitchen-cabinets/rta-kitchen-cabinets' },
    };
    inRouter(<MediaBlock block={block} position={1} />);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByRole('img', { name: 'Navy shaker kitchen' })).toBeInTheDocument();
    expect(within(figure).getByText('Full-size sample doors.')).toBeInTheDocument();
    expect(within(figure).getByRole('link', { name: 'Browse Door Styles' })).toHaveAttribute('href', '/products/kitchen-cabinets/rta-kitchen-cabinets');
  });

  const video = { name: 'Assembling a Base Cabinet', description: 'Start to finish.', thumbnailUrl: '/images/blogs/x.svg', uploadDate: '2026-03-02' };

  it('our own video file plays in the page', () => {
    const { container } = inRouter(<MediaBlock block={{ id: 'v', type: 'media-block', title: 'Assembly', video: { ...video, contentUrl: '/videos/base.mp4' } }} position={1} />);
    const player = container.querySelector('video');
    expect(player).toHaveAttribute('poster', '/images/blogs/x.svg');
    expect(player).toHaveAttribute('controls');
    expect(player?.querySelector('source')).toHaveAttribute('src', '/videos/base.mp4');
  });

  it("another site's video links out from its thumbnail (no frame under the CSP)", () => {
    const { container } = inRouter(<MediaBlock block={{ id: 'v', type: 'media-block', video: { ...video, embedUrl: 'https://www.youtube.com/@heartwoodcabinetry' } }} position={1} />);
    expect(container.querySelector('video, iframe')).toBeNull();
    const link = screen.getByRole('link', { name: /Watch the video: Assembling a Base Cabinet/ });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/@heartwoodcabinetry');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('nothing to show: No Data Found', () => {
    inRouter(<MediaBlock block={{ id: 'e', type: 'media-block', title: 'Empty' }} position={1} />);
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });
});

describe('ShadowTextList', () => {
  const block: ShadowTextListBlock = {
    id: 'numbers',
    type: 'shadow-text-list',
    title: 'In Numbers',
    items: [
      { shadowText: '2009', title: 'Building Kitchens Since 2009', text: 'One shaker door in a garage.' },
      { shadowText: '17', title: 'Door Styles in Stock', text: 'All from our own warehouse.' },
    ],
  };

  it('each item has its title and text over a decorative shadow word (the page title shadow look)', () => {
    const { container } = inRouter(<ShadowTextList block={block} position={1} />);
    const items = within(screen.getByRole('region', { name: 'In Numbers' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3, name: 'Building Kitchens Since 2009' })).toBeInTheDocument();
    const shadows = container.querySelectorAll('.content-page-title__shadow');
    expect([...shadows].map((shadow) => shadow.textContent)).toEqual(['2009', '17']);
    shadows.forEach((shadow) => expect(shadow).toHaveAttribute('aria-hidden', 'true'));
  });

  it('no items: No Data Found', () => {
    inRouter(<ShadowTextList block={{ ...block, items: [] }} position={1} />);
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
  });
});

describe('BreadcrumbBlock', () => {
  const page: PageDefinition = {
    slug: 'test',
    path: '/test',
    title: 'Test Page',
    description: '',
    schemas: {},
    blocks: [],
    breadcrumb: [
      { label: 'Home', path: '/' },
      { label: 'Test Page', path: '/test' },
    ],
  };

  function withPage(ui: ReactNode, path: string) {
    // a request still under way (the page's own definition is always in the store already)
    const fetch = jest.fn(() => new Promise<Response>(() => {}));
    const store = new PageDataStore({ mode: 'browser', fetch, initial: { [contentPageUrl('/test')]: { status: 'ready', httpStatus: 200, data: page } } });
    inRouter(<PageDataContext.Provider value={store}>{ui}</PageDataContext.Provider>, path);
    return fetch;
  }

  it("draws the route's own trail from the page definition already loaded (no second request, no JSON-LD)", () => {
    const fetch = withPage(<BreadcrumbBlock block={{ id: 'b', type: 'breadcrumb' }} position={1} />, '/test');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Test Page')).toHaveAttribute('aria-current', 'page');
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it('draws the given items instead', () => {
    const block: BreadcrumbBlockData = {
      id: 'b',
      type: 'breadcrumb',
      items: [
        { label: 'Home', path: '/' },
        { label: 'Products', path: '/products' },
        { label: 'Kitchen Cabinets', path: '/products/kitchen-cabinets' },
      ],
    };
    withPage(<BreadcrumbBlock block={block} position={1} />, '/test');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Home', 'Products', 'Kitchen Cabinets']);
  });

  it('draws nothing while there is no trail yet (the definition still loading)', () => {
    withPage(<BreadcrumbBlock block={{ id: 'b', type: 'breadcrumb' }} position={1} />, '/elsewhere');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
