import os from 'node:os';
import { Logger } from '@nestjs/common';
import { deletedRows, type HousekeepingTask } from '@storefront/service-kit';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * How long audit rows are kept: a year. Long enough to answer "who changed this order or issued this
 * link" for any dispute or chargeback window (card networks allow up to 120 days, some 540 from the
 * transaction; a year covers nearly all) and what PCI DSS 10.5.1 asks of audit logs (12 months);
 * short enough that staff names and key names do not pile up for good.
 */
export const AUDIT_RETENTION_DAYS = 365;

export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

/** One back-office write: who (an API key, or `cli:<os user>`), what, on what, and how it ended. */
export interface AuditEntry {
  /** the API key's id; null for the command line */
  keyId: string | null;
  /** the API key's name, or `cli:<os user>` */
  actor: string;
  /** e.g. `quote.create`, `order.split-payment`, `api-key.revoke` */
  action: string;
  /** the quote, order, e-mail or key written (as given, or as created) */
  target: string | null;
  outcome: AuditOutcome;
  /** a refusal's or failure's message */
  detail?: string | null;
}

export interface AuditRecord extends Omit<AuditEntry, 'detail'> {
  id: string;
  at: string;
  detail: string | null;
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
  const fields = { event: 'admin.audit', keyId: entry.keyId, actor: entry.actor, action: entry.action, target: entry.target, outcome: entry.outcome };
  const line = `${entry.action} ${entry.target ?? '-'} by ${entry.actor}: ${entry.outcome}${entry.detail ? ` (${entry.detail})` : ''}`;
  if (entry.outcome === 'failed') logger.warn(line, fields);
  else logger.log(line, fields);
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
  await db.query(`INSERT INTO admin_audit (key_id, actor, action, target, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6)`, [
    entry.keyId,
    entry.actor.slice(0, AUDIT_TEXT_LENGTH),
    entry.action,
    entry.target?.slice(0, AUDIT_TEXT_LENGTH) ?? null,
    entry.outcome,
    entry.detail ?? null,
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

/** The newest `limit` audit rows, newest first. */
export async function listAudit(db: Queryable, { limit = 100 }: { limit?: number } = {}): Promise<AuditRecord[]> {
  const rows = (await db.query(`SELECT * FROM admin_audit ORDER BY at DESC, id DESC LIMIT $1`, [limit])) as {
    id: string;
    at: Date;
    key_id: string | null;
    actor: string;
    action: string;
    target: string | null;
    outcome: AuditOutcome;
    detail: string | null;
  }[];
  return rows.map((row) => ({ id: String(row.id), at: row.at.toISOString(), keyId: row.key_id, actor: row.actor, action: row.action, target: row.target, outcome: row.outcome, detail: row.detail }));
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

/**
 * Runs `write` in a transaction and inserts its audit row (succeeded, with the target `write` names:
 * a created quote's number) in that same transaction: a change is never stored without its row, and
 * when the row cannot be stored the change rolls back. A write that throws (refused: an HTTP 4xx or a
 * refusal the caller marks; else failed) is rolled back and recorded on its own; the error is thrown on.
 */
export async function audited<T>(
  db: DataSource,
  who: Pick<AuditEntry, 'keyId' | 'actor'>,
  action: string,
  target: string | null,
  write: (manager: EntityManager) => Promise<T>,
  { targetOf, isRefusal }: { targetOf?: (result: T) => string; isRefusal: (error: unknown) => boolean },
): Promise<T> {
  let done: AuditEntry | undefined;
  try {
    const result = await db.transaction(async (manager) => {
      const written = await write(manager);
      done = { ...who, action, target: targetOf ? targetOf(written) : target, outcome: 'succeeded' };
      await insertAuditRow(manager, done);
      return written;
    });
    logAudit(done!);
    return result;
  } catch (error) {
    await recordAudit(db, { ...who, action, target: done?.target ?? target, outcome: isRefusal(error) ? 'refused' : 'failed', detail: (error as Error).message });
    throw error;
  }
}
