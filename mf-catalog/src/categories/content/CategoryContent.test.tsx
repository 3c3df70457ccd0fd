import { render, screen } from '@testing-library/react';
import type { VideoCard } from '@storefront/contracts';
import { CategoryVideo } from './CategoryContent.js';

const youtube: VideoCard = {
  videoType: 'youtube',
  videoUrl: 'https://www.youtube.com/watch?v=hwWallCab01',
  title: 'Hanging Wall Cabinets Level',
  thumbnail: { src: '/images/videos/installing-wall-cabinets.svg', altText: 'Blue shaker wall cabinets', width: 1280, height: 720 },
};

describe('CategoryVideo', () => {
  it('links a confirmed YouTube video out to its player in a new tab', () => {
    render(<CategoryVideo video={youtube} />);
    const link = screen.getByRole('link', { name: /Watch “Hanging Wall Cabinets Level” on YouTube/ });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=hwWallCab01');
    expect(screen.queryByText('Video coming soon')).toBeNull();
  });

  it('shows an unconfirmed YouTube video as its thumbnail and "Video coming soon", with no link to the made-up id', () => {
    render(<CategoryVideo video={{ ...youtube, unconfirmed: true }} />);
    expect(screen.getByRole('img', { name: 'Blue shaker wall cabinets' })).toBeInTheDocument();
    expect(screen.getByText('Video coming soon')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Hanging Wall Cabinets Level')).toBeInTheDocument();
  });
});
