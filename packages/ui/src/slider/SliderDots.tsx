import { slideAccessibleName } from './slider-settings.js';

export interface SliderDotsProps {
  /** how many stops there are */
  count: number;
  /** the stop shown now (0-based) */
  current: number;
  onSelect: (index: number) => void;
  /** what the slider shows ("Kitchen photos"): the group is "Choose a slide of Kitchen photos" */
  label: string;
  /** the stop's name after "Go to slide 2 of 5: …" */
  slideLabel?: (index: number) => string | undefined;
  /** the id of the element the dots move */
  controls?: string;
  className?: string;
}

/**
 * The dots of a slider: one button per stop, "Go to slide N of M[: label]", the current one marked
 * aria-current. Shown or hidden by CSS per width (`sf-slider__dots`), so the server's HTML already
 * holds them and nothing moves when the page hydrates. Shared by the site's Slider and the style
 * page's picture slider.
 */
export function SliderDots({ count, current, onSelect, label, slideLabel, controls, className }: SliderDotsProps) {
  return (
    <div className={['sf-slider__dots', className].filter(Boolean).join(' ')} role="group" aria-label={`Choose a slide of ${label}`}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="sf-slider__dot"
          aria-label={`Go to slide ${slideAccessibleName(index, count, slideLabel?.(index))}`}
          aria-current={index === current ? 'true' : undefined}
          aria-controls={controls}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
