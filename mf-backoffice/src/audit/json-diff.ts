// The audit log's "Changes": an entry's values before and after a write, side by side, one row per
// field (nested objects by dotted path), each marked same, changed, added or removed.

export type DiffChange = 'same' | 'changed' | 'added' | 'removed';

export interface DiffRow {
  /** the field's path, `role`, `address.city`, `items[0].qty`; '' for a value that is not an object */
  path: string;
  /** the value as text; undefined where that side has no such field */
  before: string | undefined;
  after: string | undefined;
  change: DiffChange;
}

/** Deeper than this a value is shown as its JSON (an audit row's values are small and flat in practice). */
const MAX_DEPTH = 4;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isScalar = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

/** One value as a reader sees it: text as it is (`""` when empty), everything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

/** `value`'s fields by path, in their order; lists of plain values stay one field (`["a","b"]`). */
function flatten(value: unknown, path: string, depth: number, into: Map<string, string>): void {
  if (isRecord(value) && depth < MAX_DEPTH) {
    const entries = Object.entries(value);
    if (entries.length === 0) into.set(path, '{}');
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : key, depth + 1, into);
    return;
  }
  if (Array.isArray(value) && depth < MAX_DEPTH && value.length > 0 && !value.every(isScalar)) {
    value.forEach((inner, index) => flatten(inner, `${path}[${index}]`, depth + 1, into));
    return;
  }
  into.set(path, valueText(value));
}

function fieldsOf(value: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (value !== null && value !== undefined) flatten(value, '', 0, fields);
  return fields;
}

/**
 * The rows of a before/after view: every field either side has, in the order the values name them
 * (before's first, then fields only after has). A create (no before) is all added; a delete (no
 * after) all removed.
 */
export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const paths = [...old.keys(), ...[...now.keys()].filter((path) => !old.has(path))];
  return paths.map((path) => {
    const was = old.get(path);
    const is = now.get(path);
    const change: DiffChange = was === undefined ? 'added' : is === undefined ? 'removed' : was === is ? 'same' : 'changed';
    return { path, before: was, after: is, change };
  });
}

/** Did the write record any values to compare? */
export function hasChanges(entry: { before?: unknown; after?: unknown }): boolean {
  return (entry.before !== null && entry.before !== undefined) || (entry.after !== null && entry.after !== undefined);
}
