import type {
  AdviceBlock,
  ContentMediaBlock,
  ImageCardsBlock,
  PageTitleBlock,
  TitleDescriptionActionBlock,
} from '@storefront/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import Advice, { CHAT_UNDER_DEVELOPMENT_MESSAGE } from './Advice';
import ContentMedia from './ContentMedia';
import ImageCards from './ImageCards';
import PageTitle from './PageTitle';
import { StarRating } from './StarRating';
import TitleDescriptionAction from './TitleDescriptionAction';

const image = { src: '/images/scenes/shaker-navy.svg', altText: 'Navy shaker kitchen', width: 1200, height: 800 };
const longText =
  'Every cabinet box is 3/4 inch plywood with a solid-wood face frame, and every drawer is dovetailed solid wood on full-extension soft-close glides. ' +
  'Hinges are hidden and soft-close, shelves are adjustable, and the finish is a catalysed conversion varnish that shrugs off steam and splashes.';

const inRouter = (ui: ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('ContentMedia', () => {
  it('puts the image on the right by default', () => {
    const block: ContentMediaBlock = { id: 'cm', type: 'content-media', title: 'Our Story', description: '<p>Since 2009</p>', image };
    inRouter(<ContentMedia block={block} position={1} />);
    expect(screen.getByRole('region', { name: 'Our Story' })).toHaveClass('content-media--image-right');
  });
});

describe('Advice', () => {
  it('the chat button shows the under-development alert, which can be dismissed', async () => {
    const block: AdviceBlock = { id: 'advice', type: 'advice', title: 'Talk to a Designer', description: '<p>We can help.</p>' };
    inRouter(<Advice block={block} position={2} />);
    expect(screen.queryByText(CHAT_UNDER_DEVELOPMENT_MESSAGE)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chat With a Designer' }));
    expect(screen.getByText('This is Under Development! We are working on it!')).toBeInTheDocument();
  });
});

describe('PageTitle', () => {
  it('first on the page it is the h1; shadow text is hidden from screen readers', () => {
    const block: PageTitleBlock = { id: 'pt', type: 'page-title', variant: 'shadow-text', title: 'About Us', shadowText: 'Since 2009' };
    const { container } = inRouter(<PageTitle block={block} position={0} />);
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(container.querySelector('.content-page-title__shadow')).toHaveAttribute('aria-hidden', 'true');
  });

  it('two-column shows the aside; further down it is an h2', () => {
    const block: PageTitleBlock = { id: 'pt', type: 'page-title', variant: 'two-column', title: 'Policies', aside: '<p>Updated March 2026</p>' };
    inRouter(<PageTitle block={block} position={3} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Policies' })).toBeInTheDocument();
    expect(screen.getByText('Updated March 2026')).toBeInTheDocument();
  });
});

describe('TitleDescriptionAction with Read more', () => {
  it('cuts text over 220 characters and toggles Read more / Show less', async () => {
    const block: TitleDescriptionActionBlock = {
      id: 'tda',
      type: 'title-description-action',
      title: 'Built to Last',
      description: longText,
      action: { text: 'Order Samples', url: '/order-samples' },
    };
    inRouter(<TitleDescriptionAction block={block} position={1} />);
    expect(screen.queryByText(longText)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Read more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByText(longText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(longText)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order Samples' })).toHaveAttribute('href', '/order-samples');
  });

  it('short text has no toggle', () => {
    const block: TitleDescriptionActionBlock = { id: 'tda', type: 'title-description-action', title: 'Hi', description: 'Short.' };
    inRouter(<TitleDescriptionAction block={block} position={1} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('ImageCards', () => {
  const picture = { src: '/images/kitchens/a.svg', altText: 'A white kitchen', width: 800, height: 600 };

  it("draws the spec's card fields a visitor sees: hover picture, byline, namespaced class, new-tab action with an arrow", () => {
    const block: ImageCardsBlock = {
      id: 'guides',
      type: 'image-cards',
      version: 'v1',
      cards: [
        {
          title: 'Painting Doors',
          description: 'A weekend job.',
          className: 'highlight',
          images: [{ ...picture, hoverSrc: '/images/kitchens/b.svg', objectFit: 'contain' }],
          author: 'Derek Hale',
          publishDate: '2026-10-28',
          action: { text: 'Read the guide', url: '/blogs/painting', target: '_blank', showIcon: true },
        },
      ],
    };
    inRouter(<ImageCards block={block} position={1} />);
    const card = screen.getByRole('listitem');
    expect(card).toHaveClass('content-cards__card', 'content-cards__card--highlight');
    expect(card).not.toHaveClass('highlight');
    // the hover picture is decorative: the first picture's alt text names the card's picture
    expect(within(card).getByRole('img', { name: 'A white kitchen' })).toHaveAttribute('src', '/images/kitchens/a.svg');
    const hover = card.querySelector('.content-cards__hover-image')!;
    expect(hover).toHaveAttribute('src', '/images/kitchens/b.svg');
    expect(hover).toHaveAttribute('alt', '');
    expect(card.querySelector('.content-cards__image')).toHaveClass('content-cards__image--swap', 'content-cards__image--contain');
    expect(within(card).getByText('By Derek Hale')).toBeInTheDocument();
    expect(within(card).getByText('October 28, 2026')).toHaveAttribute('dateTime', '2026-10-28');
    // the arrow is drawn but not read out
    const link = within(card).getByRole('link', { name: 'Read the guide (opens in a new tab)' });
    expect(link.querySelector('.content-action__icon')).toHaveAttribute('aria-hidden', 'true');
    expect(link).toHaveAttribute('href', '/blogs/painting');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a card without the new fields draws as before: one picture, no byline, same-tab action', () => {
    const block: ImageCardsBlock = {
      id: 'plain',
      type: 'image-cards',
      version: 'v1',
      cards: [{ title: 'Doors', description: 'Solid wood.', image: picture, action: { text: 'See doors', url: '/doors' } }],
    };
    inRouter(<ImageCards block={block} position={1} />);
    const card = screen.getByRole('listitem');
    expect(card.className).toBe('content-cards__card');
    expect(card.querySelector('.content-cards__hover-image')).toBeNull();
    expect(card.querySelector('.content-cards__byline')).toBeNull();
    expect(within(card).getByRole('link', { name: 'See doors' })).not.toHaveAttribute('target');
  });

  it('v3 numbers the steps zero-padded in an ordered list', () => {
    const block: ImageCardsBlock = {
      id: 'steps',
      type: 'image-cards',
      version: 'v3',
      look: 'timeline',
      title: 'How It Works',
      cards: [
        { title: 'Measure', description: 'Measure your walls.' },
        { title: 'Design', description: 'We draw it in 3D.' },
        { title: 'Skip', description: 'No number here.', hideStepNumber: true },
      ],
    };
    const { container } = inRouter(<ImageCards block={block} position={1} />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getByText('01')).toHaveAttribute('aria-label', 'Step 1');
    expect(within(list).getByText('02')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-cards__step')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'How It Works' })).toHaveClass('content-cards--timeline');
  });

  it('v1 without cards says No Data Found', () => {
    const block: ImageCardsBlock = { id: 'none', type: 'image-cards', version: 'v1', title: 'Nothing', cards: [] };
    inRouter(<ImageCards block={block} position={1} />);
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByText('We are sorry, but we could not find any data.')).toBeInTheDocument();
  });

  it('fullText shows whole policy text without Read more; untitled blocks use h2 card headings', () => {
    const block: ImageCardsBlock = { id: 'policy', type: 'image-cards', version: 'v2', fullText: true, cards: [{ title: 'Refunds', description: longText }] };
    inRouter(<ImageCards block={block} position={1} />);
    expect(screen.getByText(longText)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Refunds' })).toBeInTheDocument();
  });

  it('v2 shows images and card headings', () => {
    const block: ImageCardsBlock = { id: 'v2', type: 'image-cards', version: 'v2', title: 'Styles', cards: [{ title: 'Shaker', description: 'Classic.', image }] };
    inRouter(<ImageCards block={block} position={1} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Shaker' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Navy shaker kitchen' })).toBeInTheDocument();
  });
});

describe('StarRating', () => {
  it('says the rating in half stars', () => {
    render(<StarRating star={4.4} />);
    expect(screen.getByRole('img', { name: '4.5 out of 5 stars' })).toBeInTheDocument();
  });
});
