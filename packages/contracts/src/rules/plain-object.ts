/**
 * A JSON object (not null, not an array): the one runtime check for a value whose shape a schema
 * left open on purpose (a form's values, which each form's own definition checks).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
