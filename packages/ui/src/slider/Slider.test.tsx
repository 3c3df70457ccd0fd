import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { EmblaCarouselType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { Slider, type SliderSlide } from './Slider.js';

// jsdom has no layout (every size is 0), so Embla cannot measure anything here. A stand-in with Embla's
// API moves between stops the way Embla does; the real library runs in the server test and in e2e.
jest.mock('embla-carousel-react', () => ({ __esModule: true, default: jest.fn() }));

type Listener = () => void;

function fakeEmbla(stops: number, loop = true) {
  let selected = 0;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string) => listeners.get(event)?.forEach((listener) => listener());
  const go = (index: number) => {
    selected = loop ? (index + stops) % stops : Math.max(0, Math.min(stops - 1, index));
    emit('select');
  };
  const api = {
    selectedScrollSnap: () => selected,
    scrollSnapList: () => Array.from({ length: stops }, (_, i) => -i * 100),
    canScrollPrev: () => loop || selected > 0,
    canScrollNext: () => loop || selected < stops - 1,
    scrollNext: jest.fn(() => go(selected + 1)),
    scrollPrev: jest.fn(() => go(selected - 1)),
    scrollTo: jest.fn((index: number) => go(index)),
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return api;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return api;
    },
  };
  return api;
}

const useEmblaMock = useEmblaCarousel as unknown as jest.Mock;

const slides: SliderSlide[] = ['Island', 'Pantry', 'Sink wall', 'Bar', 'Nook'].map((label) => ({
  key: label,
  label,
  content: <p>{label} photo</p>,
}));

function setUp(stops = 5, loop = true) {
  const api = fakeEmbla(stops, loop);
  useEmblaMock.mockReturnValue([jest.fn(), api as unknown as EmblaCarouselType]);
  return api;
}

afterEach(() => {
  useEmblaMock.mockReset();
});

describe('Slider', () => {
  it('is a labelled carousel of named slides with labelled controls', () => {
    setUp();
    render(<Slider label="Kitchen photos" slides={slides} showCounter />);
    const carousel = screen.getByRole('region', { name: 'Kitchen photos' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slideGroups = screen.getAllByRole('group').filter((el) => el.getAttribute('aria-roledescription') === 'slide');
    expect(slideGroups).toHaveLength(5);
    expect(slideGroups[1]).toHaveAccessibleName('2 of 5: Pantry');
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to slide 3 of 5: Sink wall' })).toBeInTheDocument();
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
  });

  it('next and previous move the counter, wrapping around when infinite', async () => {
    const api = setUp();
    render(<Slider label="Kitchen photos" slides={slides} showCounter />);
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go to slide 2 of 5/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByText('5 / 5')).toBeInTheDocument();
    expect(api.scrollPrev).toHaveBeenLastCalledWith(false);
  });

  it('Left and Right arrow keys move between slides; typing in a field does not', async () => {
    setUp();
    render(
      <Slider
        label="Kitchen photos"
        slides={[...slides.slice(0, 4), { key: 'form', label: 'Form', content: <input aria-label="Your name" /> }]}
        showCounter
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByText('4 / 5')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your name' }), '{ArrowLeft}');
    expect(screen.getByText('3 / 5')).toBeInTheDocument();
  });

  it('a dot goes to its slide; the status line names the slide when labels are shown', async () => {
    setUp();
    render(<Slider label="Kitchen photos" slides={slides} showCounter showLabels dots />);
    await userEvent.click(screen.getByRole('button', { name: 'Go to slide 4 of 5: Bar' }));
    const status = screen.getByText('4 / 5').closest('p');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Bar4 / 5');
  });

  it('without the counter still announces the position to screen readers', async () => {
    setUp();
    render(<Slider label="Kitchen photos" slides={slides} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('Slide 2 of 5').closest('p')).toHaveClass('sf-visually-hidden');
  });

  it('not infinite: the arrows stop at the ends', async () => {
    setUp(5, false);
    render(<Slider label="Kitchen photos" slides={slides} infinite={false} />);
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
    for (let i = 0; i < 4; i += 1) await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeDisabled();
  });

  it('jumps without animation for visitors who prefer reduced motion', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      const api = setUp();
      render(<Slider label="Kitchen photos" slides={slides} />);
      await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(api.scrollNext).toHaveBeenCalledWith(true);
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('sets slide widths per device class with classes and the dots breakpoint', () => {
    setUp();
    render(<Slider label="Reviews" slides={slides} slidesToShow={{ mobile: 1, tablet: 2, desktop: 3 }} dotsBelow={480} />);
    expect(screen.getByRole('region', { name: 'Reviews' })).toHaveClass('sf-slider--m1', 'sf-slider--t2', 'sf-slider--d3', 'sf-slider--dots-below-480', 'sf-slider--arrows');
  });

  it('gridFrom: a grid from 768 px, where Embla is switched off; the slider only below', () => {
    setUp();
    render(<Slider label="Articles" slides={slides} slidesToShow={{ mobile: 1, tablet: 2, desktop: 3 }} dotsBelow={480} gridFrom={768} />);
    expect(screen.getByRole('region', { name: 'Articles' })).toHaveClass('sf-slider--grid-from-768', 'sf-slider--d3');
    expect(useEmblaMock).toHaveBeenLastCalledWith(expect.objectContaining({ breakpoints: { '(min-width: 768px)': { active: false } } }));
    expect(screen.getAllByRole('button', { name: /^Go to slide \d of 5/ })).toHaveLength(5);
  });

  it('one slide is shown plainly, without carousel controls', () => {
    setUp(1);
    render(<Slider label="Kitchen photos" slides={slides.slice(0, 1)} />);
    expect(screen.getByText('Island photo')).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
