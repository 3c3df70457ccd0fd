import type { ProductStyle } from '@storefront/contracts';
import type { ChosenFinish } from './finishes.js';

export interface Slide {
  /** unique per image: a door slide is keyed by its finish */
  key: string;
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** What the slider shows: the style's main image(s), the chosen finish's door, then any gallery images. */
export function buildSlides(style: ProductStyle, finish: ChosenFinish | null): Slide[] {
  const slides: Slide[] = [];
  const base = style.images.filter((image) => image.type === 'base');
  const gallery = style.images.filter((image) => image.type === 'gallery');
  base.forEach((image, index) => slides.push({ key: `base-${index}`, src: image.src, alt: image.altText, width: image.width, height: image.height }));
  const door = finish?.option.doorImage ?? finish?.option.previewImage;
  if (finish && door) {
    slides.push({ key: doorSlideKey(finish), src: door, alt: `${style.title} door in ${finish.option.label}` });
  }
  gallery.forEach((image, index) => slides.push({ key: `gallery-${index}`, src: image.src, alt: image.altText, width: image.width, height: image.height }));
  return slides;
}

/**
 * V2's slides: the kitchen in the chosen finish first (the door is laid over it, not a slide of its
 * own), then the style's other pictures, each picture once.
 */
export function buildSlidesV2(style: ProductStyle, finish: ChosenFinish | null): Slide[] {
  const slides: Slide[] = [];
  const preview = finish?.option.previewImage;
  if (finish && preview) slides.push({ key: previewSlideKey(finish), src: preview, alt: `${style.title} kitchen in ${finish.option.label}`, width: 1200, height: 800 });
  style.images
    .filter((image) => image.type === 'base' || image.type === 'gallery')
    .forEach((image, index) => slides.push({ key: `${image.type}-${index}`, src: image.src, alt: image.altText, width: image.width, height: image.height }));
  return slides.filter((slide, index) => slides.findIndex((other) => other.src === slide.src) === index);
}

/** The key of the V2 preview slide of a finish: the door overlay shows on it. */
export function previewSlideKey(finish: ChosenFinish): string {
  return `preview-${finish.group.name}-${finish.option.value}`;
}

/** The spec: at most 3 thumbnails, min(3, count); the window follows the current slide. */
export const MAX_THUMBNAILS = 3;

export function thumbnailWindow(count: number, current: number): number[] {
  const size = Math.min(MAX_THUMBNAILS, count);
  const start = Math.min(Math.max(0, current - 1), count - size);
  return Array.from({ length: size }, (_, offset) => start + offset);
}

/** The key of a finish's door slide: the page asks the slider to show it after a finish is chosen. */
export function doorSlideKey(finish: ChosenFinish): string {
  return `door-${finish.group.name}-${finish.option.value}`;
}
