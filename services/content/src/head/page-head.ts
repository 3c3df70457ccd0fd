import type {
  ConfirmedVideo,
  BlogAuthor,
  BlogCard,
  BlogCategorySummary,
  PageContent,
  PageHead,
  PageTable,
  ProductCategoryRecord,
  ProductStyle,
  SiteSettings,
} from '@storefront/contracts';
import { normaliseSitePath, resolvePlaceholders, type MissingPlaceholderHandler } from '@storefront/site-config';
import { breadcrumbOf, type RouteMatch } from '../page-table/page-routes.js';
import { absoluteUrl, structuredDataFor, styleImages } from './structured-data.js';

/** What a search result shows of a description before cutting it off. */
export const META_DESCRIPTION_MAX = 160;

const INDEX = 'index, follow';
const NO_INDEX = 'noindex, nofollow';

/** Content every head is built from (site settings with placeholders already resolved). */
export interface HeadContext {
  site: SiteSettings;
  table: PageTable;
  /** PUBLIC_SITE_URL, no trailing slash */
  siteUrl: string;
  onMissingPlaceholder?: MissingPlaceholderHandler;
  /** the registry of confirmed videos: a page's VideoObjects come from it only */
  videos?: readonly ConfirmedVideo[];
}

/** What the route's page is about: its page file (content routes) or its product style ({styleCode} routes). */
export interface PageSubject {
  page?: PageContent;
  style?: ProductStyle;
  /** blog routes: the post, author or category the parameter names ({{blog.*}}, {{author.*}}, {{category.*}}) */
  blog?: BlogCard;
  author?: BlogAuthor;
  category?: BlogCategorySummary;
  /** the category showcase: the category its {productCategorySlug} names ({{productCategory.*}}) */
  productCategory?: ProductCategoryRecord;
}

/**
 * Text fit for <meta name="description">: tags dropped, whitespace collapsed, and when longer than a
 * search result shows, cut after the last whole sentence that fits (else the last whole word, with "…").
 */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const window = plain.slice(0, max + 1);
  const sentenceEnd = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
  // a sentence cut is only better than a word cut when it keeps most of the room
  if (sentenceEnd >= max / 2) return plain.slice(0, sentenceEnd + 1);
  const wordEnd = plain.lastIndexOf(' ', max - 1);
  return `${plain.slice(0, wordEnd > 0 ? wordEnd : max - 1).replace(/[\s,;:]+$/, '')}…`;
}

/** The head of a page that exists: the route's copy with the site's (and a style's) data filled in. */
export function pageHead(match: RouteMatch, subject: PageSubject, context: HeadContext): PageHead {
  const { route } = match;
  const { site, siteUrl } = context;
  const text = resolvePlaceholders(
    { title: route.title, description: route.description, breadcrumb: breadcrumbOf(match) },
    {
      site,
      ...(subject.style ? { style: subject.style } : {}),
      ...(subject.blog ? { blog: subject.blog } : {}),
      ...(subject.author ? { author: subject.author } : {}),
      ...(subject.category ? { category: subject.category } : {}),
      ...(subject.productCategory ? { productCategory: subject.productCategory } : {}),
    },
    context.onMissingPlaceholder,
  );
  const title = String(text.title);
  const description = metaDescription(String(text.description));
  const canonical = absoluteUrl(siteUrl, match.canonicalPath);
  const image = subject.style
    ? styleImages(subject.style, siteUrl)[0]
    : subject.blog
      ? absoluteUrl(siteUrl, subject.blog.image.src)
      : subject.productCategory
        ? absoluteUrl(siteUrl, subject.productCategory.image.src)
        : route.image && absoluteUrl(siteUrl, route.image);
  return {
    status: 200,
    path: match.path,
    title,
    description,
    canonical,
    robots: route.indexable === false ? NO_INDEX : INDEX,
    openGraph: {
      type: subject.style ? 'product' : subject.blog ? 'article' : 'website',
      title,
      description,
      url: canonical,
      ...(image ? { image } : {}),
      siteName: site.name,
    },
    breadcrumb: text.breadcrumb,
    jsonLd: structuredDataFor(route.schemas ?? {}, {
      site,
      siteUrl,
      logo: context.table.logo,
      pageUrl: canonical,
      breadcrumb: text.breadcrumb,
      ...(context.videos ? { videos: context.videos } : {}),
      ...subject,
    }),
  };
}

/** The head of a path that is no page: the table's not-found copy, kept out of search results. */
export function notFoundHead(askedPath: string, context: HeadContext): PageHead {
  const { site, siteUrl } = context;
  // a path too odd to normalise is still echoed (cut short), so the caller sees what was asked
  const path = normaliseSitePath(askedPath) ?? askedPath.split(/[?#]/, 1)[0]?.slice(0, 256) ?? '/';
  const text = resolvePlaceholders(context.table.notFound, { site }, context.onMissingPlaceholder);
  const canonical = absoluteUrl(siteUrl, path);
  return {
    status: 404,
    path,
    title: text.title,
    description: metaDescription(text.description),
    canonical,
    robots: NO_INDEX,
    openGraph: { type: 'website', title: text.title, description: metaDescription(text.description), url: canonical, siteName: site.name },
    breadcrumb: [],
    jsonLd: [],
  };
}
