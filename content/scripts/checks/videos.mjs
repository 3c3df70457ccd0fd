// Videos named in content that content/data/videos.json (the registry of confirmed videos) does not
// list. Not a failure: the site builds and the page still shows them (our own files play; a YouTube id
// shows "Video coming soon"), but no VideoObject structured data is written for them, as their facts
// (title, upload date, duration) are not confirmed. One warning line per file, JSON path and id.
import { assemblyVideoRef, confirmedVideo, pageVideoRef, videoCardRef } from '@storefront/contracts';

const list = (value) => (Array.isArray(value) ? value : []);

/** Every video a content file names: { path, ref }, for a page, the product styles or the categories. */
export function videoRefsOf(rel, json) {
  const found = [];
  const add = (path, ref) => ref && found.push({ path, ref });
  if (rel.startsWith('pages/')) {
    list(json?.blocks).forEach((block, i) => {
      list(block?.videos).forEach((card, j) => add(`blocks[${i}].videos[${j}]`, videoCardRef(card)));
      if (block?.video && typeof block.video === 'object') add(`blocks[${i}].video`, pageVideoRef(block.video));
    });
  } else if (rel === 'catalogs/product-styles.json') {
    list(json).forEach((style, i) => {
      list(style?.specifications?.specs).forEach((spec, j) => {
        list(spec?.videos).forEach((video, k) => add(`[${i}].specifications.specs[${j}].videos[${k}]`, assemblyVideoRef(video)));
      });
    });
  } else if (rel === 'catalogs/categories.json') {
    list(json).forEach((category, i) => add(`[${i}].video`, videoCardRef(category?.video)));
  }
  return found;
}

/** "file: path provider id is not in data/videos.json" for each unconfirmed video of the loaded files. */
export function unconfirmedVideos(loaded, registry) {
  const confirmed = list(registry);
  const lines = [];
  for (const [rel, json] of loaded) {
    for (const { path, ref } of videoRefsOf(rel, json)) {
      if (!confirmedVideo(confirmed, ref)) lines.push(`${rel}: ${path} ${ref.provider} video "${ref.id}" is not in data/videos.json`);
    }
  }
  return lines;
}
