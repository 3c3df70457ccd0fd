import { blogCategorySlug, productCategoryPath, type BlogAuthor, type BlogPostRecord, type ImageRef, type PageTable, type ProductStyle, type SearchHitCategory, type SearchHitKind } from '@storefront/contracts';

/** One row of search_document: what a hit shows, and the text it is found by. */
export interface SearchDocument {
  /** stable and unique: style:ssw, product:SSW-B12, blog:{blogDetailPath} */
  key: string;
  kind: SearchHitKind;
  /** what the thing is called (spec §3 search item "name"); shown, not searched (the title has it) */
  name: string;
  /** weight A, with the sku */
  title: string;
  /** weight B, and what the hit shows */
  description: string;
  /** weight C: everything else worth finding it by (article text, finishes, category, author) */
  body: string;
  sku: string | null;
  url: string;
  image: ImageRef | null;
  /** the category pages it belongs to (spec §3 search item "categories") */
  categories: SearchHitCategory[];
}

/** A product category of catalogs/categories.json: its slug is a door style. */
export interface SearchProductCategory {
  slug: string;
  title: string;
}

export interface SearchContent {
  styles: ProductStyle[];
  posts: BlogPostRecord[];
  authors: BlogAuthor[];
  /** article HTML by contentPath; a missing article leaves the post findable by its card */
  articles: Map<string, string>;
  table: PageTable;
  /** catalogs/categories.json (none when it is missing: the styles then have no categories) */
  productCategories: SearchProductCategory[];
}

export const STYLE_ROUTE_FALLBACK = '/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}';
export const BLOG_ROUTE_FALLBACK = '/blogs/{blogDetailPath}';
export const BLOG_CATEGORY_ROUTE_FALLBACK = '/blogs/category/{categorySlug}';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The words of an HTML fragment: tags dropped (block ends become spaces), common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The path of the enabled page-table route with {param}, else the fallback (the screens' own path). */
function routeWith(table: PageTable, param: string, fallback: string): string {
  const route = table.routes.find((candidate) => !('aliasOf' in candidate) && candidate.enabled && candidate.path.includes(`{${param}}`));
  return route?.path ?? fallback;
}

function fill(template: string, param: string, value: string): string {
  return template.replace(`{${param}}`, encodeURIComponent(value));
}

function baseImage(style: ProductStyle): ImageRef | null {
  const image = style.images.find((candidate) => candidate.type === 'base') ?? style.images[0];
  return image ? { src: image.src, altText: image.altText, width: image.width, height: image.height } : null;
}

const joinText = (...parts: (string | undefined | null)[]) => parts.filter((part) => part && part.trim()).join(' ');

/**
 * Every searchable thing on the site from content/: one row per style, one per item of a style (its
 * cabinets and sample doors, found by name and sku; a sample door opens the style page on its finish
 * with ?type=&value=, as the style page reads them) and one per blog post.
 */
export function buildSearchDocuments(content: SearchContent): SearchDocument[] {
  const styleRoute = routeWith(content.table, 'styleCode', STYLE_ROUTE_FALLBACK);
  const blogRoute = routeWith(content.table, 'blogDetailPath', BLOG_ROUTE_FALLBACK);
  const blogCategoryRoute = routeWith(content.table, 'categorySlug', BLOG_CATEGORY_ROUTE_FALLBACK);
  // a style belongs to the category of its door style (the category showcase lists it there)
  const categoryOfDoor = new Map(content.productCategories.map((category) => [category.slug, { name: category.title, url: productCategoryPath(category.slug) }]));
  const documents = new Map<string, SearchDocument>();
  const add = (document: SearchDocument) => {
    if (!documents.has(document.key)) documents.set(document.key, document);
  };

  for (const style of content.styles) {
    if (!style?.name || !style.title) continue;
    const url = fill(styleRoute, 'styleCode', style.name);
    const image = baseImage(style);
    const finishes = style.finishes ?? [];
    const finishWords = finishes.flatMap((group) => [group.group, group.title, ...group.items.map((item) => item.label)]);
    const doorCategory = categoryOfDoor.get(style.doorStyle);
    const categories = doorCategory ? [doorCategory] : [];
    add({
      key: `style:${style.name}`,
      kind: 'style',
      name: style.title,
      title: style.title,
      description: style.description ?? '',
      body: joinText(htmlToText(style.shortDescription ?? ''), style.label, ...(style.labels ?? []), ...finishWords),
      // the style code is the style's sku (structured data says so too)
      sku: style.name.toUpperCase(),
      url,
      image,
      categories,
    });
    for (const item of style.items ?? []) {
      if (!item?.sku || !item.name) continue;
      const group = item.finish ? finishes.find((candidate) => candidate.name === item.finish?.type) : undefined;
      const option = group?.items.find((candidate) => candidate.value === item.finish?.value);
      const door = option?.doorImage ? style.images.find((candidate) => candidate.src === option.doorImage) : undefined;
      const finishQuery = group && option ? `?${new URLSearchParams({ type: group.name, value: option.value }).toString()}` : '';
      add({
        key: `product:${item.sku}`,
        kind: 'product',
        name: item.name,
        title: item.name,
        description: item.isSample
          ? `Free sample door of ${style.title}${option ? ` in ${option.label}` : ''}.`
          : `A cabinet in the ${style.title} door style.`,
        // the style's own words are in the title already; repeating them would rank every item of a
        // style above the style itself
        body: joinText(option?.label, group?.group),
        sku: item.sku,
        url: `${url}${finishQuery}`,
        image: door ? { src: door.src, altText: door.altText, width: door.width, height: door.height } : image,
        categories,
      });
    }
  }

  const authors = new Map(content.authors.map((author) => [author.id, author]));
  for (const post of content.posts) {
    if (!post?.blogDetailPath || !post.title) continue;
    const article = content.articles.get(post.contentPath);
    add({
      key: `blog:${post.blogDetailPath}`,
      kind: 'blog',
      name: post.title,
      title: post.title,
      description: post.description ?? '',
      body: joinText(post.blogCategory, authors.get(post.author)?.name, article ? htmlToText(article) : ''),
      sku: null,
      url: fill(blogRoute, 'blogDetailPath', post.blogDetailPath),
      image: post.image ? { src: post.image.src, altText: post.image.altText, width: post.image.width, height: post.image.height } : null,
      categories: [{ name: post.blogCategory, url: fill(blogCategoryRoute, 'categorySlug', blogCategorySlug(post.blogCategory)) }],
    });
  }
  return [...documents.values()];
}
