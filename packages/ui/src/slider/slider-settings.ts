/**
 * Spec §9 slider defaults: speed 500 ms, one slide at a time, arrows on, no dots, infinite. Below
 * 768 px (or 480 px for blog-card-like sliders) the arrows give way to dots. Sliders switch at 767/480.
 */
export const SLIDER_DEFAULTS = {
  speed: 500,
  slidesToShow: 1,
  arrows: true,
  dots: false,
  infinite: true,
  dotsBelow: 768,
} as const;

/** The widths below which a slider swaps its arrows for dots. */
export type SliderDotsBreakpoint = 768 | 480;

/** Slides in view per device class (mobile < 768, tablet 768–1200, desktop ≥ 1201), 1 to 4 each. */
export interface SlidesToShow {
  mobile?: number;
  tablet?: number;
  desktop?: number;
}

export const MAX_SLIDES_TO_SHOW = 4;

function clampShow(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(MAX_SLIDES_TO_SHOW, Math.max(1, Math.round(value)));
}

/** A number applies at every width; an object falls back from desktop to tablet to mobile. */
export function resolveSlidesToShow(value: number | SlidesToShow | undefined): Required<SlidesToShow> {
  if (typeof value === 'number' || value === undefined) {
    const all = clampShow(value, SLIDER_DEFAULTS.slidesToShow);
    return { mobile: all, tablet: all, desktop: all };
  }
  const desktop = clampShow(value.desktop ?? value.tablet ?? value.mobile, SLIDER_DEFAULTS.slidesToShow);
  const tablet = clampShow(value.tablet, Math.min(desktop, 2));
  const mobile = clampShow(value.mobile, 1);
  return { mobile, tablet, desktop };
}

/**
 * Slide widths are classes, not inline styles: the site's CSP allows no style attributes. Each class
 * sets the slide's flex-basis at its device class in styles.css.
 */
export function slidesToShowClasses(show: Required<SlidesToShow>): string[] {
  return [`sf-slider--m${show.mobile}`, `sf-slider--t${show.tablet}`, `sf-slider--d${show.desktop}`];
}

/**
 * Embla's `duration` is not milliseconds but a step count of its easing (recommended 20-60, default
 * 25, which looks like about half a second). Map the spec's milliseconds onto that scale so 500 ms is
 * Embla's default and slower speeds stay within the recommended range.
 */
export function emblaDurationFor(speedMs: number): number {
  if (!Number.isFinite(speedMs) || speedMs <= 0) return 0;
  return Math.min(60, Math.max(20, Math.round(speedMs / 20)));
}

/** The slide counter's text: "2 / 5". */
export function counterText(selected: number, count: number): string {
  return `${Math.min(selected + 1, Math.max(count, 1))} / ${Math.max(count, 1)}`;
}

/** What a screen reader hears for a slide: "2 of 5" or "2 of 5: Island with seating". */
export function slideAccessibleName(index: number, count: number, label?: string): string {
  const position = `${index + 1} of ${count}`;
  return label ? `${position}: ${label}` : position;
}
