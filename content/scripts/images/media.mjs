// Pictures for the media blocks: the banner slider's slides, the title-breadcrumb banner, the
// slider block's views and the video cards' thumbnails (the machine has no internet, so videos carry
// thumbnails of their own), plus the one short video file in content/media (a canvas recording; no
// video tools are needed to build the site).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderKitchen } from './kitchen.mjs';
import { GALLERY_SCENES, HOME_BANNER } from './scenes.mjs';

/** Banner slider slides (1920x787, spec §9) from gallery kitchens. */
export const BANNER_SLIDES = ['shaker-navy', 'shaker-green', 'natural-craftsman'];

/** Video thumbnails (1280x720): file name -> the kitchen it shows. */
export const VIDEO_THUMBNAILS = {
  'measuring-your-kitchen': { ...GALLERY_SCENES['shaker-white'], title: 'Measuring a kitchen wall before planning cabinets', windowAt: 0.3 },
  'assembling-a-base-cabinet': { ...GALLERY_SCENES['shaker-grey'], title: 'A base cabinet being assembled', windowAt: 0.7, island: false },
  'installing-wall-cabinets': { ...GALLERY_SCENES['shaker-dusk'], title: 'Wall cabinets hung level above the counter', pendants: 2 },
};

/** Files copied as they are from content/media into the images folder. */
export const MEDIA_FILES = { 'videos/cabinet-assembly.webm': 'media/cabinet-assembly.webm' };

export function addMediaImages(add, contentDir) {
  for (const name of BANNER_SLIDES) {
    add(`banners/slide-${name}.svg`, () => renderKitchen({ ...GALLERY_SCENES[name], width: 1920, height: 787, seed: `slide-${name}` }));
  }
  add('banners/title-breadcrumb.svg', () => renderKitchen({ ...HOME_BANNER, title: 'A bright kitchen with white shaker cabinets', width: 1920, height: 712, windowAt: 0.35, seed: 'title-breadcrumb' }));
  for (const [name, scene] of Object.entries(VIDEO_THUMBNAILS)) {
    add(`videos/${name}.svg`, () => renderKitchen({ ...scene, width: 1280, height: 720, seed: `video-${name}` }));
  }
  for (const [target, source] of Object.entries(MEDIA_FILES)) {
    add(target, () => readFileSync(join(contentDir, source)));
  }
}
