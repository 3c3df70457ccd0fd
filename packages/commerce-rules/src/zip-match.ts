/**
 * Zip patterns in the shipping and tax settings. Priority (spec): an exact zip, then a range
 * ("10000-14999", ends included), then a wildcard ("*" or a prefix like "100*", longest prefix first).
 */

/** "10001-1234" or "100011234" -> "10001": rules are written for 5-digit zips. */
export function normaliseZip(zip: string | undefined | null): string {
  const trimmed = (zip ?? '').trim();
  const base = trimmed.split(/[-\s]/)[0] ?? '';
  return /^\d{6,}$/.test(base) ? base.slice(0, 5) : base;
}

type ZipPatternKind = 'exact' | 'range' | 'wildcard';

function kindOf(pattern: string): ZipPatternKind {
  if (pattern.endsWith('*')) return 'wildcard';
  if (/^\d+\s*-\s*\d+$/.test(pattern)) return 'range';
  return 'exact';
}

/** One entry's pattern, read once: its kind, and its range's ends or its wildcard's prefix. */
interface ZipPattern<T> {
  entry: T;
  /** its place in the list: of two exact patterns that both match, the earlier wins */
  index: number;
  pattern: string;
  kind: ZipPatternKind;
  start: string;
  end: string;
  prefix: string;
}

/** A list's patterns, by kind; the wildcards longest prefix first (ties in list order). */
interface ZipIndex<T> {
  exact: Map<string, ZipPattern<T>>;
  ranges: ZipPattern<T>[];
  wildcards: ZipPattern<T>[];
}

/**
 * The index of each list asked, made once per list: the settings' lists are read from content and
 * never changed after (a changed file is a new list), and every cart summary and order asks the same
 * ones, so classifying every pattern on every call was most of the matching's cost (profiled).
 */
const indexes = new WeakMap<readonly object[], ZipIndex<object>>();

function indexOf<T extends { zipCode: string }>(entries: readonly T[]): ZipIndex<T> {
  const known = indexes.get(entries) as ZipIndex<T> | undefined;
  if (known) return known;
  const index: ZipIndex<T> = { exact: new Map(), ranges: [], wildcards: [] };
  entries.forEach((entry, position) => {
    const pattern = entry.zipCode.trim();
    const kind = kindOf(pattern);
    const [start = '', end = ''] = kind === 'range' ? pattern.split('-').map((part) => part.trim()) : [];
    const read: ZipPattern<T> = { entry, index: position, pattern, kind, start, end, prefix: kind === 'wildcard' ? pattern.slice(0, -1) : '' };
    if (kind === 'exact' && !index.exact.has(pattern)) index.exact.set(pattern, read);
    if (kind === 'range') index.ranges.push(read);
    if (kind === 'wildcard') index.wildcards.push(read);
  });
  // Array.prototype.sort is stable: equal prefixes keep the list's order
  index.wildcards.sort((a, b) => b.prefix.length - a.prefix.length);
  indexes.set(entries, index as ZipIndex<object>);
  return index;
}

function inRange({ start, end }: { start: string; end: string }, zip: string): boolean {
  // Compare like with like: "100" is not inside "10000-14999".
  if (!/^\d+$/.test(zip) || zip.length !== start.length || zip.length !== end.length) return false;
  const value = Number(zip);
  return value >= Number(start) && value <= Number(end);
}

/** The entry of `entries` whose zipCode pattern best matches `zip`, or undefined. */
export function matchZipEntry<T extends { zipCode: string }>(
  entries: readonly T[] | undefined,
  zip: string | undefined | null,
): T | undefined {
  if (!entries?.length) return undefined;
  const wanted = normaliseZip(zip);
  const raw = (zip ?? '').trim();
  const { exact, ranges, wildcards } = indexOf(entries);

  if (wanted) {
    const byWanted = exact.get(wanted);
    const byRaw = exact.get(raw);
    const first = byWanted && byRaw ? (byWanted.index <= byRaw.index ? byWanted : byRaw) : (byWanted ?? byRaw);
    if (first) return first.entry;
    const range = ranges.find((p) => inRange(p, wanted));
    if (range) return range.entry;
  }

  return wildcards.find((p) => p.prefix === '' || (wanted !== '' && wanted.startsWith(p.prefix)))?.entry;
}
