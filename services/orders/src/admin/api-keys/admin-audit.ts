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

const logger = new Logger('admin-audit');

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

/**
 * Records one write: a structured log line (event `admin.audit`) and a row in admin_audit. A row that
 * cannot be written is logged as an error, never hides the write's own answer.
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  const fields = { event: 'admin.audit', keyId: entry.keyId, actor: entry.actor, action: entry.action, target: entry.target, outcome: entry.outcome };
  const line = `${entry.action} ${entry.target ?? '-'} by ${entry.actor}: ${entry.outcome}${entry.detail ? ` (${entry.detail})` : ''}`;
  if (entry.outcome === 'failed') logger.warn(line, fields);
  else logger.log(line, fields);
  try {
    await db.query(`INSERT INTO admin_audit (key_id, actor, action, target, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6)`, [
      entry.keyId,
      entry.actor.slice(0, 200),
      entry.action,
      entry.target?.slice(0, 200) ?? null,
      entry.outcome,
      entry.detail ?? null,
    ]);
  } catch (error) {
    logger.error(`The audit row of ${line} was not stored: ${(error as Error).message}`, { ...fields, event: 'admin.audit-not-stored' });
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
 * Runs `write` and records it: succeeded with the target `write` names (a created quote's number),
 * else refused (an HTTP 4xx or a refusal the caller marks) or failed; the error is thrown on.
 */
export async function audited<T>(
  db: Queryable,
  who: Pick<AuditEntry, 'keyId' | 'actor'>,
  action: string,
  target: string | null,
  write: () => Promise<T>,
  { targetOf, isRefusal }: { targetOf?: (result: T) => string; isRefusal: (error: unknown) => boolean },
): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await recordAudit(db, { ...who, action, target, outcome: isRefusal(error) ? 'refused' : 'failed', detail: (error as Error).message });
    throw error;
  }
  await recordAudit(db, { ...who, action, target: targetOf ? targetOf(result) : target, outcome: 'succeeded' });
  return result;
}
