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
 * (a field only after has, where after has it). A create (no before) is all added; a delete (no
 * after) all removed.
 */
export function diffValues(before: unknown, after: unknown): DiffRow[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  // a field only after has goes after the field it follows there (a list's new item after the last old one)
  const paths = [...old.keys()];
  let previous: string | undefined;
  for (const path of now.keys()) {
    if (!old.has(path)) paths.splice(previous === undefined ? 0 : paths.indexOf(previous) + 1, 0, path);
    previous = path;
  }
  return paths.map((path) => {
    const was = old.get(path);
    const is = now.get(path);
    const change: DiffChange = was === undefined ? 'added' : is === undefined ? 'removed' : was === is ? 'same' : 'changed';
    return { path, before: was, after: is, change };
  });
}

/** "3 fields differ: 2 changed, 1 added.", or "No field changed." */
export function diffSummary(rows: readonly DiffRow[]): string {
  const count = (change: DiffChange) => rows.filter((row) => row.change === change).length;
  const parts = [
    [count('changed'), 'changed'],
    [count('added'), 'added'],
    [count('removed'), 'removed'],
  ].filter(([n]) => Number(n) > 0).map(([n, word]) => `${n} ${word}`);
  if (parts.length === 0) return 'No field changed.';
  const total = rows.filter((row) => row.change !== 'same').length;
  return `${total === 1 ? '1 field differs' : `${total} fields differ`}: ${parts.join(', ')}.`;
}

/** Did the write record any values to compare? */
export function hasChanges(entry: { before?: unknown; after?: unknown }): boolean {
  return (entry.before !== null && entry.before !== undefined) || (entry.after !== null && entry.after !== undefined);
}
