import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  SLIDER_DEFAULTS,
  counterText,
  emblaDurationFor,
  resolveSlidesToShow,
  slideAccessibleName,
  slidesToShowClasses,
  type SliderDotsBreakpoint,
  type SlidesToShow,
} from './slider-settings.js';
import { SliderDots } from './SliderDots.js';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js';

export interface SliderSlide {
  /** stable React key */
  key: string;
  /** names the slide for screen readers and its dot; shown beside the counter with `showLabels` */
  label?: string;
  content: ReactNode;
}

export interface SliderProps {
  /** what the carousel shows, e.g. "Customer reviews" (its accessible name) */
  label: string;
  slides: SliderSlide[];
  /** slides in view: one number for every width, or per device class; 1 when absent */
  slidesToShow?: number | SlidesToShow;
  /** scroll speed in ms (500) */
  speed?: number;
  /** prev/next buttons at 768 px and up (true) */
  arrows?: boolean;
  /** dots at every width (false); below `dotsBelow` dots always replace the arrows */
  dots?: boolean;
  /** wrap around from the last slide to the first (true) */
  infinite?: boolean;
  /** the width below which dots replace arrows: 768, or 480 for blog-card-like sliders */
  dotsBelow?: SliderDotsBreakpoint;
  /** a visible "2 / 5" counter */
  showCounter?: boolean;
  /** the current slide's label beside the counter */
  showLabels?: boolean;
  /**
   * From this width up the slides are a plain grid (slidesToShow columns per device class) and the
   * slider only runs below it: spec §9 "below 768 px the slider is used" (blog cards).
   */
  gridFrom?: 768;
  className?: string;
}

function isTextEntry(target: EventTarget): boolean {
  const element = target as HTMLElement;
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * The site's one slider (banners, reviews, videos, galleries), on Embla Carousel. The server renders
 * every slide in a clipped row, so the first slide(s) show before any script runs; Embla takes over in
 * the browser (it only touches the DOM in an effect). A labelled carousel for screen readers (WAI-ARIA
 * APG carousel pattern: roledescriptions, named slides, labelled buttons, a polite status line), with
 * Left/Right arrow keys, and no animation for visitors who ask for reduced motion.
 */
export function Slider({
  label,
  slides,
  slidesToShow,
  speed = SLIDER_DEFAULTS.speed,
  arrows = SLIDER_DEFAULTS.arrows,
  dots = SLIDER_DEFAULTS.dots,
  infinite = SLIDER_DEFAULTS.infinite,
  dotsBelow = SLIDER_DEFAULTS.dotsBelow,
  showCounter = false,
  showLabels = false,
  gridFrom,
  className,
}: SliderProps) {
  const viewportId = useId();
  const reduceMotion = usePrefersReducedMotion();
  const options = useMemo(
    () => ({
      loop: infinite,
      duration: emblaDurationFor(speed),
      align: 'start' as const,
      containScroll: 'trimSnaps' as const,
      // Embla lets go of the track (no transform, no drag) where the CSS draws a grid
      ...(gridFrom ? { breakpoints: { [`(min-width: ${gridFrom}px)`]: { active: false } } } : {}),
    }),
    [infinite, speed, gridFrom],
  );
  const [viewportRef, embla] = useEmblaCarousel(options);
  // Before Embla measures (the server, the first browser render) every slide is its own stop.
  const [selected, setSelected] = useState(0);
  const [stops, setStops] = useState(slides.length);
  const [canPrev, setCanPrev] = useState(infinite);
  const [canNext, setCanNext] = useState(slides.length > 1);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setStops(embla.scrollSnapList().length);
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla]);

  // jump (no animation) when the visitor asked for reduced motion
  const previous = useCallback(() => embla?.scrollPrev(reduceMotion), [embla, reduceMotion]);
  const next = useCallback(() => embla?.scrollNext(reduceMotion), [embla, reduceMotion]);
  const goTo = useCallback((index: number) => embla?.scrollTo(index, reduceMotion), [embla, reduceMotion]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isTextEntry(event.target)) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    }
  };

  const count = slides.length;
  const classes = [
    'sf-slider',
    ...slidesToShowClasses(resolveSlidesToShow(slidesToShow)),
    `sf-slider--dots-below-${dotsBelow}`,
    arrows ? 'sf-slider--arrows' : '',
    dots ? 'sf-slider--dots' : '',
    gridFrom ? `sf-slider--grid-from-${gridFrom}` : '',
    stops <= 1 ? 'sf-slider--still' : '',
    className ?? '',
  ].filter(Boolean);

  if (count <= 1) {
    // One slide is not a carousel: no controls, no carousel semantics.
    return (
      <div className={classes.join(' ')}>
        <div className="sf-slider__viewport">
          <div className="sf-slider__track">{slides[0] && <div className="sf-slider__slide">{slides[0].content}</div>}</div>
        </div>
      </div>
    );
  }

  const current = Math.min(selected, stops - 1);
  const currentLabel = slides[current]?.label;
  return (
    <section className={classes.join(' ')} aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className="sf-slider__stage">
      <div className="sf-slider__viewport" id={viewportId} ref={viewportRef}>
        <div className="sf-slider__track">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="sf-slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={slideAccessibleName(index, count, slide.label)}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="sf-slider__arrow sf-slider__arrow--prev"
        aria-label="Previous slide"
        aria-controls={viewportId}
        disabled={!canPrev && !infinite}
        onClick={previous}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="sf-slider__arrow sf-slider__arrow--next"
        aria-label="Next slide"
        aria-controls={viewportId}
        disabled={!canNext && !infinite}
        onClick={next}
      >
        <span aria-hidden="true">›</span>
      </button>
      </div>
      <div className="sf-slider__footer">
        {/* A polite status line announces the new position; visible as the counter when asked for. */}
        <p className={showCounter || showLabels ? 'sf-slider__status' : 'sf-visually-hidden'} aria-live="polite" aria-atomic="true">
          {showLabels && currentLabel && <span className="sf-slider__label">{currentLabel}</span>}
          <span className="sf-slider__counter">
            {showCounter ? counterText(current, stops) : `Slide ${current + 1} of ${stops}`}
          </span>
        </p>
        <SliderDots
          count={stops}
          current={current}
          onSelect={goTo}
          label={label}
          controls={viewportId}
          slideLabel={(index) => (stops === count ? slides[index]?.label : undefined)}
        />
      </div>
    </section>
  );
}
