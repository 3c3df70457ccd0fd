import { object, string, type InferType } from 'yup';
import type { BreadcrumbItem } from './pages.js';

/** The Open Graph tags of a page (og:type, og:title, ...). */
export interface OpenGraph {
  type: 'website' | 'product' | 'article';
  title: string;
  description: string;
  /** absolute, the canonical URL */
  url: string;
  /** absolute */
  image?: string;
  siteName: string;
}

/** A schema.org object for a <script type="application/ld+json">; always has @context and @type. */
export type JsonLd = Record<string, unknown>;

/**
 * GET /api/content/head?path=<pathname>: everything the server writes into a page's <head>.
 * The HTTP status equals `status`: 404 for a path that is no (enabled) page, with the not-found head.
 */
export interface PageHead {
  status: 200 | 404;
  /** normalised pathname: no query, no trailing slash except '/' */
  path: string;
  /** the complete <title> */
  title: string;
  description: string;
  /** absolute: PUBLIC_SITE_URL + path (an alias such as /aboutus: its target's path) */
  canonical: string;
  robots: 'index, follow' | 'noindex, nofollow';
  openGraph: OpenGraph;
  breadcrumb: BreadcrumbItem[];
  jsonLd: JsonLd[];
}

/** GET /api/content/head and GET /api/content/page without a usable ?path= (missing, blank, repeated). */
export const PAGE_PATH_REQUIRED_MESSAGE = 'The path query parameter is required, e.g. ?path=/';

/** ?path=<pathname> of GET /api/content/head and GET /api/content/page: one text that is not blank, taken as sent. */
export const pagePathQuerySchema = object({
  path: string()
    .typeError(PAGE_PATH_REQUIRED_MESSAGE)
    .required(PAGE_PATH_REQUIRED_MESSAGE)
    .matches(/\S/, PAGE_PATH_REQUIRED_MESSAGE)
    .meta({ jsonSchema: { description: "the page's pathname, e.g. / or /kitchen-cabinets (a query string on it is ignored)" } }),
});
export type PagePathQuery = InferType<typeof pagePathQuerySchema>;
