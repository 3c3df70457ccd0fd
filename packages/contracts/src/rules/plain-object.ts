/**
 * A JSON object (not null, not an array): the one runtime check for a value whose shape a schema
 * left open on purpose (a form's values, which each form's own definition checks).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The named fields of a record, typed (an address's fields copied from one record kind to another). */
export function pickFields<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}
