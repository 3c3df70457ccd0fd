import type { InferType, ISchema } from 'yup';
import type { BlockType } from '../content/blocks.js';
import { fields, flag, imagePath, listOf, openFields, shapeBy, sitePath, slug, text } from './editor-rules.js';
import { blockBase } from './blocks/base.js';
import { BLOCK_SCHEMAS, blockSchema, breadcrumbItemSchema, servedVideoCardSchema, videoCardsBlockSchema, type Block } from './blocks/index.js';

// content/pages/*.json (a page's blocks) and content/site/page-table.json (every route's head).
// Each block type is one schema in its family's file under blocks/ (BLOCK_SCHEMAS in blocks/index.ts) and one
// module of the remote that draws it (BLOCK_MODULES in ../content/blocks.ts).

/** Which structured-data schemas apply to a page. */
export const pageSchemasSchema = fields({
  localBusiness: flag().optional(),
  organization: flag().optional(),
  faq: flag().optional(),
  breadcrumb: flag().optional(),
  video: flag().optional(),
  product: flag().optional(),
  /** BlogPosting for a blog post page */
  article: flag().optional(),
});
export type PageSchemas = InferType<typeof pageSchemasSchema>;

// A page file holds blocks only; its head comes from the page table, so the old head fields are named as moved.
const movedToPageTable = () =>
  text({ allowEmpty: true })
    .optional()
    .test('moved', "belongs in site/page-table.json (the one source of a page's title, description, breadcrumb and schemas)", (value) => value === undefined);
const movedField = () =>
  openFields({})
    .optional()
    .test('moved', "belongs in site/page-table.json (the one source of a page's title, description, breadcrumb and schemas)", (value) => value === undefined);

/** What a content/pages/*.json file holds: the blocks. Its head (title, description, ...) is in the page table. */
export const pageContentSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
});
/** The page file as the content check reads it: also names head fields that moved to the page table. */
export const pageFileSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
  title: movedToPageTable(),
  description: movedToPageTable(),
  breadcrumb: movedField(),
  schemas: movedField(),
});
export type PageContent = InferType<typeof pageContentSchema>;

/**
 * GET /api/content/page?path=/ : the page file merged with its route of the page table
 * (content/site/page-table.json), placeholders resolved.
 */
export const pageDefinitionSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
  title: text(),
  description: text(),
  breadcrumb: listOf(breadcrumbItemSchema),
  schemas: pageSchemasSchema,
});
export type PageDefinition = InferType<typeof pageDefinitionSchema>;

/** GET /api/content/page as served: a video-cards block's videos may be marked `unconfirmed`. */
const SERVED_BLOCK_SCHEMAS: Partial<Record<BlockType, ISchema<unknown>>> = {
  'video-cards': fields({ ...videoCardsBlockSchema.fields, videos: listOf(servedVideoCardSchema, { min: 1 }) }),
};
const servedBlockSchema = shapeBy<Block>(
  (value) => SERVED_BLOCK_SCHEMAS[value.type as BlockType] ?? (Object.hasOwn(BLOCK_SCHEMAS, value.type as string) ? BLOCK_SCHEMAS[value.type as BlockType] : undefined),
  openFields(blockBase),
);
export const servedPageDefinitionSchema = fields({ ...pageDefinitionSchema.fields, blocks: listOf(servedBlockSchema, { min: 1 }) });

/** A route path of the page table: lower-case segments, a parameter in braces. */
const routePath = () =>
  text({
    pattern: /^\/$|^(\/([a-z0-9]+(-[a-z0-9]+)*|\{[a-z][A-Za-z]*\}))+$/,
    patternText: 'a lower-case site path like /about-us (a parameter in braces: /unsubscribe/{unsubscribeToken})',
  });

/**
 * One route of the page table. `path` is a site path; a segment in braces is a parameter
 * (`/unsubscribe/{unsubscribeToken}`), and `{styleCode}` must name a style of the catalog.
 * Text fields may use {{site.*}} placeholders, and a `{styleCode}` route {{style.*}} ones.
 */
export const pageRouteSchema = fields({
  path: routePath(),
  /** 'content' when mf-content renders it from a content/pages file; else the remote module that does, e.g. 'mf_forms/ContactPage' */
  screen: text({ pattern: /^(content|mf_[a-z]+\/[A-Z][A-Za-z]+)$/, patternText: '"content" or the remote module that renders the route, like mf_forms/ContactPage' }),
  /** false until the route's screen exists: a disabled route is a 404 page */
  enabled: flag(),
  /** false keeps search engines out (noindex, not in the sitemap); true when absent */
  indexable: flag().optional(),
  /** the complete <title> */
  title: text(),
  description: text(),
  /** from Home to this page */
  breadcrumb: listOf(fields({ label: text(), path: routePath() }), { min: 1 }),
  schemas: pageSchemasSchema,
  /** the share image (an /images/ path) */
  image: imagePath().optional(),
});
export type PageRoute = InferType<typeof pageRouteSchema>;

/** A second address of a route (/aboutus for /about-us): same page, canonical URL of the target. */
export const pageRouteAliasSchema = fields({ path: routePath(), aliasOf: routePath() });
export type PageRouteAlias = InferType<typeof pageRouteAliasSchema>;

/** content/site/page-table.json: the one source of every route's title, description, breadcrumb and schemas. */
export const pageTableSchema = fields({
  /** the Organization's logo in structured data (an /images/ path) */
  logo: imagePath(),
  /** the head of a path that is no page */
  notFound: fields({ title: text(), description: text() }),
  routes: listOf(
    shapeBy<PageRoute | PageRouteAlias>((value) => ('aliasOf' in value ? pageRouteAliasSchema : pageRouteSchema), pageRouteSchema),
    { min: 1 },
  ),
});
export type PageTable = InferType<typeof pageTableSchema>;
