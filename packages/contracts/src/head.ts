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
