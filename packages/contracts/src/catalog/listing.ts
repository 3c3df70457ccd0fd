import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { queryValues } from '../http/query-params.js';
import { isPlainObject } from '../rules/plain-object.js';
import type { ImageRef } from '../content/site.js';
import { CATALOG_PAGE_SIZE_DEFAULT, CATALOG_PAGE_SIZE_MAX, CATALOG_SORT_OPTIONS, DEFAULT_CATALOG_SORT, type CatalogSort } from './constants.js';

export {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_PAGE_SIZE_MAX,
  CATALOG_SORT_OPTIONS,
  DEFAULT_CATALOG_SORT,
  PRODUCT_STYLE_PATH,
  productStylePath,
  type CatalogSort,
} from './constants.js';

export type { CatalogFacetField, CatalogListingFiltersFile } from '../content-files/catalog.js';

/**
 * The catalog listing (GET /api/catalog/styles): filtering, sorting and paging happen in the content
 * service (an in-memory index of its catalog tables), so the browser only ever receives one page of cards.
 */

/** Spec §8, spelled as written. */
export const CATALOG_MESSAGES = {
  productNotFound: 'Product data not found or invalid format',
  noSamples: 'No sample items available for this style.',
  loadingSamples: 'Loading samples....',
} as const;

const SORT_VALUES = CATALOG_SORT_OPTIONS.map((option) => option.value);

// The listing's and the samples' answers. Free text is `defined()`, not `required()`: yup's
// required() refuses an empty string, and a card's text comes from content as it is.

/** A finish on a card; productStylePath(card.code, swatch) links to the style page with it chosen. */
export const finishSwatchSchema = object({
  /** finish group name (written to the address as ?type=) */
  type: string().required(),
  value: string().required(),
  label: string().defined(),
  hex: string().defined(),
  /** the swatch image ('' when the finish has none) */
  image: string().defined(),
});
export type FinishSwatch = InferType<typeof finishSwatchSchema>;

/** What a product-style card shows. */
export const productStyleCardSchema = object({
  /** the style code, e.g. ssw */
  code: string().required(),
  title: string().required(),
  /** /products/kitchen-cabinets/rta-kitchen-cabinets/{code} */
  path: string().required(),
  /**
   * the style's base image (null when it has none), as the content file has it. Left open here:
   * ImageRef's schema comes with the content files' schemas.
   */
  image: mixed<ImageRef>((value): value is ImageRef => isPlainObject(value))
    .nullable()
    .defined()
    .meta({ jsonSchema: { type: ['object', 'null'], description: "the style's base image (ImageRef: src, altText, width, height, ...); null when it has none" } }),
  /** HTML, sanitised before rendering */
  shortDescription: string().defined(),
  /** the first label (e.g. Best Seller), null when none */
  label: string().nullable().defined(),
  labels: array(string().required()).required(),
  doorStyle: string().nullable().defined(),
  /** YYYY-MM-DD, what Newest and Oldest sort by */
  addedOn: string().nullable().defined(),
  swatches: array(finishSwatchSchema.required()).required(),
});
export type ProductStyleCard = InferType<typeof productStyleCardSchema>;

export const catalogFilterOptionSchema = object({
  value: string().required(),
  label: string().defined(),
  /** styles with this option under the other filters' current selection */
  count: number().integer().required(),
  selected: boolean().required(),
});
export type CatalogFilterOption = InferType<typeof catalogFilterOptionSchema>;

export const catalogFilterSchema = object({
  /** the query parameter */
  name: string().required(),
  label: string().defined(),
  options: array(catalogFilterOptionSchema.required()).required(),
});
export type CatalogFilter = InferType<typeof catalogFilterSchema>;

const catalogSortSchema = mixed<CatalogSort>().oneOf(SORT_VALUES).required();

/**
 * GET /api/catalog/styles?page=&pageSize=&sort=&{filter}=a&{filter}=b. Bad input never fails: unknown
 * filter values are ignored (not selected), an unknown sort is a-z, a page that is not a whole number
 * of at least 1, or past the last page, is page 1; pageSize is clamped to 1..48.
 */
export const catalogListingResponseSchema = object({
  items: array(productStyleCardSchema.required()).required(),
  total: number().integer().required(),
  /** the page actually served */
  page: number().integer().required(),
  pageSize: number().integer().required(),
  totalPages: number().integer().required(),
  /** the sort actually applied */
  sort: catalogSortSchema,
  sortOptions: array(object({ value: catalogSortSchema, label: string().required() }).required()).required(),
  filters: array(catalogFilterSchema.required()).required(),
});
export type CatalogListingResponse = InferType<typeof catalogListingResponseSchema>;

/** A sample door of a style (GET /api/catalog/samples). Samples are free: price 0. */
export const catalogSampleItemSchema = object({
  sku: string().required(),
  name: string().required(),
  price: number().required(),
  /** null for a sample item without a finish */
  finish: object({ type: string().required(), value: string().required(), label: string().defined(), hex: string().defined() }).nullable().defined(),
  /** the sample door's image (the swatch when the style has no door drawing) */
  image: string().nullable().defined(),
});
export type CatalogSampleItem = InferType<typeof catalogSampleItemSchema>;

export const catalogSampleGroupSchema = object({
  code: string().required(),
  title: string().required(),
  path: string().required(),
  items: array(catalogSampleItemSchema.required()).required(),
});
export type CatalogSampleGroup = InferType<typeof catalogSampleGroupSchema>;

/** GET /api/catalog/samples?style= (repeatable; none = every style), in catalog order. */
export const catalogSamplesResponseSchema = object({
  styles: array(catalogSampleGroupSchema.required()).required(),
});
export type CatalogSamplesResponse = InferType<typeof catalogSamplesResponseSchema>;

// --- the listing's and the samples' requests ---

/** The query parameters the listing reads itself; every other name is a filter (listing-filters.json `value`). */
const LISTING_PARAMETERS = new Set(['page', 'pageSize', 'sort']);

/** A whole number written in plain digits ("2"; not "2.5", "-1", "1e3", " 2") from the first value; else undefined. */
function firstWholeNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : undefined;
  const [first] = queryValues(raw);
  return first !== undefined && /^\d{1,9}$/.test(first) ? Number(first) : undefined;
}

/** Filter name -> the values asked for (trimmed, lower case); names without a value are left out. */
function filterSelections(query: Record<string, unknown>): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (LISTING_PARAMETERS.has(name)) continue;
    const asked = queryValues(raw).map((value) => value.trim().toLowerCase()).filter(Boolean);
    if (asked.length > 0) filters[name] = asked;
  }
  return filters;
}

/**
 * GET /api/catalog/styles?page=&pageSize=&sort=&{filter}=a&{filter}=b. Bad input never fails a
 * listing, it is corrected: a page that is not a whole number of at least 1 is 1 (a page past the
 * end is 1 too, which the service decides); pageSize is clamped to 1..48 (not a number: 12); an
 * unknown sort is a-z. Every other parameter is a filter: its values are gathered under `filters`
 * (trimmed, lower case; the service keeps those the filter knows, in the filter's option order).
 */
export const catalogListingQuerySchema = object({
  page: number()
    .transform((_value: unknown, original: unknown) => {
      const page = firstWholeNumber(original);
      return page !== undefined && page >= 1 ? page : 1;
    })
    .integer()
    .min(1)
    .default(1)
    .meta({ jsonSchema: { description: 'the page; anything but a whole number of at least 1, or a page past the last, is page 1' } }),
  pageSize: number()
    .transform((_value: unknown, original: unknown) => {
      const size = firstWholeNumber(original);
      return size === undefined ? CATALOG_PAGE_SIZE_DEFAULT : Math.min(CATALOG_PAGE_SIZE_MAX, Math.max(1, size));
    })
    .integer()
    .min(1)
    .max(CATALOG_PAGE_SIZE_MAX)
    .default(CATALOG_PAGE_SIZE_DEFAULT)
    .meta({ jsonSchema: { description: 'cards per page, clamped to 1..48; not a number: 12' } }),
  sort: mixed<CatalogSort>()
    .transform((_value: unknown, original: unknown) => {
      const [first] = queryValues(original);
      return first !== undefined && (SORT_VALUES as readonly string[]).includes(first) ? first : DEFAULT_CATALOG_SORT;
    })
    .oneOf(SORT_VALUES)
    .default(DEFAULT_CATALOG_SORT)
    .meta({ jsonSchema: { description: 'an unknown sort is a-z' } }),
  filters: mixed<Record<string, string[]>>()
    .default(() => ({}))
    .meta({
      jsonSchema: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        description: 'one query parameter per filter (listing-filters.json), repeated for several values: ?doorStyle=shaker&colorFamily=white&colorFamily=grey; unknown values are ignored',
      },
    }),
}).transform((value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const query = value as Record<string, unknown>;
  return { page: query.page, pageSize: query.pageSize, sort: query.sort, filters: filterSelections(query) };
});
export type CatalogListingQuery = InferType<typeof catalogListingQuerySchema>;

/** GET /api/catalog/samples?style=: the style codes (repeatable, trimmed, once each); none asks for every style. */
export const catalogSamplesQuerySchema = object({
  style: array(string().required())
    .transform((_value: unknown, original: unknown) => [
      ...new Set((Array.isArray(original) ? original : [original]).filter((code): code is string => typeof code === 'string').map((code) => code.trim()).filter(Boolean)),
    ])
    .default(() => [])
    .meta({ jsonSchema: { description: 'a style code, repeatable (?style=ssw&style=crs); none: every style. An unknown code is a 404' } }),
});
export type CatalogSamplesQuery = InferType<typeof catalogSamplesQuerySchema>;
