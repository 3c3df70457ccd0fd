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

function inRange(pattern: string, zip: string): boolean {
  const [start = '', end = ''] = pattern.split('-').map((part) => part.trim());
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
  const patterns = entries.map((entry) => ({ entry, pattern: entry.zipCode.trim(), kind: kindOf(entry.zipCode.trim()) }));

  if (wanted) {
    const exact = patterns.find((p) => p.kind === 'exact' && (p.pattern === wanted || p.pattern === raw));
    if (exact) return exact.entry;
    const range = patterns.find((p) => p.kind === 'range' && inRange(p.pattern, wanted));
    if (range) return range.entry;
  }

  const wildcards = patterns
    .filter((p) => p.kind === 'wildcard')
    .map((p) => ({ ...p, prefix: p.pattern.slice(0, -1) }))
    .filter((p) => p.prefix === '' || (wanted !== '' && wanted.startsWith(p.prefix)))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return wildcards[0]?.entry;
}
