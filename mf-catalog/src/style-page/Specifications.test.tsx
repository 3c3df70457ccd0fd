import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Spec } from '@storefront/contracts';
import { Specifications, specHasContent } from './Specifications.js';

const hardware: Spec = {
  name: 'hardware',
  title: 'Hardware',
  props: [
    { label: 'Hinges', value: 'Soft-close' },
    { label: 'Glides', value: 'Full-extension' },
  ],
  options: { display: 'grid-view', image: { src: '/images/hinge.svg', altText: 'A soft-close hinge', width: 400, height: 300 } },
};
const care: Spec = { name: 'care', title: 'Care', props: [{ label: 'Cleaning', value: 'Wipe with a soft cloth.' }], options: { format: 'text' } };
const videos: Spec = {
  name: 'assembly-videos',
  title: 'Assembly Videos',
  props: [],
  options: { width: 480, height: 270, playIcon: false, display: 'list-view' },
  videos: [{ title: 'Hanging wall cabinets', src: '/videos/wall.mp4', thumbnail: '/images/wall.svg' }],
};

describe('Specifications, tabular view', () => {
  it('heads every spec and shows each in its format: a grid of labelled values with its picture, text with keys', () => {
    render(<Specifications specifications={{ specView: 'tabular', specs: [hardware, care] }} />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Hardware' })).toBeInTheDocument();
    const grid = document.querySelector('dl.sf-spec__grid')!;
    expect(within(grid as HTMLElement).getByText('Hinges')).toBeInTheDocument();
    expect(within(grid as HTMLElement).getByText('Soft-close')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A soft-close hinge' })).toHaveAttribute('src', '/images/hinge.svg');
    expect(screen.getByRole('heading', { level: 3, name: 'Care' })).toBeInTheDocument();
    expect(screen.getByText('Wipe with a soft cloth.').closest('p')).toHaveTextContent('Cleaning: Wipe with a soft cloth.');
  });

  it('plays a hosted assembly video in a <video> at the spec size, without a play icon when turned off', async () => {
    const user = userEvent.setup();
    render(<Specifications specifications={{ specView: 'tabular', specs: [videos] }} />);
    const play = screen.getByRole('button', { name: 'Play video: Hanging wall cabinets' });
    expect(play.querySelector('svg')).toBeNull();
    expect(play.querySelector('img')).toHaveAttribute('width', '480');
    await user.click(play);
    const player = screen.getByLabelText('Hanging wall cabinets');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/videos/wall.mp4');
    expect(player).toHaveAttribute('height', '270');
    // starts muted and inline (spec §4); React sets `muted` as a property, not an attribute
    expect((player as HTMLVideoElement).muted).toBe(true);
    expect(player).toHaveAttribute('playsinline');
    expect(player).toHaveAttribute('autoplay');
  });

  it('starts a YouTube assembly video muted and inline once pressed', async () => {
    const user = userEvent.setup();
    const youtube: Spec = { ...videos, videos: [{ title: 'Hanging wall cabinets', youtubeId: 'abc123', thumbnail: '/images/wall.svg' }] };
    render(<Specifications specifications={{ specView: 'tabular', specs: [youtube] }} />);
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play video: Hanging wall cabinets' }));
    const src = new URL(screen.getByTitle('Hanging wall cabinets').getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(src.searchParams.get('autoplay')).toBe('1');
    expect(src.searchParams.get('mute')).toBe('1');
    expect(src.searchParams.get('playsinline')).toBe('1');
  });

  it('shows an unconfirmed YouTube assembly video as its thumbnail and "Video coming soon", with nothing to play', () => {
    const unconfirmed = { ...videos, videos: [{ title: 'Hanging wall cabinets', youtubeId: 'rtaWallHng1', thumbnail: '/images/wall.svg', unconfirmed: true as const }] };
    render(<Specifications specifications={{ specView: 'tabular', specs: [unconfirmed] }} />);
    expect(screen.getByText('Video coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('.sf-assembly-videos img')).toHaveAttribute('width', '480');
  });

  it('leaves out specs with nothing to show, and the whole section when none has', () => {
    expect(specHasContent({ ...videos, videos: [] })).toBe(false);
    expect(specHasContent({ ...care, props: [] })).toBe(false);
    expect(specHasContent(videos)).toBe(true);
    const { container } = render(<Specifications specifications={{ specView: 'tabbing', specs: [{ ...care, props: [] }] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
