export { DEFAULT_MAX_ZOOM, Lightbox, ZOOM_STEP, clampZoom, wrapIndex } from './Lightbox.js';
export type { LightboxItem, LightboxProps } from './Lightbox.js';
