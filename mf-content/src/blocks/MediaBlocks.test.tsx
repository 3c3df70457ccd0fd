import type { BannerBlock, Review, ReviewsSummaryBlock, SliderBlock, VideoCardsBlock } from '@storefront/contracts';
import { REVIEWS_SUMMARY_URL, REVIEWS_URL } from '@storefront/contracts';
import { PageDataContext, PageDataStore, type PageDataEntry } from '@storefront/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import Banner from './Banner';
import ReviewCards from './ReviewCards';
import ReviewsSummary from './ReviewsSummary';
import SliderBlockView from './SliderBlock';
import VideoCards, { youtubeIdOf } from './VideoCards';

// jsdom has no layout for Embla to measure: the Slider renders as on the server (every slide, first in view).
jest.mock('embla-carousel-react', () => ({ __esModule: true, default: () => [() => undefined, undefined] }));

const image = (name: string) => ({ src: `/images/scenes/${name}.svg`, altText: `${name} kitchen`, width: 1920, height: 787, label: name });

function withData(ui: ReactNode, initial: Record<string, PageDataEntry<unknown>> = {}, path = '/') {
  const store = new PageDataStore({ mode: 'browser', fetch: () => Promise.reject(new Error('no network in this test')), initial });
  return render(
    <PageDataContext.Provider value={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PageDataContext.Provider>,
  );
}

const longText =
  'We ordered the Charleston Blue Shaker for our island and Shaker Snow White for the perimeter. The free design service caught two filler pieces we would have missed.';

const reviews: Review[] = [
  { id: '1', name: 'Megan R.', rating: 5, platform: 'Google', location: 'Montclair, NJ', profilePicture: null, reviewText: longText },
  { id: '2', name: 'Tom Becker', rating: 4, platform: 'Houzz', location: null, profilePicture: '/images/reviews/tom.svg', reviewText: 'Solid boxes.' },
];

describe('ReviewCards', () => {
  const block = { id: 'reviews', type: 'review-cards' as const, title: 'What Our Customers Say' };

  it('shows each review with name, location, platform and stars, in a carousel', () => {
    withData(<ReviewCards block={block} position={3} />, { [REVIEWS_URL]: { status: 'ready', httpStatus: 200, data: reviews } });
    expect(screen.getByRole('region', { name: 'What Our Customers Say' })).toContainElement(screen.getByRole('region', { name: 'Customer reviews' }));
    expect(screen.getByRole('region', { name: 'Customer reviews' })).toHaveAttribute('aria-roledescription', 'carousel');
    const megan = screen.getByRole('article', { name: 'Megan R.' });
    expect(within(megan).getByText('Montclair, NJ')).toBeInTheDocument();
    expect(within(megan).getByText('on Google')).toBeInTheDocument();
    expect(within(megan).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Tom Becker' })).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
  });

  it('cuts text longer than 150 characters with Show More / Show Less', async () => {
    withData(<ReviewCards block={block} position={3} />, { [REVIEWS_URL]: { status: 'ready', httpStatus: 200, data: reviews } });
    const megan = screen.getByRole('article', { name: 'Megan R.' });
    const toggle = within(megan).getByRole('button', { name: 'Show More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const shortText = megan.querySelector('.content-review-card__text')!.textContent!;
    expect(shortText.endsWith('...')).toBe(true);
    expect(shortText.length).toBeLessThanOrEqual(153);
    await userEvent.click(toggle);
    expect(within(megan).getByText(longText)).toBeInTheDocument();
    expect(within(megan).getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    // a short review has no toggle
    expect(within(screen.getByRole('article', { name: 'Tom Becker' })).queryByRole('button')).toBeNull();
  });

  it('no reviews, or reviews that cannot be loaded: No Data Found', () => {
    const { unmount } = withData(<ReviewCards block={block} position={3} />, { [REVIEWS_URL]: { status: 'ready', httpStatus: 200, data: [] } });
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    unmount();
    withData(<ReviewCards block={block} position={3} />, { [REVIEWS_URL]: { status: 'error', httpStatus: 500, error: 'Internal server error' } });
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByText('We are sorry, but we could not find any data.')).toBeInTheDocument();
  });
});

describe('ReviewsSummary', () => {
  const block: ReviewsSummaryBlock = { id: 'summary', type: 'reviews-summary' };

  it('shows the average and the count', () => {
    withData(<ReviewsSummary block={block} position={2} />, { [REVIEWS_SUMMARY_URL]: { status: 'ready', httpStatus: 200, data: { avgRating: 4.8, reviewCount: 10 } } });
    expect(screen.getByText('4.8 out of 5 based on 10 reviews')).toBeInTheDocument();
  });

  it('shows nothing when the summary fails or there are no reviews', () => {
    const { container, unmount } = withData(<ReviewsSummary block={block} position={2} />, {
      [REVIEWS_SUMMARY_URL]: { status: 'error', httpStatus: 503, error: 'down' },
    });
    expect(container).toBeEmptyDOMElement();
    unmount();
    const empty = withData(<ReviewsSummary block={block} position={2} />, { [REVIEWS_SUMMARY_URL]: { status: 'ready', httpStatus: 200, data: { avgRating: 0, reviewCount: 0 } } });
    expect(empty.container).toBeEmptyDOMElement();
  });
});

describe('VideoCards', () => {
  const block: VideoCardsBlock = {
    id: 'videos',
    type: 'video-cards',
    title: 'Watch and Learn',
    videos: [
      { videoType: 'youtube', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Measuring your kitchen', description: 'word '.repeat(80).trim() },
      {
        videoType: 'video',
        videoUrl: '/images/videos/assembly.webm',
        title: 'Assembling a base cabinet',
        thumbnail: { src: '/images/videos/assembly.svg', altText: 'A base cabinet', width: 1280, height: 720 },
      },
    ],
  };

  it('a YouTube card shows the thumbnail until played, then the privacy-enhanced player, muted and autoplaying', async () => {
    withData(<VideoCards block={block} position={4} />);
    const card = screen.getByRole('article', { name: 'Measuring your kitchen' });
    const thumbnail = within(card).getByRole('img', { name: 'Measuring your kitchen' });
    expect(thumbnail).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg');
    await userEvent.click(within(card).getByRole('button', { name: 'Play video: Measuring your kitchen' }));
    const player = card.querySelector('iframe')!;
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1');
    expect(player).toHaveAttribute('title', 'Measuring your kitchen');
    expect(player).toHaveFocus();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('falls back down the thumbnail sizes on an error or YouTube’s 120 px stand-in', () => {
    withData(<VideoCards block={block} position={4} />);
    const thumbnail = screen.getByRole('img', { name: 'Measuring your kitchen' }) as HTMLImageElement;
    fireEvent.error(thumbnail);
    expect(thumbnail).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    Object.defineProperty(thumbnail, 'naturalWidth', { value: 120, configurable: true });
    fireEvent.load(thumbnail);
    expect(thumbnail).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg');
    fireEvent.error(thumbnail);
    expect(thumbnail).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg');
  });

  it('a video file card plays in a <video> with controls, autoplay and muted', async () => {
    withData(<VideoCards block={block} position={4} />);
    const card = screen.getByRole('article', { name: 'Assembling a base cabinet' });
    expect(within(card).getByRole('img', { name: 'A base cabinet' })).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Play video: Assembling a base cabinet' }));
    const video = card.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/images/videos/assembly.webm');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(video.muted).toBe(true);
  });

  it('cuts a description at 250 characters at a word boundary', () => {
    withData(<VideoCards block={block} position={4} />);
    const text = screen.getByRole('article', { name: 'Measuring your kitchen' }).querySelector('.content-video-card__description')!.textContent!;
    expect(text.endsWith('word...')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(253);
  });

  it('an address that is no YouTube video cannot be played', () => {
    withData(<VideoCards block={{ ...block, videos: [{ videoType: 'youtube', videoUrl: 'https://example.com/x', title: 'Broken' }] }} position={4} />);
    expect(screen.getByText('This video is not available.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull();
  });

  it('a YouTube video the content service marks unconfirmed shows its thumbnail and "Video coming soon", never a player', () => {
    withData(<VideoCards block={{ ...block, videos: [{ ...block.videos[0]!, unconfirmed: true }] }} position={4} />);
    const card = screen.getByRole('article', { name: 'Measuring your kitchen' });
    expect(within(card).getByRole('img', { name: 'Measuring your kitchen' })).toBeInTheDocument();
    expect(within(card).getByText('Video coming soon')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.querySelector('iframe')).toBeNull();
  });

  it('reads YouTube ids from the usual address forms', () => {
    expect(youtubeIdOf('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeIdOf('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeIdOf('not a url')).toBeNull();
  });
});

describe('SliderBlock', () => {
  it('shows the pictures with labels and captions and a counter', () => {
    const block: SliderBlock = {
      id: 'slides',
      type: 'slider',
      title: 'Kitchen Tour',
      slides: [
        { image: image('island'), label: 'Island', caption: 'Seating for four' },
        { image: image('pantry'), label: 'Pantry' },
        { image: image('sink'), label: 'Sink wall' },
      ],
    };
    withData(<SliderBlockView block={block} position={2} />);
    expect(screen.getByText('Seating for four')).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '2 of 3: Pantry' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')[0]).toHaveAttribute('loading', 'lazy');
  });
});

describe('Banner layouts', () => {
  const base: BannerBlock = { id: 'hero', type: 'banner', title: 'Solid-Wood Cabinets', backgroundImage: image('hero') };

  it('slider: the pictures in a carousel, only the first loading eagerly with high priority', () => {
    withData(<Banner block={{ ...base, bannerLayout: 'slider', images: [image('second'), image('third')] }} position={0} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Solid-Wood Cabinets' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Solid-Wood Cabinets: pictures' })).toHaveAttribute('aria-roledescription', 'carousel');
    const pictures = screen.getAllByRole('img');
    expect(pictures).toHaveLength(3);
    expect(pictures[0]).toHaveAttribute('loading', 'eager');
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures[1]).toHaveAttribute('loading', 'lazy');
    expect(pictures[2]).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('button', { name: 'Go to slide 2 of 3: second' })).toBeInTheDocument();
  });

  it('title-breadcrumb: the trail given in the block', () => {
    withData(
      <Banner
        block={{ ...base, bannerLayout: 'title-breadcrumb', breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Finance', path: '/kitchen-finance-options' }] }}
        position={0}
      />,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Finance')).toHaveAttribute('aria-current', 'page');
  });

  it('title-breadcrumb: else the page’s trail from its page definition', () => {
    withData(
      <Banner block={{ ...base, bannerLayout: 'title-breadcrumb' }} position={0} />,
      {
        '/api/content/page?path=%2Ftest': {
          status: 'ready',
          httpStatus: 200,
          data: { slug: 'test', path: '/test', title: 'Test', description: '', schemas: {}, blocks: [], breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Block Sandbox', path: '/test' }] },
        },
      },
      '/test',
    );
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Block Sandbox')).toBeInTheDocument();
  });

  it('card v1 and v2: the text in a card beside or over the picture', () => {
    const { unmount } = withData(<Banner block={{ ...base, bannerLayout: 'card-v1', description: 'Plywood boxes.' }} position={2} />);
    expect(screen.getByRole('region', { name: 'Solid-Wood Cabinets' })).toHaveClass('content-banner-card--v1');
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    unmount();
    withData(<Banner block={{ ...base, bannerLayout: 'card-v2' }} position={0} />);
    expect(screen.getByRole('region', { name: 'Solid-Wood Cabinets' })).toHaveClass('content-banner-card--v2');
  });
});
