import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageSlider } from './ImageSlider.js';
import type { Slide } from './slides.js';

const slides: Slide[] = [
  { key: 'base', src: '/images/kitchen.webp', alt: 'Shaker white kitchen', width: 800, height: 600 },
  { key: 'door', src: '/images/door.webp', alt: 'Shaker white door', width: 600, height: 800 },
  { key: 'island', src: '/images/island.webp', alt: 'Island with seating', width: 800, height: 600 },
];

// jsdom has no PointerEvent, so fireEvent.pointer* would drop pointerType; a MouseEvent that keeps it
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
beforeAll(() => {
  if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: TestPointerEvent, configurable: true });
});

const shown = () => within(screen.getByRole('region', { name: 'Shaker White pictures' })).getAllByRole('img')[0]!;

describe('ImageSlider', () => {
  it('has a dot per picture ("Go to slide N"), the current one marked; pressing a dot shows its picture', async () => {
    render(<ImageSlider slides={slides} label="Shaker White pictures" />);
    const dots = screen.getByRole('group', { name: 'Choose a slide of Shaker White pictures' });
    const buttons = within(dots).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Go to slide 1 of 3: Shaker white kitchen',
      'Go to slide 2 of 3: Shaker white door',
      'Go to slide 3 of 3: Island with seating',
    ]);
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    await userEvent.click(buttons[2]!);
    expect(shown()).toHaveAttribute('alt', 'Island with seating');
    expect(buttons[2]).toHaveAttribute('aria-current', 'true');
    expect(buttons[0]).not.toHaveAttribute('aria-current');
  });

  it('a finger swipe to the left shows the next picture, to the right the previous; a mouse drag does not', () => {
    render(<ImageSlider slides={slides} label="Shaker White pictures" />);
    const stage = screen.getByLabelText('Use the left and right arrow keys to change the image');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 120, clientY: 110 });
    expect(shown()).toHaveAttribute('alt', 'Shaker white door');
    fireEvent.pointerDown(stage, { pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'touch', clientX: 190, clientY: 100 });
    expect(shown()).toHaveAttribute('alt', 'Shaker white kitchen');
    fireEvent.pointerDown(stage, { pointerType: 'mouse', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerType: 'mouse', clientX: 100, clientY: 100 });
    expect(shown()).toHaveAttribute('alt', 'Shaker white kitchen');
  });

  it('one picture has no dots', () => {
    render(<ImageSlider slides={slides.slice(0, 1)} label="Shaker White pictures" />);
    expect(screen.queryByRole('group', { name: /Choose a slide/ })).toBeNull();
  });
});
