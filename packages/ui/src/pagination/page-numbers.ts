/** One entry of a page-number bar: a page to link to, or a gap shown as an ellipsis. */
export type PageNumberItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page-number algorithm of the spec (§9): with 3 or fewer pages every page is listed; otherwise
 * the first page, the current page's neighbours and the last page, with an ellipsis wherever pages
 * are skipped. `current` is clamped into 1..totalPages first, so a stale address never breaks the bar.
 */
export function pageNumberItems(current: number, totalPages: number): PageNumberItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  if (total <= 3) return range(1, total).map((page) => ({ kind: 'page', page }));
  const at = clamp(Math.floor(current), 1, total);
  const shown = [...new Set([1, at - 1, at, at + 1, total])].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: PageNumberItem[] = [];
  shown.forEach((page, index) => {
    const previous = shown[index - 1];
    if (previous !== undefined && page - previous > 1) items.push({ kind: 'gap', key: `gap-${previous}-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
}

/** The generic table's page window (§9): the current page and up to `radius` pages either side. */
export function pageWindow(current: number, totalPages: number, radius = 2): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const at = clamp(Math.floor(current), 1, total);
  return range(Math.max(1, at - radius), Math.min(total, at + radius));
}

/**
 * A `page` query value as a page number. Anything that is not a whole number of at least 1
 * (missing, "abc", "-2", "0", "1.5") is page 1; with `totalPages` known, a page past the end is page 1
 * too, as the catalog API answers it (a bad address shows the first page, never an error).
 */
export function parsePageNumber(raw: string | null | undefined, totalPages?: number): number {
  const text = (raw ?? '').trim();
  const page = /^\d+$/.test(text) ? Number(text) : 1;
  const atLeastOne = Number.isSafeInteger(page) && page >= 1 ? page : 1;
  if (totalPages === undefined) return atLeastOne;
  return atLeastOne > Math.max(1, Math.floor(totalPages)) ? 1 : atLeastOne;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
