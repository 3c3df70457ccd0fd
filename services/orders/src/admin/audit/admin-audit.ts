import os from 'node:os';
import { Logger } from '@nestjs/common';
import { deletedRows, type HousekeepingTask, type IdempotentWrite } from '@storefront/service-kit';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * How long audit rows are kept: a year. Long enough to answer "who changed this order or issued this
 * link" for any dispute or chargeback window (card networks allow up to 120 days, some 540 from the
 * transaction; a year covers nearly all) and what PCI DSS 10.5.1 asks of audit logs (12 months);
 * short enough that staff names and key names do not pile up for good.
 */
export const AUDIT_RETENTION_DAYS = 365;

export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

/** One back-office write: who (a staff member, an API key, or `cli:<os user>`), what, on what, how it ended, and what it changed. */
export interface AuditEntry {
  /** the API key's id; null for a staff member and the command line */
  keyId: string | null;
  /** the staff member's id; null for a key and the command line */
  staffId?: string | null;
  /** the staff member's e-mail, the API key's name, or `cli:<os user>` */
  actor: string;
  /** e.g. `quote.create`, `order.split-payment`, `api-key.revoke` */
  action: string;
  /** the quote, order, e-mail or key written (as given, or as created) */
  target: string | null;
  outcome: AuditOutcome;
  /** a refusal's or failure's message */
  detail?: string | null;
  /** the values the write changed, as they were (JSON; null for a create) */
  before?: unknown;
  /** the same values as the write left them (JSON; null for a delete) */
  after?: unknown;
}

export interface AuditRecord extends Omit<AuditEntry, 'detail' | 'staffId' | 'before' | 'after'> {
  id: string;
  at: string;
  staffId: string | null;
  detail: string | null;
  before: unknown;
  after: unknown;
}

/** What a write tells its audit row of the values it changed (set inside the write, before it returns). */
export interface AuditChanges {
  before?: unknown;
  after?: unknown;
}

/** The audit's columns of a caller of the admin API: its key or its staff member, and the name the log keeps. */
export function auditorOf(caller: { kind: 'staff' | 'api-key'; id: string; name: string }): Pick<AuditEntry, 'keyId' | 'staffId' | 'actor'> {
  return { keyId: caller.kind === 'api-key' ? caller.id : null, staffId: caller.kind === 'staff' ? caller.id : null, actor: caller.name };
}

type Queryable = DataSource | EntityManager;

/** The audit's log context: the back office's command line sends these lines on as the service writes them. */
export const AUDIT_LOG_CONTEXT = 'admin-audit';

const logger = new Logger(AUDIT_LOG_CONTEXT);

/** The command line's actor: the operating-system user who ran it. */
export function commandLineActor(): string {
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    user = process.env.USER ?? process.env.USERNAME;
  }
  return `cli:${user || 'unknown'}`;
}

/** The structured log line of one write (event `admin.audit`): the API's and the command line's alike. */
export function logAudit(entry: AuditEntry): void {
  const fields = { event: 'admin.audit', keyId: entry.keyId, staffId: entry.staffId ?? null, actor: entry.actor, action: entry.action, target: entry.target, outcome: entry.outcome };
  const line = `${entry.action} ${entry.target ?? '-'} by ${entry.actor}: ${entry.outcome}${entry.detail ? ` (${entry.detail})` : ''}`;
  if (entry.outcome === 'failed') logger.warn(line, fields);
  else logger.log(line, fields);
}

/** A value for a jsonb column: JSON text, or null (undefined and null alike). */
function jsonOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** admin_audit.actor and .target are varchar(200). */
export const AUDIT_TEXT_LENGTH = 200;

/**
 * Inserts one admin_audit row through `db` (a write's own transaction, so the write and its row commit
 * or roll back together). The actor and target are cut to their columns' length: an operating-system
 * user or key name longer than that would otherwise lose the whole row, and with it the write; the
 * first 200 characters still name who it was, and the log line (logAudit) keeps the name whole.
 */
export async function insertAuditRow(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(`INSERT INTO admin_audit (key_id, staff_id, actor, action, target, outcome, detail, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [
    entry.keyId,
    entry.staffId ?? null,
    entry.actor.slice(0, AUDIT_TEXT_LENGTH),
    entry.action,
    entry.target?.slice(0, AUDIT_TEXT_LENGTH) ?? null,
    entry.outcome,
    entry.detail ?? null,
    jsonOrNull(entry.before),
    jsonOrNull(entry.after),
  ]);
}

/**
 * Records a write that changed nothing (refused, or failed and rolled back): its log line and a row of
 * its own. A row that cannot be stored is logged as an error and never hides the write's own answer.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  logAudit(entry);
  try {
    await insertAuditRow(db, entry);
  } catch (error) {
    logger.error(`The audit row of ${entry.action} ${entry.target ?? '-'} by ${entry.actor} was not stored: ${(error as Error).message}`, {
      event: 'admin.audit-not-stored',
      keyId: entry.keyId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
      outcome: entry.outcome,
    });
  }
}

/** Which audit rows to read: newest first, `limit` of them, before the row `beforeId` (the previous page's last). */
export interface AuditQuery {
  limit?: number;
  beforeId?: string;
  actor?: string;
  action?: string;
  target?: string;
  outcome?: AuditOutcome;
  since?: Date;
  until?: Date;
}

interface AuditRow {
  id: string;
  at: Date;
  key_id: string | null;
  staff_id: string | null;
  actor: string;
  action: string;
  target: string | null;
  outcome: AuditOutcome;
  detail: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The audit rows that match, newest first (by id: rows are only ever appended, so id order is time
 * order), a page at a time: `actor` and `target` match from their start in any case, `action` from
 * its start (`order.` is every order action).
 */
export async function listAudit(db: Queryable, query: AuditQuery = {}): Promise<AuditRecord[]> {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (clause: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(clause(`$${values.length}`));
  };
  if (query.beforeId !== undefined) add((p) => `id < ${p}::bigint`, query.beforeId);
  if (query.actor) add((p) => `lower(actor) LIKE ${p}`, `${escapeLike(query.actor.toLowerCase())}%`);
  if (query.action) add((p) => `action LIKE ${p}`, `${escapeLike(query.action)}%`);
  if (query.target) add((p) => `lower(target) LIKE ${p}`, `${escapeLike(query.target.toLowerCase())}%`);
  if (query.outcome) add((p) => `outcome = ${p}`, query.outcome);
  if (query.since) add((p) => `at >= ${p}`, query.since);
  if (query.until) add((p) => `at < ${p}`, query.until);
  values.push(query.limit ?? 100);
  const rows = (await db.query(
    `SELECT id, at, key_id, staff_id, actor, action, target, outcome, detail, before, after FROM admin_audit
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${values.length}`,
    values,
  )) as AuditRow[];
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    keyId: row.key_id,
    staffId: row.staff_id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    outcome: row.outcome,
    detail: row.detail,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

/** `text` as a LIKE pattern that matches only itself (its %, _ and \\ escaped). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The readable form of `audit list`. */
export function auditTable(records: readonly AuditRecord[]): string {
  if (records.length === 0) return 'No back-office writes recorded.';
  const rows = [
    ['WHEN (UTC)', 'ACTOR', 'ACTION', 'TARGET', 'OUTCOME'],
    ...records.map((record) => [record.at.slice(0, 19).replace('T', ' '), record.actor, record.action, record.target ?? '-', record.detail ? `${record.outcome}: ${record.detail}` : record.outcome]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n');
}

/** Deletes the audit rows older than AUDIT_RETENTION_DAYS (a housekeeping task). */
export function auditRetentionTask(db: DataSource): HousekeepingTask {
  return {
    name: 'admin-audit',
    run: async () => deletedRows(await db.query(`DELETE FROM admin_audit WHERE at < now() - $1::integer * interval '1 day'`, [AUDIT_RETENTION_DAYS])),
  };
}

/** An answer to store: `fields` moved out of the body into one secret (JSON), which IdempotentWrite seals. */
function withoutSecretFields<T>(answer: T, fields: readonly string[]): { body: unknown; secret?: string } {
  if (fields.length === 0 || answer === null || typeof answer !== 'object') return { body: answer };
  const body: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  const secret: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in body)) continue;
    secret[field] = body[field];
    delete body[field];
  }
  return { body, secret: JSON.stringify(secret) };
}

/** A stored answer made whole again: its sealed fields (opened by IdempotentWrite) put back. */
function withSecretFields<T>(body: T, secret: string | undefined): T {
  return secret === undefined ? body : ({ ...(body as Record<string, unknown>), ...(JSON.parse(secret) as Record<string, unknown>) } as T);
}

/**
 * Runs `write` in a transaction and inserts its audit row (with the values before and after that
 * `write` sets on its `changes`) (succeeded, with the target `write` names:
 * a created quote's number) in that same transaction: a change is never stored without its row, and
 * when the row cannot be stored the change rolls back. A write that throws (refused: an HTTP 4xx or a
 * refusal the caller marks; else failed) is rolled back and recorded on its own; the error is thrown on.
 */
export async function audited<T>(
  db: DataSource,
  who: Pick<AuditEntry, 'keyId' | 'staffId' | 'actor'>,
  action: string,
  target: string | null,
  write: (manager: EntityManager, changes: AuditChanges) => Promise<T>,
  {
    targetOf,
    isRefusal,
    idempotency,
    secretFields = [],
    onReplay,
  }: {
    targetOf?: (result: T) => string;
    isRefusal: (error: unknown) => boolean;
    /**
     * The request's Idempotency-Key, claimed in the write's transaction: a repeat (a double click, a
     * retry) answers what the first did, and writes (and audits) nothing again.
     */
    idempotency?: IdempotentWrite;
    /**
     * The answer's fields that carry a secret (a payment link's token, and the link that holds it):
     * the idempotency record keeps them only sealed with the Idempotency-Key (IdempotentWrite's
     * secret), so the table alone never shows them, while a repeat with the key gets them back.
     */
    secretFields?: readonly (keyof T & string)[];
    /** told when the answer is a repeat's (the route flags it: Idempotent-Replayed) */
    onReplay?: () => void;
  },
): Promise<T> {
  let done: AuditEntry | undefined;
  let replayed = false;
  try {
    const result = await db.transaction(async (manager) => {
      const earlier = await idempotency?.claim<T>(manager);
      if (earlier) {
        replayed = true;
        return withSecretFields(earlier.body, earlier.secret);
      }
      const changes: AuditChanges = {};
      const written = await write(manager, changes);
      done = { ...who, action, target: targetOf ? targetOf(written) : target, outcome: 'succeeded', before: changes.before, after: changes.after };
      await insertAuditRow(manager, done);
      await idempotency?.complete(manager, { status: 200, ...withoutSecretFields(written, secretFields) });
      return written;
    });
    if (replayed) onReplay?.();
    else logAudit(done!);
    return result;
  } catch (error) {
    await recordAudit(db, { ...who, action, target: done?.target ?? target, outcome: isRefusal(error) ? 'refused' : 'failed', detail: (error as Error).message });
    throw error;
  }
}
