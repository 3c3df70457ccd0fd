import { isUuid } from '@storefront/contracts';

/**
 * The list's keyset cursor (`next`, sent back as `before`): the last submission's stored time, to the
 * microsecond as PostgreSQL keeps it (a JavaScript Date would round it to the millisecond and skip or
 * repeat rows stored within the same one), and its id, which orders submissions stored at the same
 * time. Opaque to callers: base64url of `<time>|<id>`.
 */
export interface SubmissionCursor {
  /** `2026-03-01T10:00:00.123456Z`: what the list query selects as `to_char(created_at AT TIME ZONE 'UTC', ...)` */
  submittedAt: string;
  id: string;
}

/** The time as the cursor holds it: UTC, microseconds. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** to_char's pattern for CURSOR_TIME (the list query selects it beside the row). */
export const CURSOR_TIME_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

export function encodeCursor(cursor: SubmissionCursor): string {
  return Buffer.from(`${cursor.submittedAt}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor in `text`, or undefined when it is none this service wrote (changed, cut, made up). */
export function decodeCursor(text: string): SubmissionCursor | undefined {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const [submittedAt, id, ...rest] = decoded.split('|');
  if (rest.length > 0 || !submittedAt || !id || !CURSOR_TIME.test(submittedAt) || !isUuid(id)) return undefined;
  // a real time (2026-02-31 is none: PostgreSQL would refuse it), written as Date writes it to the millisecond
  const ms = Date.parse(submittedAt);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 23) !== submittedAt.slice(0, 23)) return undefined;
  // base64url decoding ignores stray characters: only the cursor's own spelling is one
  if (encodeCursor({ submittedAt, id }) !== text) return undefined;
  return { submittedAt, id };
}
