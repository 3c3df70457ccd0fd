import { useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { DEFAULT_MAX_ZOOM, Lightbox, type LightboxItem } from '@storefront/ui/lightbox';
import { SliderDots } from '@storefront/ui/slider';
import { thumbnailWindow, type Slide } from './slides.js';

export interface ImageSliderProps {
  slides: Slide[];
  /** the slide to show; the slider follows it when it changes (e.g. the door of a newly chosen finish) */
  focusKey?: string;
  label: string;
  /** drawn over the stage while the slide with `slideKey` shows (V2: the door over the kitchen preview) */
  overlay?: { slideKey: string; node: ReactNode };
}

/** Slides as lightbox pictures; a door slide has no recorded size, so it gets the door drawings' 3:4. */
export function lightboxItems(slides: Slide[]): LightboxItem[] {
  return slides.map((slide) => ({ image: { src: slide.src, altText: slide.alt, width: slide.width ?? 600, height: slide.height ?? 800 } }));
}

/** A horizontal finger movement longer than this (px) is a swipe to the next or previous picture. */
export const SWIPE_DISTANCE = 40;

/**
 * An infinite slider with Previous/Next, arrow keys and up to 3 thumbnails; below 768 px (spec §9)
 * the arrows give way to the site's slider dots, and a finger swipe changes the picture. A slide whose image does
 * not load is dropped (the spec hides a door preview whose image fails). "Enlarge" opens the current
 * picture in the zoom lightbox (max zoom 2).
 */
export function ImageSlider({ slides: allSlides, focusKey, label, overlay }: ImageSliderProps) {
  const enlargeButton = useRef<HTMLButtonElement>(null);
  const stageId = useId();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
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

  // Touch and pen only: a mouse drag is left to the browser (selecting, dragging the picture out).
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(event.clientY - start.y)) go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <section className="sf-style-slider" aria-roledescription="carousel" aria-label={label}>
      <div
        className="sf-style-slider__stage"
        id={stageId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        aria-label="Use the left and right arrow keys to change the image"
      >
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
        {overlay && overlay.slideKey === slide.key && overlay.node}
        <button
          ref={enlargeButton}
          type="button"
          className="sf-style-slider__enlarge"
          aria-haspopup="dialog"
          aria-label={`Enlarge image: ${slide.alt}`}
          onClick={() => setLightboxIndex(current)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M10 4a6 6 0 1 0 3.7 10.7l5.3 5.3 1.4-1.4-5.3-5.3A6 6 0 0 0 10 4Zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm-1 1.5v1.5H7.5v2H9v1.5h2V11h1.5V9H11V7.5H9Z" fill="currentColor" />
          </svg>
        </button>
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
        <SliderDots
          className="sf-style-slider__dots"
          count={slides.length}
          current={current}
          onSelect={setIndex}
          label={label}
          controls={stageId}
          slideLabel={(position) => slides[position]?.alt}
        />
      )}
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
      {lightboxIndex !== null && (
        <Lightbox
          items={lightboxItems(slides)}
          index={Math.min(lightboxIndex, slides.length - 1)}
          maxZoom={DEFAULT_MAX_ZOOM}
          onIndexChange={setLightboxIndex}
          onClose={() => {
            // the slider stays on the picture the shopper last looked at
            setIndex(lightboxIndex);
            setLightboxIndex(null);
          }}
          returnFocusTo={enlargeButton}
        />
      )}
    </section>
  );
}
