import { fireEvent, render, screen } from '@testing-library/react';
import { DoorOverlay } from './DoorOverlay.js';

describe('DoorOverlay', () => {
  it('stays invisible until the door has loaded, then shows it', () => {
    const { container } = render(<DoorOverlay src="/images/styles/ssw-alabaster.svg" alt="Door in Alabaster" label="Alabaster" />);
    const figure = container.querySelector('figure')!;
    expect(figure).not.toHaveClass('sf-door-overlay--shown');
    expect(figure).toHaveAttribute('aria-hidden', 'true');

    fireEvent.load(screen.getByAltText('Door in Alabaster'));
    expect(figure).toHaveClass('sf-door-overlay--shown');
    expect(screen.getByRole('img', { name: 'Door in Alabaster' })).toBeInTheDocument();
    expect(screen.getByText('Alabaster')).toBeInTheDocument();
  });

  it('hides itself when the image fails, and tries again for another finish', () => {
    const { container, rerender } = render(<DoorOverlay src="/images/styles/missing.svg" alt="Door in Alabaster" label="Alabaster" />);
    fireEvent.error(screen.getByAltText('Door in Alabaster'));
    expect(container.querySelector('figure')).toBeNull();
    expect(container.querySelector('img')).toBeNull();

    rerender(<DoorOverlay src="/images/styles/ssw-linen-white.svg" alt="Door in Linen White" label="Linen White" />);
    expect(screen.getByAltText('Door in Linen White')).toBeInTheDocument();
  });
});
