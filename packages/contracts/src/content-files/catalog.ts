import type { InferType } from 'yup';
import { fields, flag, hexColour, imagePath, listOf, numberIn, oneOfText, slug, text } from './editor-rules.js';
import { faqEntrySchema, servedVideoCardSchema, unconfirmedMark, videoCardSchema } from './blocks/index.js';
import { imageRefFields, imageRefSchema } from './site.js';
import type { VideoAvailability } from '../content/videos.js';

// content/catalogs/: product-styles.json, listing-filters.json, categories.json. The rules across
// files (style codes, unique SKUs, a sample per finish, filter options the styles use) are the
// content check's (content/scripts/checks/catalog.mjs, categories.mjs).

export const finishOptionSchema = fields({
  value: slug(),
  label: text(),
  /** swatch image */
  image: fields({ src: imagePath() }),
  previewImage: imagePath().optional(),
  doorImage: imagePath().optional(),
  /** the colour the generated images are drawn in */
  hex: hexColour(),
  /** catalog listing: the colour filter's option (content/catalogs/listing-filters.json) */
  colorFamily: slug(),
});
export type FinishOption = InferType<typeof finishOptionSchema>;

export const finishGroupSchema = fields({
  /** the finish type written to the address as ?type= */
  name: slug(),
  group: text(),
  title: text(),
  /** up to 14 finishes a group: V2 shows 10 at once and the rest behind "+n" */
  items: listOf(finishOptionSchema, { min: 2, max: 14 }),
});
export type FinishGroup = InferType<typeof finishGroupSchema>;

/** A sellable item of a style. Sample items (isSample) are what the sample cart orders. */
export const styleItemSchema = fields({
  sku: text({ pattern: /^[A-Z0-9]+(-[A-Z0-9]+)+$/, patternText: 'an upper-case SKU like SSW-B12' }),
  name: text(),
  /** USD, 2 decimals */
  price: numberIn({ min: 0, cents: true }),
  /** pounds */
  weight: numberIn({ min: 0.01 }),
  isSample: flag().optional(),
  /**
   * Sample items only: the finish this sample door shows (type = FinishGroup.name, value = FinishOption.value),
   * so the style page can find the sample SKU of the chosen finish without parsing names.
   */
  finish: fields({ type: slug(), value: slug() }).optional(),
});
export type StyleItem = InferType<typeof styleItemSchema>;

export const specPropSchema = fields({ label: text(), value: text() });
export type SpecProp = InferType<typeof specPropSchema>;

const specContentFormat = oneOfText(['unordered-list', 'ordered-list', 'text']);
const specDisplay = oneOfText(['grid-view', 'list-view']);
/** How a spec's props read: rows of label and value (absent), a bulleted or numbered list, or running text. */
export type SpecContentFormat = InferType<typeof specContentFormat>;
/** grid-view lays a spec's entries out in columns; list-view stacks them. */
export type SpecDisplay = InferType<typeof specDisplay>;

export const specOptionsSchema = fields({
  format: specContentFormat.optional(),
  display: specDisplay.optional(),
  /** show each prop's label before its value; true when absent */
  showKeys: flag().optional(),
  /** a picture beside the spec (e.g. a drawing of the cabinet box) */
  image: fields({ src: imagePath(), altText: text(), width: numberIn({ min: 1, integer: true }), height: numberIn({ min: 1, integer: true }) }).optional(),
  /** assembly-videos only: the size each video thumbnail (and its player) takes, in px */
  width: numberIn({ min: 1, integer: true }).optional(),
  height: numberIn({ min: 1, integer: true }).optional(),
  /** assembly-videos only: draw a play icon over each thumbnail; true when absent */
  playIcon: flag().optional(),
});
export type SpecOptions = InferType<typeof specOptionsSchema>;

const assemblyVideoFields = {
  title: text(),
  youtubeId: text({ pattern: /^[A-Za-z0-9_-]{11}$/, patternText: 'an 11-character YouTube video id' }).optional(),
  src: text({ pattern: /^\/videos\/[a-z0-9/_.-]+\.(mp4|webm)$/, patternText: 'a /videos/....mp4 or .webm path' }).optional(),
  thumbnail: imagePath(),
};
/** One assembly video: a YouTube video (played from youtube-nocookie.com) or a file we host. */
export const assemblyVideoSchema = fields(assemblyVideoFields);
/** As the content API serves it: content files never carry `unconfirmed` (their schema refuses it), answers may. */
const servedAssemblyVideoSchema = fields({ ...assemblyVideoFields, unconfirmed: unconfirmedMark() });
/** As content writes it, and as the content API serves it (which may add `unconfirmed`). */
export type AssemblyVideo = InferType<typeof assemblyVideoSchema> & VideoAvailability;

/** A spec needs props, or videos when it is the assembly-videos spec (the content check says which). */
const specFields = {
  name: slug(),
  title: text(),
  props: listOf(specPropSchema),
  options: specOptionsSchema.optional(),
  /** assembly-videos only */
  videos: listOf(assemblyVideoSchema, { min: 1 }).optional(),
};
export const specSchema = fields(specFields);
const servedSpecSchema = fields({ ...specFields, videos: listOf(servedAssemblyVideoSchema, { min: 1 }).optional() });
/** videos as the content API serves them (each may be marked `unconfirmed`) */
export type Spec = Omit<InferType<typeof specSchema>, 'videos'> & { videos?: AssemblyVideo[] };

const styleLayout = oneOfText(['v1', 'v2']);
/** Which layout a style page uses: V1 (the first design) or V2 (gallery left, grouped finishes). */
export type StyleLayout = InferType<typeof styleLayout>;

/** A style's picture: an image whose type says what it shows (the base kitchen, a sample door, the gallery). */
export const styleImageSchema = fields({ ...imageRefFields, type: oneOfText(['base', 'sample', 'gallery']) });

/** One product style of content/catalogs/product-styles.json (GET /api/content/product-styles/:styleName). */
export const productStyleSchema = fields({
  /** the style code used in the address, e.g. ssw */
  name: text({ pattern: /^[a-z]+$/, patternText: 'a lower-case style code' }),
  title: text(),
  description: text(),
  /** HTML, sanitised before rendering */
  shortDescription: text({ pattern: /^<ul>(<li>[^<]+<\/li>){3,6}<\/ul>$/, patternText: 'a <ul> of 3 to 6 <li> features' }),
  label: text().optional(),
  labels: listOf(text()).optional(),
  /** catalog listing facets: e.g. kitchen-cabinets, shaker (catalogs/listing-filters.json names the options) */
  category: slug(),
  doorStyle: slug(),
  /** YYYY-MM-DD: sorts Newest/Oldest */
  addedOn: text({ pattern: /^\d{4}-\d{2}-\d{2}$/, patternText: 'a date YYYY-MM-DD' }),
  images: listOf(styleImageSchema, { min: 1, max: 4 }),
  finishes: listOf(finishGroupSchema, { min: 1, max: 2 }),
  items: listOf(styleItemSchema, { min: 1 }),
  specifications: fields({
    specView: oneOfText(['tabular', 'tabbing']),
    specs: listOf(specSchema, { min: 1 }),
  }),
  /** which layout the page uses */
  layout: styleLayout,
  /** questions shoppers ask about this style; the page shows them as an accordion when present */
  faqs: listOf(faqEntrySchema, { min: 1 }).optional(),
});
export type ProductStyle = InferType<typeof productStyleSchema>;
/** GET /api/content/product-styles/:styleName: the style as content writes it, its videos as served (maybe `unconfirmed`). */
export const servedProductStyleSchema = fields({
  ...productStyleSchema.fields,
  specifications: fields({ specView: oneOfText(['tabular', 'tabbing']), specs: listOf(servedSpecSchema, { min: 1 }) }),
});

/** content/catalogs/product-styles.json */
export const productStylesSchema = listOf(productStyleSchema, { min: 1 });

const facetField = oneOfText(['doorStyle', 'colorFamily', 'finishType', 'label']);
/** The style field a listing filter reads (content/catalogs/listing-filters.json `field`). */
export type CatalogFacetField = InferType<typeof facetField>;

/** content/catalogs/listing-filters.json: the catalog listing's filters (GET /api/catalog/styles), in the order a shopper sees them. */
export const listingFiltersSchema = fields({
  filters: listOf(
    fields({
      /** the query parameter, e.g. doorStyle (repeated for several values: ?color=white&color=grey) */
      value: text({ pattern: /^[a-z][A-Za-z]*$/, patternText: 'a query parameter name like doorStyle' }),
      label: text(),
      field: facetField,
      // at most 63: the catalog counts a filter's options as the bits of one bigint
      options: listOf(fields({ value: slug(), label: text() }), { min: 1, max: 63 }),
    }),
    { min: 1 },
  ),
});
export type CatalogListingFiltersFile = InferType<typeof listingFiltersSchema>;

/** One row of a category's product-spec table. */
export const categorySpecSchema = fields({ label: text(), value: text() });
export type CategorySpec = InferType<typeof categorySpecSchema>;

/** One step of a category's timeline (from order to installed kitchen). */
export const categoryTimelineStepSchema = fields({
  title: text(),
  /** plain text */
  description: text(),
  /** e.g. "Day 1", "Week 2" */
  duration: text().optional(),
});
export type CategoryTimelineStep = InferType<typeof categoryTimelineStepSchema>;

/** One door-style family of content/catalogs/categories.json, in the order shoppers see them. */
export const productCategoryRecordFields = {
  /** the doorStyle filter option value, e.g. shaker */
  slug: slug(),
  title: text(),
  /** plain text, also the page's meta description */
  description: text(),
  image: imageRefSchema,
  /** the tab's icon (drawn 30 x 30) */
  icon: imagePath(),
  faqs: listOf(faqEntrySchema, { min: 1 }),
  /** a video file of ours (videoType video) or a YouTube address (videoType youtube) */
  video: videoCardSchema,
  specs: listOf(categorySpecSchema, { min: 1 }),
  timeline: listOf(categoryTimelineStepSchema, { min: 1 }),
};
export const productCategoryRecordSchema = fields(productCategoryRecordFields);
/** A category as the content API serves it: its video may be marked `unconfirmed`. */
export const servedProductCategoryRecordFields = { ...productCategoryRecordFields, video: servedVideoCardSchema };
export type ProductCategoryRecord = InferType<typeof productCategoryRecordSchema>;

/** content/catalogs/categories.json */
export const productCategoriesSchema = listOf(productCategoryRecordSchema, { min: 1 });
