import type { CategoryTabLayout } from '@storefront/contracts';

/** The All tab's value in the address (?category=all). */
export const ALL_TAB = 'all';
/** Query parameters the category handler owns. */
export const CATEGORY_PARAM = 'category';
export const PAGE_PARAM = 'page';

export interface TabChoice {
  defaultCategory?: string;
  showAllTab?: boolean;
}

/**
 * The open tab: the address's ?category= when it names a tab, else the block's defaultCategory, else
 * the first category (spec §2: "the given default or the first"). All only when the block shows it.
 */
export function activeTab(fromAddress: string | null, slugs: readonly string[], { defaultCategory, showAllTab = false }: TabChoice): string | undefined {
  const valid = (value: string | null | undefined): value is string => !!value && (slugs.includes(value) || (showAllTab && value === ALL_TAB));
  if (valid(fromAddress)) return fromAddress;
  if (valid(defaultCategory)) return defaultCategory;
  return slugs[0];
}

/** The address after choosing a tab: the category set and `page` REMOVED (spec §2), other parameters kept. */
export function searchForTab(current: URLSearchParams, tab: string): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(CATEGORY_PARAM, tab);
  next.delete(PAGE_PARAM);
  return next;
}

/** The address of a page of sample doors; page 1 is the address without `page`. */
export function searchForPage(current: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(current);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
}

const LAYOUTS: readonly CategoryTabLayout[] = ['v1', 'v2', 'v3'];

/** The block's tab layout, v1 when absent or unknown. */
export function tabLayoutOf(layout: unknown): CategoryTabLayout {
  return LAYOUTS.includes(layout as CategoryTabLayout) ? (layout as CategoryTabLayout) : 'v1';
}
