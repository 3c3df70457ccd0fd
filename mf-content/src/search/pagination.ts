/** A page number, or a gap ("…") between page numbers. */
export type PageLink = number | 'gap';

/**
 * The page numbers to show (spec §9): all of them for 3 pages or fewer; otherwise the first, the
 * current page's neighbours and the last, with a gap wherever numbers are skipped.
 */
export function pageLinks(page: number, totalPages: number): PageLink[] {
  if (totalPages <= 3) return Array.from({ length: totalPages }, (_, index) => index + 1);
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  const links: PageLink[] = [];
  shown.forEach((n, index) => {
    const before = shown[index - 1];
    if (before !== undefined && n - before > 1) links.push('gap');
    links.push(n);
  });
  return links;
}

/** ?page= as a page number; anything else is page 1. */
export function pageFromParam(value: string | null): number {
  return value && /^\d{1,4}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}
