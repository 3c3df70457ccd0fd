import { useState, type KeyboardEvent } from 'react';
import { thumbnailWindow, type Slide } from './slides.js';

export interface ImageSliderProps {
  slides: Slide[];
  /** the slide to show; the slider follows it when it changes (e.g. the door of a newly chosen finish) */
  focusKey?: string;
  label: string;
}

/**
 * An infinite slider with Previous/Next, arrow keys and up to 3 thumbnails. A slide whose image does
 * not load is dropped (the spec hides a door preview whose image fails).
 */
export function ImageSlider({ slides: allSlides, focusKey, label }: ImageSliderProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const slides = allSlides.filter((slide) => !failed.has(slide.src));
  // A choice made in the slider holds until the page asks for another slide (a new focusKey).
  const [choice, setChoice] = useState<{ index: number; forKey: string | undefined }>({ index: 0, forKey: focusKey });
  const requested = Math.max(0, slides.findIndex((slide) => slide.key === focusKey));
  const index = choice.forKey === focusKey ? choice.index : requested;
  const setIndex = (next: number) => setChoice({ index: next, forKey: focusKey });

  if (slides.length === 0) {
    return <div className="sf-style-slider sf-style-slider--empty" role="img" aria-label={`${label}: no image available`} />;
  }

  const current = Math.min(index, slides.length - 1);
  const slide = slides[current]!;
  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    }
  };

  return (
    <section className="sf-style-slider" aria-roledescription="carousel" aria-label={label}>
      <div className="sf-style-slider__stage" tabIndex={0} onKeyDown={onKeyDown} aria-label="Use the left and right arrow keys to change the image">
        <img
          key={slide.src}
          className="sf-style-slider__image"
          src={slide.src}
          alt={slide.alt}
          width={slide.width}
          height={slide.height}
          fetchPriority={current === 0 ? 'high' : 'auto'}
          onError={() => setFailed((before) => new Set(before).add(slide.src))}
        />
        <p className="sf-visually-hidden" aria-live="polite">
          Image {current + 1} of {slides.length}: {slide.alt}
        </p>
        {slides.length > 1 && (
          <>
            <button type="button" className="sf-style-slider__arrow sf-style-slider__arrow--prev" aria-label="Previous image" onClick={() => go(current - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="sf-style-slider__arrow sf-style-slider__arrow--next" aria-label="Next image" onClick={() => go(current + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {slides.length > 1 && (
        <ul className="sf-style-slider__thumbs">
          {thumbnailWindow(slides.length, current).map((position) => {
            const thumb = slides[position]!;
            return (
              <li key={thumb.key}>
                <button
                  type="button"
                  className="sf-style-slider__thumb"
                  aria-label={`Show image ${position + 1}: ${thumb.alt}`}
                  aria-current={position === current ? 'true' : undefined}
                  onClick={() => setIndex(position)}
                >
                  <img src={thumb.src} alt="" loading="lazy" width={96} height={72} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
