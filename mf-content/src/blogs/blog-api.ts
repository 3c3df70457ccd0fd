/** The content service's blog answers, by URL (the page-data key: one request per URL), from the route table. */
export { blogAuthorUrl, blogCategoryUrl, blogListUrl, blogPostUrl } from '@storefront/contracts';

/** Site paths of the blog screens. */
export const blogPostPath = (blogDetailPath: string) => `/blogs/${blogDetailPath}`;
export const blogAuthorPath = (authorId: string) => `/blogs/authors/${authorId}`;
export const blogCategoryPath = (categorySlug: string) => `/blogs/category/${categorySlug}`;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "October 28, 2026" from "2026-10-28", by hand rather than with Date/Intl so the server and the
 * browser (in any time zone) print the same text and hydration matches.
 */
export function formatPublishDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const name = month ? MONTHS[month - 1] : undefined;
  return name && day && year ? `${name} ${day}, ${year}` : isoDate;
}

/** ?page= as a page number; anything else is page 1. */
export function pageFromSearch(value: string | null): number {
  return value && /^\d{1,5}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}
