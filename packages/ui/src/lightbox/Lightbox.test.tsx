import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { DEFAULT_MAX_ZOOM, Lightbox, clampZoom, wrapIndex, type LightboxItem } from './Lightbox.js';

const items: LightboxItem[] = [
  { image: { src: '/images/a.svg', altText: 'Kitchen in white', width: 1200, height: 800 } },
  { image: { src: '/images/b.svg', altText: 'Door in white', width: 600, height: 800 }, caption: 'The door' },
];

function Harness() {
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" onClick={() => setIndex(0)}>
        Open
      </button>
      <a href="#elsewhere">Elsewhere</a>
      {index !== null && <Lightbox items={items} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} returnFocusTo={opener} />}
    </>
  );
}

describe('Lightbox', () => {
  it('opens on the given picture, pages with arrows, zooms to 2x at most, traps Tab and closes on Escape', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: /Kitchen in white/ });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(dialog).toHaveTextContent('(1 of 2)');

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: /The door/ })).toHaveTextContent('(2 of 2)');

    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(screen.getByText('200%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
    // the disabled button does not swallow focus: it moves to Zoom out, still inside the dialog
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveFocus();

    // Shift+Tab from the first control wraps to the last one inside the dialog
    const buttons = screen.getAllByRole('button').filter((b) => dialog.contains(b) && !(b as HTMLButtonElement).disabled);
    buttons[0]!.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('zoom and index helpers', () => {
    expect(DEFAULT_MAX_ZOOM).toBe(2);
    expect(clampZoom(2.5)).toBe(2);
    expect(clampZoom(0.5)).toBe(1);
    expect(wrapIndex(1, 1, 2)).toBe(0);
    expect(wrapIndex(0, -1, 2)).toBe(1);
  });
});
