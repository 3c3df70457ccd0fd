import type { BannerBlock, MediaContentBlock } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import Banner from './Banner';
import MediaContent from './MediaContent';

const banner: BannerBlock = {
  id: 'home-hero',
  type: 'banner',
  backgroundImage: { src: '/images/hero.svg', mobileSrc: '/images/hero-mobile.svg', altText: 'A kitchen', width: 1920, height: 787 },
  title: 'Solid-Wood Cabinets',
  subTitle: 'Ready to assemble.',
  description: 'Choose from 17 door styles.',
  action: { text: 'Order Samples', url: '/order-samples', type: 'button' },
};

describe('Banner', () => {
  it('as the first block: the page heading, an eager high-priority image with its size and a mobile source', () => {
    const { container } = render(
      <MemoryRouter>
        <Banner block={banner} position={0} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Solid-Wood Cabinets' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'A kitchen' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width', '1920');
    expect(image).toHaveAttribute('height', '787');
    expect(container.querySelector('source')).toHaveAttribute('srcset', '/images/hero-mobile.svg');
    expect(screen.getByRole('link', { name: 'Order Samples' })).toHaveAttribute('href', '/order-samples');
  });

  it('further down the page: a section heading and a lazy image', () => {
    render(
      <MemoryRouter>
        <Banner block={banner} position={3} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
  });
});

describe('MediaContent', () => {
  it('renders sanitised HTML with the image on the chosen side', async () => {
    const block: MediaContentBlock = {
      id: 'samples',
      type: 'media-content',
      title: 'Hold the Color',
      description: '<p>Real <strong>finish</strong></p><script>window.bad = 1</script>',
      image: { src: '/images/doors.svg', altText: 'Sample doors', width: 800, height: 600 },
      mediaPosition: 'right',
    };
    const { container } = render(
      <MemoryRouter>
        <MediaContent block={block} position={1} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Hold the Color' })).toHaveClass('content-media--image-right');
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('finish')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
  });
});
