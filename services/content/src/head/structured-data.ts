import type {
  BlogCard,
  BreadcrumbItem,
  ConfirmedVideo,
  FaqEntry,
  JsonLd,
  PageContent,
  PageSchemas,
  ProductStyle,
  SiteSettings,
  VideoRef,
} from '@storefront/contracts';
import { confirmedVideo, faqAnswerHtml, pageVideoRef, videoCardRef } from '@storefront/contracts';

const SCHEMA_ORG = 'https://schema.org';
const IN_STOCK = 'https://schema.org/InStock';

/** `pathOrUrl` as an absolute URL: site paths are put under the public site address, URLs stay. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

const DAY_CODES: Record<string, string> = { mon: 'Mo', tue: 'Tu', wed: 'We', thu: 'Th', fri: 'Fr', sat: 'Sa', sun: 'Su' };
const CLOCK = /(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?/gi;

function dayCode(name: string): string | undefined {
  return DAY_CODES[name.trim().slice(0, 3).toLowerCase()];
}

function to24Hour(hours: string, minutes: string | undefined, meridiem: string): string {
  const hour = (Number(hours) % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes ?? '00'}`;
}

/**
 * site.json's hours as schema.org openingHours: { days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' }
 * -> 'Mo-Fr 09:00-18:00'. Closed days are left out (schema.org lists open hours only), and so is an
 * entry that cannot be read (the content check reports those).
 */
export function openingHoursOf(hours: SiteSettings['hours']): string[] {
  const opening: string[] = [];
  for (const entry of hours ?? []) {
    const days = entry.days.split(/\s*[-–]\s*/).map(dayCode);
    const clocks = [...entry.time.matchAll(CLOCK)];
    if (days.length > 2 || days.some((code) => !code) || clocks.length !== 2) continue;
    const [opens, closes] = clocks.map(([, h, m, meridiem]) => to24Hour(h as string, m, meridiem as string));
    opening.push(`${days.join('-')} ${opens}-${closes}`);
  }
  return opening;
}

/** Where the business is, when it is open and how to reach it (Google's local business panel). */
export function localBusinessJsonLd(site: SiteSettings, siteUrl: string, logo: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'LocalBusiness',
    name: site.name,
    url: absoluteUrl(siteUrl, '/'),
    image: absoluteUrl(siteUrl, logo),
    telephone: site.phone,
    email: site.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.state,
      postalCode: site.address.zip,
      addressCountry: site.address.country,
    },
    openingHours: openingHoursOf(site.hours),
    sameAs: site.social.map((profile) => profile.url),
  };
}

/** The brand behind the site: name, logo and its social profiles. */
export function organizationJsonLd(site: SiteSettings, siteUrl: string, logo: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, logo),
    sameAs: site.social.map((profile) => profile.url),
  };
}

export function breadcrumbJsonLd(trail: BreadcrumbItem[], siteUrl: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

/** FAQPage from the questions of a page; undefined when it has none (an empty FAQPage is invalid). */
export function faqJsonLd(faqs: FaqEntry[]): JsonLd | undefined {
  if (faqs.length === 0) return undefined;
  return {
    '@context': SCHEMA_ORG,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faqAnswerHtml(faq.answer) },
    })),
  };
}

/**
 * A confirmed video as a schema.org VideoObject. Every fact (title, thumbnail, upload date, duration)
 * is the registry's (content/data/videos.json); the description too when it has one, else the page's
 * own words about the video, else its title.
 */
export function videoJsonLd(video: ConfirmedVideo, siteUrl: string, pageDescription?: string): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'VideoObject',
    name: video.title,
    description: video.description ?? pageDescription ?? video.title,
    thumbnailUrl: absoluteUrl(siteUrl, video.thumbnail),
    uploadDate: video.uploadDate,
    duration: video.duration,
    ...(video.provider === 'youtube' ? { embedUrl: `https://www.youtube.com/embed/${video.id}` } : { contentUrl: absoluteUrl(siteUrl, video.id) }),
  };
}

/** The cabinets a style page sells: sample doors are a separate, token-priced product, so they only count when nothing else is for sale. */
function pricedItems(style: ProductStyle) {
  const cabinets = style.items.filter((item) => !item.isSample);
  return cabinets.length > 0 ? cabinets : style.items;
}

/** One Offer when every item costs the same, else an AggregateOffer from the lowest to the highest price. */
function offersOf(style: ProductStyle, pageUrl: string): JsonLd | undefined {
  const prices = pricedItems(style).map((item) => item.price);
  if (prices.length === 0) return undefined;
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const common = { priceCurrency: 'USD', availability: IN_STOCK, url: pageUrl };
  if (low === high) return { '@type': 'Offer', price: low.toFixed(2), ...common };
  return { '@type': 'AggregateOffer', lowPrice: low.toFixed(2), highPrice: high.toFixed(2), offerCount: prices.length, ...common };
}

/** The style main image first (type base), then the rest, as absolute URLs. */
export function styleImages(style: ProductStyle, siteUrl: string): string[] {
  const images = [...(style.images ?? [])].sort((a, b) => Number(b.type === 'base') - Number(a.type === 'base'));
  return images.map((image) => absoluteUrl(siteUrl, image.src));
}

/**
 * A style as a schema.org Product. A style has no SKU of its own; its code (upper case) is the prefix
 * of every item's SKU, so that is the style's SKU.
 */
export function productJsonLd(style: ProductStyle, context: { site: SiteSettings; siteUrl: string; pageUrl: string }): JsonLd {
  const offers = offersOf(style, context.pageUrl);
  return {
    '@context': SCHEMA_ORG,
    '@type': 'Product',
    name: style.title,
    description: style.description,
    sku: style.name.toUpperCase(),
    image: styleImages(style, context.siteUrl),
    brand: { '@type': 'Brand', name: context.site.name },
    url: context.pageUrl,
    ...(offers ? { offers } : {}),
  };
}

function isFaqEntry(value: unknown): value is FaqEntry {
  const entry = value as FaqEntry | null;
  return typeof entry?.question === 'string' && (typeof entry.answer === 'string' || (Array.isArray(entry.answer) && entry.answer.every((item) => typeof item === 'string')));
}

/** The page's FAQ data: every block's `faqs`, in page order. */
export function pageFaqs(page: PageContent | undefined): FaqEntry[] {
  return (page?.blocks ?? []).flatMap((block) => {
    const faqs = (block as { faqs?: unknown }).faqs;
    return Array.isArray(faqs) ? faqs.filter(isFaqEntry) : [];
  });
}

/** A video a page names (a video card or a media block's video), with the page's words about it. */
export interface PageVideoMention {
  ref: VideoRef;
  description?: string;
}

const wordsOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Every video the page names, in page order: each block's `video` and every video card's. */
export function pageVideoMentions(page: PageContent | undefined): PageVideoMention[] {
  return (page?.blocks ?? []).flatMap((block) => {
    const video = (block as { video?: { description?: unknown; contentUrl?: unknown; embedUrl?: unknown } }).video;
    const cards = (block as { videos?: unknown }).videos;
    const mentions: (PageVideoMention | undefined)[] = [
      ...(video && typeof video === 'object' ? [{ ref: pageVideoRef(video), description: wordsOf(video.description) }] : []),
      ...(Array.isArray(cards) ? cards.map((card: { description?: unknown; videoType?: unknown; videoUrl?: unknown } | null) => ({ ref: videoCardRef(card), description: wordsOf(card?.description) })) : []),
    ].map((mention) => (mention.ref ? { ref: mention.ref, ...(mention.description ? { description: mention.description } : {}) } : undefined));
    return mentions.filter((mention): mention is PageVideoMention => mention !== undefined);
  });
}

/**
 * The VideoObjects of a page: one per video the page names that the registry confirms, each once. A
 * video the registry does not list is left out (its facts are unknown, and made-up ones would be
 * published to search engines); `npm run content:check` lists those.
 */
export function pageVideosJsonLd(page: PageContent | undefined, registry: readonly ConfirmedVideo[], siteUrl: string): JsonLd[] {
  const seen = new Set<ConfirmedVideo>();
  const found: JsonLd[] = [];
  for (const mention of pageVideoMentions(page)) {
    const video = confirmedVideo(registry, mention.ref);
    if (!video || seen.has(video)) continue;
    seen.add(video);
    found.push(videoJsonLd(video, siteUrl, mention.description));
  }
  return found;
}

export interface StructuredDataSubject {
  site: SiteSettings;
  siteUrl: string;
  /** the Organization logo, an /images/ path */
  logo: string;
  /** absolute URL of the page */
  pageUrl: string;
  breadcrumb: BreadcrumbItem[];
  page?: PageContent;
  style?: ProductStyle;
  blog?: BlogCard;
  /** the registry of confirmed videos (content/data/videos.json); none when absent */
  videos?: readonly ConfirmedVideo[];
}

/** BlogPosting for a post: headline, description, image, dates, author, publisher. */
export function blogPostingJsonLd(post: BlogCard, subject: StructuredDataSubject): JsonLd {
  return {
    '@context': SCHEMA_ORG,
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    image: absoluteUrl(subject.siteUrl, post.image.src),
    datePublished: post.publishDate,
    author: { '@type': 'Person', name: post.author.name, url: absoluteUrl(subject.siteUrl, `/blogs/authors/${post.author.id}`) },
    publisher: { '@type': 'Organization', name: subject.site.name, logo: absoluteUrl(subject.siteUrl, subject.logo) },
    mainEntityOfPage: subject.pageUrl,
    articleSection: post.blogCategory,
  };
}

/** The JSON-LD objects the route's schema flags ask for; a flag without the data behind it adds nothing. */
export function structuredDataFor(schemas: PageSchemas, subject: StructuredDataSubject): JsonLd[] {
  const { site, siteUrl, logo } = subject;
  const found: (JsonLd | undefined)[] = [
    schemas.organization ? organizationJsonLd(site, siteUrl, logo) : undefined,
    schemas.localBusiness ? localBusinessJsonLd(site, siteUrl, logo) : undefined,
    schemas.breadcrumb ? breadcrumbJsonLd(subject.breadcrumb, siteUrl) : undefined,
    schemas.product && subject.style ? productJsonLd(subject.style, subject) : undefined,
    schemas.article && subject.blog ? blogPostingJsonLd(subject.blog, subject) : undefined,
    schemas.faq ? faqJsonLd(pageFaqs(subject.page)) : undefined,
    ...(schemas.video ? pageVideosJsonLd(subject.page, subject.videos ?? [], siteUrl) : []),
  ];
  return found.filter((entry): entry is JsonLd => entry !== undefined);
}
