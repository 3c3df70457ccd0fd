/**
 * Our records' ids are PostgreSQL uuids (orders, quotes, customers, e-mails, API keys, form
 * submissions). A caller checks an id's shape before asking the database: anything else is
 * "not found" at once, where PostgreSQL would fail the cast with a 500.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is `id` shaped like one of our ids (a uuid, any case)? */
export function isUuid(id: unknown): boolean {
  return typeof id === 'string' && UUID_PATTERN.test(id);
}

/** A uuid inside a longer key, e.g. `form:{uuid}:staff`: the pattern's body without its anchors. */
export const UUID_SOURCE = UUID_PATTERN.source.slice(1, -1);
