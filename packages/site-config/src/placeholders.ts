const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*)\s*\}\}/g;

/** Called once per placeholder whose path is not in the data (the placeholder is left as written). */
export type MissingPlaceholderHandler = (placeholder: string) => void;

function lookup(data: unknown, dottedPath: string): { found: boolean; value?: unknown } {
  let current: unknown = data;
  for (const key of dottedPath.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) {
      return { found: false };
    }
    current = (current as Record<string, unknown>)[key];
  }
  return { found: current !== undefined, value: current };
}

function resolveString(value: string, data: unknown, onMissing?: MissingPlaceholderHandler): unknown {
  // A string that is exactly one placeholder keeps the value's own type (a number stays a number).
  const whole = /^\{\{\s*([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*)\s*\}\}$/.exec(value);
  if (whole?.[1]) {
    const hit = lookup(data, whole[1]);
    if (hit.found) return hit.value;
    onMissing?.(whole[1]);
    return value;
  }
  return value.replace(PLACEHOLDER, (match, dottedPath: string) => {
    const hit = lookup(data, dottedPath);
    if (!hit.found) {
      onMissing?.(dottedPath);
      return match;
    }
    return typeof hit.value === 'object' ? JSON.stringify(hit.value) : String(hit.value);
  });
}

/**
 * Replaces `{{dotted.path}}` in every string of `value` (deeply, through arrays and objects) with the
 * value at that path of `data`, e.g. `"Call {{site.phone}}"`. Unknown paths stay as written so an
 * editor sees the mistake on the page, and are reported through `onMissing`. Returns a new value.
 */
export function resolvePlaceholders<T>(value: T, data: unknown, onMissing?: MissingPlaceholderHandler): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return resolveString(node, data, onMissing);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, walk(v)]));
    }
    return node;
  };
  return walk(value) as T;
}
