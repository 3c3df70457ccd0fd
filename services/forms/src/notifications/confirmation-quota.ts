import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { integer, readEnvConfig, type HousekeepingTask } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

/** How many confirmations one address gets in an hour at most (FORM_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR). */
export const DEFAULT_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR = 3;

export function readConfirmationsPerRecipientPerHour(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ perHour: integer('FORM_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR', DEFAULT_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR, 0, 20) }, env).perHour;
}

/** Counted confirmations are kept a day (the quota looks back one hour). */
const KEEP_HOURS = 24;

/** The address as counted: trimmed, lower case, hashed (the table holds no addresses). */
function recipientHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * The per-recipient quota of form confirmations: the recipient is whatever address a visitor typed,
 * so without it the site mails one stranger as often as forms can be submitted (the per-address rate
 * limit counts the sender, not the recipient). Counted in PostgreSQL, so every replica shares it;
 * decisions for one address are serialised with a transaction-scoped advisory lock.
 */
@Injectable()
export class ConfirmationQuota {
  readonly perHour: number = readConfirmationsPerRecipientPerHour();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Whether this submission's confirmation may go to `address`, counting it when it may. A retried
   * job of a submission already counted is allowed again (the outbox's dedupe key sends it once).
   */
  async allow(address: string, submissionId: string): Promise<boolean> {
    const hash = recipientHash(address);
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`form-confirmation:${hash}`]);
      const [counted] = (await manager.query(
        `SELECT count(*) FILTER (WHERE submission_id = $2)::int AS this_one,
                count(*) FILTER (WHERE sent_at > now() - interval '1 hour')::int AS last_hour
           FROM confirmation_email_sent WHERE recipient_hash = $1`,
        [hash, submissionId],
      )) as { this_one: number; last_hour: number }[];
      if (counted!.this_one > 0) return true;
      if (counted!.last_hour >= this.perHour) return false;
      await manager.query(`INSERT INTO confirmation_email_sent (recipient_hash, submission_id) VALUES ($1, $2)`, [hash, submissionId]);
      return true;
    });
  }

  /** Housekeeping: counts older than a day go. */
  task(): HousekeepingTask {
    return {
      name: 'confirmation-quota',
      run: async () => {
        const [, removed] = (await this.dataSource.query(`DELETE FROM confirmation_email_sent WHERE sent_at < now() - $1::integer * interval '1 hour'`, [KEEP_HOURS])) as [unknown, number];
        return removed ?? 0;
      },
    };
  }
}
