import type { ISchema } from 'yup';
import { contentProblems, formatContentProblem, type ContentProblem } from './editor-rules.js';
import { blogAuthorsSchema, blogPostsSchema, blogSettingsSchema, reviewRecordsSchema } from './blogs.js';
import { listingFiltersSchema, productCategoriesSchema, productStylesSchema } from './catalog.js';
import { checkoutPagesSchema, notificationSettingsSchema, paymentMethodsFileSchema, shippingSettingsSchema, taxSettingsSchema } from './commerce.js';
import { estimatorTemplateSchema, pricingDataSchema } from './estimator.js';
import { formDefinitionFileSchema } from './forms.js';
import { pageFileSchema, pageTableSchema } from './pages.js';
import { cookieBannerSchema, menusSchema, popupsSchema, siteSettingsSchema } from './site.js';
import { videoRegistrySchema } from './videos.js';

/**
 * The content files' schemas: `@storefront/contracts/content-files`, for the server (the content
 * store validates every file it reads) and `npm run content:check`, never for browser bundles (the
 * browser imports the inferred types from `@storefront/contracts`, which cost nothing at run time).
 */

export * from './editor-rules.js';
export * from './site.js';
export * from './blocks/index.js';
export * from './pages.js';
export * from './catalog.js';
export * from './forms.js';
export * from './estimator.js';
export * from './commerce.js';
export * from './blogs.js';
export * from './responses.js';
export * from './content-responses.js';
export * from './videos.js';
export * from './cards.js';

/** Every content file with a fixed name, and its schema. */
export const CONTENT_FILES = {
  'site/site.json': siteSettingsSchema,
  'site/menus.json': menusSchema,
  'site/cookie-banner.json': cookieBannerSchema,
  'site/popups.json': popupsSchema,
  'site/page-table.json': pageTableSchema,
  'catalogs/product-styles.json': productStylesSchema,
  'catalogs/listing-filters.json': listingFiltersSchema,
  'catalogs/categories.json': productCategoriesSchema,
  'settings/payment-methods.json': paymentMethodsFileSchema,
  'settings/notifications.json': notificationSettingsSchema,
  'settings/checkout-pages.json': checkoutPagesSchema,
  'settings/shipping.json': shippingSettingsSchema,
  'settings/tax.json': taxSettingsSchema,
  'data/reviews.json': reviewRecordsSchema,
  'data/videos.json': videoRegistrySchema,
  'blogs/blogs.json': blogPostsSchema,
  'blogs/authors.json': blogAuthorsSchema,
  'blogs/settings.json': blogSettingsSchema,
} as const;

/** Content files one per name (a page, a form, an estimator and its pricing): folder pattern and schema. */
const CONTENT_FILE_FOLDERS: readonly { pattern: RegExp; schema: ISchema<unknown> }[] = [
  { pattern: /^pages\/[^/]+\.json$/, schema: pageFileSchema },
  { pattern: /^forms\/[^/]+\.json$/, schema: formDefinitionFileSchema },
  { pattern: /^estimator\/pricing\/[^/]+\.json$/, schema: pricingDataSchema },
  { pattern: /^estimator\/[^/]+\.json$/, schema: estimatorTemplateSchema },
];

/** The schema of a content file (its path relative to content/), or undefined for a file without one. */
export function contentFileSchema(relativePath: string): ISchema<unknown> | undefined {
  if (Object.hasOwn(CONTENT_FILES, relativePath)) return CONTENT_FILES[relativePath as keyof typeof CONTENT_FILES] as ISchema<unknown>;
  return CONTENT_FILE_FOLDERS.find(({ pattern }) => pattern.test(relativePath))?.schema;
}

/** Every problem of a content file's parsed JSON (empty when it is valid, or has no schema). */
export function contentFileProblems(relativePath: string, value: unknown): ContentProblem[] {
  const schema = contentFileSchema(relativePath);
  return schema ? contentProblems(schema, value) : [];
}

/** A content file that breaks its schema: the file and each problem, worded as the content check prints them. */
export class ContentFileError extends Error {
  override readonly name = 'ContentFileError';
  constructor(
    readonly relativePath: string,
    readonly problems: readonly ContentProblem[],
  ) {
    const shown = problems.slice(0, 5).map(formatContentProblem);
    const more = problems.length > shown.length ? `; and ${problems.length - shown.length} more (npm run content:check lists them)` : '';
    super(`${relativePath}: ${shown.join('; ')}${more}`);
  }
}

/** The value, typed by `schema`, or a ContentFileError naming every problem. */
export function readContentValue<T>(relativePath: string, schema: ISchema<T>, value: unknown): T {
  const problems = contentProblems(schema, value);
  if (problems.length > 0) throw new ContentFileError(relativePath, problems);
  return value as T;
}
