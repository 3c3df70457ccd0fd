import type PgBoss from 'pg-boss';
import { isUuid } from '@storefront/contracts';
import { failureMessage } from './queue-settings.js';

/**
 * Dead letters: jobs whose last retry failed. pg-boss 10 copies such a job (its data and its last
 * error) into the queue's `deadLetter` queue, which no worker reads, so it waits there until someone
 * re-drives it (or its retention ends). The runner and `npm run jobs` share these queries; they read
 * pg-boss's own tables (`queue`, `job`) in the service's job schema.
 */

/** One dead letter, as `dead-letters list` shows it. */
export interface DeadLetter {
  /** the dead letter's own job id (what `retry --id` takes) */
  id: string;
  /** the queue it failed in, and goes back to on retry */
  queue: string;
  deadLetterQueue: string;
  data: unknown;
  /** the last attempt's error */
  error: string | null;
  deadLetteredAt: Date;
  /** how many times the job ran before it became a dead letter */
  attempts: number;
}

/** One re-driven dead letter: a new job in its queue, with a fresh set of retries. */
export interface RedrivenJob {
  deadLetterId: string;
  queue: string;
  /** null: the queue's policy already held a job with the same singleton key */
  jobId: string | null;
}

/** Runs `work` in one transaction and hands it pg-boss's executor over that transaction. */
export type InTransaction = <T>(work: (db: PgBoss.Db) => Promise<T>) => Promise<T>;

interface DeadLetterRow {
  id: string;
  queue: string;
  dead_letter_queue: string;
  data: unknown;
  output: unknown;
  created_on: Date;
  retry_limit: number;
}

function deadLettersSql(schema: string, where = ''): string {
  // one queue per dead-letter queue (the runner's convention); LIMIT 1 keeps a shared one listed once
  return `
    SELECT j.id, q.name AS queue, j.name AS dead_letter_queue, j.data, j.output, j.created_on, j.retry_limit
      FROM ${schema}.job j
      JOIN LATERAL (SELECT name FROM ${schema}.queue WHERE dead_letter = j.name ORDER BY name LIMIT 1) q ON true
     WHERE j.state = 'created' ${where}
     ORDER BY j.created_on, j.id`;
}

function toDeadLetter(row: DeadLetterRow): DeadLetter {
  return {
    id: row.id,
    queue: row.queue,
    deadLetterQueue: row.dead_letter_queue,
    data: row.data,
    error: failureMessage(row.output),
    deadLetteredAt: new Date(row.created_on),
    // pg-boss copies the failed job's retry_limit into its dead letter, and a job fails for good after
    // retry_limit retries (the runner lowers the limit to the retries made for an unretryable error)
    attempts: row.retry_limit + 1,
  };
}

/** Every dead letter of the schema, oldest first. */
export async function listDeadLetters(db: PgBoss.Db, schema: string): Promise<DeadLetter[]> {
  const { rows } = await db.executeSql(deadLettersSql(schema), []);
  return (rows as DeadLetterRow[]).map(toDeadLetter);
}

/** Whether pg-boss is installed in `schema` (a service without a runner has no such schema). */
export async function jobSchemaExists(db: PgBoss.Db, schema: string): Promise<boolean> {
  const { rows } = await db.executeSql(`SELECT to_regclass($1) IS NOT NULL AS present`, [`${schema}.job`]);
  return (rows[0] as { present: boolean } | undefined)?.present === true;
}

/**
 * Puts dead letters back in their queues: each in its own transaction, the dead letter is deleted
 * and its data sent to its queue as a new job (the queue's retries, expiry and dead-letter queue
 * apply again). A dead letter another caller re-drove at the same moment is skipped, never doubled.
 * `ids` undefined: every dead letter. Unknown ids are returned in `missing`.
 */
export async function retryDeadLetters(
  boss: PgBoss,
  inTransaction: InTransaction,
  schema: string,
  ids?: readonly string[],
): Promise<{ redriven: RedrivenJob[]; missing: string[] }> {
  const wanted = ids ? [...new Set(ids)] : (await inTransaction((db) => listDeadLetters(db, schema))).map((letter) => letter.id);
  const redriven: RedrivenJob[] = [];
  const missing: string[] = [];
  for (const id of wanted) {
    const result = await inTransaction(async (db) => {
      const { rows } = await db.executeSql(
        `WITH letter AS (${deadLettersSql(schema, 'AND j.id = $1::uuid')} FOR UPDATE OF j SKIP LOCKED)
         DELETE FROM ${schema}.job d USING letter
          WHERE d.name = letter.dead_letter_queue AND d.id = letter.id
         RETURNING letter.queue, letter.data`,
        [id],
      );
      const row = rows[0] as { queue: string; data: object | null } | undefined;
      if (!row) return null;
      const jobId = await boss.send(row.queue, row.data ?? {}, { db });
      return { deadLetterId: id, queue: row.queue, jobId };
    });
    if (result) redriven.push(result);
    else missing.push(id);
  }
  return { redriven, missing };
}

/** Whether `value` looks like a job id (pg-boss ids are UUIDs). */
export function isJobId(value: string): boolean {
  return isUuid(value);
}
