import type { MasonryGalleryBlock } from '@storefront/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { clampZoom, wrapIndex } from '@storefront/ui/lightbox';
import MasonryGallery, { masonryLayoutFor } from './MasonryGallery';

const image = (name: string) => ({ src: `/images/scenes/${name}.svg`, altText: `${name} kitchen`, width: 1200, height: 800 });
const block: MasonryGalleryBlock = {
  id: 'gallery',
  type: 'masonry-gallery',
  title: 'Green Shaker Kitchen',
  items: [
    { image: image('one'), caption: 'The range wall' },
    { image: image('two'), caption: 'The island' },
    { image: image('three') },
  ],
};

function renderGallery(b: MasonryGalleryBlock = block) {
  return render(
    <MemoryRouter>
      <MasonryGallery block={b} position={1} />
    </MemoryRouter>,
  );
}

describe('masonryLayoutFor', () => {
  it.each([
    [320, 1, 10],
    [749, 1, 10],
    [750, 2, 20],
    [1200, 2, 20],
    [1201, 3, 30],
    [1920, 3, 30],
  ])('at %i px: %i columns, %i px gutters', (width, columns, gutter) => {
    expect(masonryLayoutFor(width)).toEqual({ columns, gutter });
  });
});

describe('lightbox helpers', () => {
  it('zoom stays between 1 and the max ratio', () => {
    expect(clampZoom(2.5)).toBe(2);
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(3, 3)).toBe(3);
  });
  it('indexes wrap around', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
  });
});

describe('MasonryGallery', () => {
  it('opens the lightbox, moves with arrows, zooms no further than 2x and closes on Escape', () => {
    renderGallery();
    const opener = screen.getByRole('button', { name: 'Enlarge: The range wall' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: /The range wall/ });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(dialog).toHaveTextContent('(1 of 3)');

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: /The island/ })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog')).toHaveTextContent('(3 of 3)');

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(screen.getByText('200%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    expect(dialog.querySelector('.sf-lightbox__frame')).toHaveClass('sf-lightbox__frame--zoomed');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('an item with a url is a link to its page', () => {
    renderGallery({ ...block, items: [{ image: image('green'), caption: 'Green Shaker', url: '/inspiration-gallery/shaker-green' }] });
    expect(screen.getByRole('link', { name: /Green Shaker/ })).toHaveAttribute('href', '/inspiration-gallery/shaker-green');
  });
});
