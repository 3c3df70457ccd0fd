import {
  type BlogAuthor,
  type BlogCard,
  type BlogCategorySummary,
  type BlogPostRecord,
  blogCategorySlug,
} from '@storefront/contracts';

/** Newest first; posts of the same day keep their file order (a stable sort). */
export function newestFirst<T extends { publishDate: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => (a.publishDate < b.publishDate ? 1 : a.publishDate > b.publishDate ? -1 : 0));
}

/** A post as a card (no article body); the author by id, with name and logo. */
export function toCard(post: BlogPostRecord, author: BlogAuthor): BlogCard {
  return {
    blogDetailPath: post.blogDetailPath,
    title: post.title,
    description: post.description,
    blogCategory: post.blogCategory,
    categorySlug: blogCategorySlug(post.blogCategory),
    author: { id: author.id, name: author.name, logo: author.logo },
    publishDate: post.publishDate,
    isPopular: post.isPopular,
    image: post.image,
  };
}

/** Spec: blog search matches title, description or author name, case-insensitive. A blank query matches all. */
export function matchesQuery(card: BlogCard, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [card.title, card.description, card.author.name].some((text) => text.toLowerCase().includes(needle));
}

/** Every category with its post count, by name. */
export function categoriesOf(cards: readonly BlogCard[]): BlogCategorySummary[] {
  const bySlug = new Map<string, BlogCategorySummary>();
  for (const card of cards) {
    const entry = bySlug.get(card.categorySlug);
    if (entry) entry.count += 1;
    else bySlug.set(card.categorySlug, { name: card.blogCategory, slug: card.categorySlug, count: 1 });
  }
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Popular posts: flagged isPopular, newest first, at most `max`. */
export function popularOf(cards: readonly BlogCard[], max: number): BlogCard[] {
  return newestFirst(cards.filter((card) => card.isPopular)).slice(0, max);
}

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** One page of `items` (1-based); a page past the end is empty, not an error. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): PageOf<T> {
  const start = (page - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    total: items.length,
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(items.length / pageSize)),
  };
}

/** "{category}" in a settings template replaced by the category's name. */
export function withCategory(template: string, name: string): string {
  return template.split('{category}').join(name);
}
