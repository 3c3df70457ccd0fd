export { Slider } from './Slider.js';
export type { SliderProps, SliderSlide } from './Slider.js';
export { SliderDots } from './SliderDots.js';
export type { SliderDotsProps } from './SliderDots.js';
export {
  SLIDER_DEFAULTS,
  counterText,
  emblaDurationFor,
  resolveSlidesToShow,
  slideAccessibleName,
} from './slider-settings.js';
export type { SliderDotsBreakpoint, SlidesToShow } from './slider-settings.js';
export { usePrefersReducedMotion } from './usePrefersReducedMotion.js';
