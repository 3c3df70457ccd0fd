import { DEAD_LETTER_ERROR_MAX_LENGTH, isPlainObject, isUuid, type DeadLetterData, type DeadLetterSummary } from '@storefront/contracts';
import { JOB_TRACE_KEY } from '../trace-context.js';
import type { DeadLetter } from './dead-letters.js';

/**
 * A dead letter as the back office sees it over HTTP (GET /internal/jobs/dead-letters). `npm run jobs`
 * prints a job's whole data to whoever holds the database's credentials; over HTTP only an outline
 * leaves the service: a form e-mail's job carries the submitted answers, an e-mail job its recipient,
 * a password-reset request an address, and none of that is the back office's to list.
 */

/** A key that names an id: `id`, `submissionId`, `outbox_id`. Never one that names a credential (`tokenId`, `apiKeyId`). */
const ID_KEY = /^(id|[a-z][A-Za-z0-9]*Id|[a-z][a-z0-9_]*_id)$/;
const CREDENTIAL_KEY = /token|secret|password|key|hash|signature/i;
/** An id's value: a uuid, or a short token of letters, digits and `-_.:` (a pg-boss job id, an attempt id, SF-100013). */
const ID_VALUE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;

function idText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  return isUuid(value) || ID_VALUE.test(value) ? value : undefined;
}

/**
 * What a job carried, in outline: its top-level keys, sorted (PostgreSQL's jsonb keeps no order of
 * its own), the runner's trace left out, and the values of its ids.
 */
export function jobDataSummary(data: unknown): DeadLetterData {
  if (!isPlainObject(data)) return { keys: [], ids: {} };
  const keys = Object.keys(data)
    .filter((key) => key !== JOB_TRACE_KEY)
    .sort();
  const ids: Record<string, string> = {};
  for (const key of keys) {
    if (!ID_KEY.test(key) || CREDENTIAL_KEY.test(key)) continue;
    const text = idText(data[key]);
    if (text !== undefined) ids[key] = text;
  }
  return { keys, ids };
}

/** The last attempt's message, at most `max` characters (a longer one ends in an ellipsis). */
export function errorSummary(error: string | null, max: number = DEAD_LETTER_ERROR_MAX_LENGTH): string | null {
  if (error === null) return null;
  const chars = [...error];
  return chars.length <= max ? error : `${chars.slice(0, max - 1).join('')}…`;
}

export function deadLetterSummary(letter: DeadLetter): DeadLetterSummary {
  return {
    id: letter.id,
    queue: letter.queue,
    failedAt: letter.deadLetteredAt.toISOString(),
    attempts: letter.attempts,
    error: errorSummary(letter.error),
    data: jobDataSummary(letter.data),
  };
}
