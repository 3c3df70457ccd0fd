import { Logger } from '@nestjs/common';
import { SecretBox } from '@storefront/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { TOTP_KEY_VARIABLE } from '../staff-config.js';

type Queryable = Pick<EntityManager, 'query'> | DataSource;

const logger = new Logger('StaffTotpSecrets');

/**
 * The sealing's context: a key opens only as the key of the staff member it was sealed for, so a
 * sealed value copied onto another staff member's row (by someone who can write the table) opens
 * nothing. A setup link's pending key is that staff member's, so it shares the context.
 */
const contextOf = (staffId: string) => `staff-totp:${staffId}`;

/** An authenticator key as stored: sealed with STAFF_TOTP_ENCRYPTION_KEY (v1:…). */
export function sealTotpSecret(box: SecretBox, staffId: string, secret: string): string {
  return box.seal(secret, contextOf(staffId));
}

/**
 * The authenticator key of a stored value. One stored before sealing began (base32, which never
 * holds a colon) is read as it is until sealPlainTotpSecrets seals it at the next start. Throws
 * SealedValueError when the value does not open (STAFF_TOTP_ENCRYPTION_KEY changed, or another row's value).
 */
export function openTotpSecret(box: SecretBox, staffId: string, stored: string): string {
  return SecretBox.isSealed(stored) ? box.open(stored, contextOf(staffId)) : stored;
}

/** What a start found: keys it sealed, and sealed keys that do not open with the current key. */
export interface TotpSealingReport {
  sealed: number;
  unreadable: number;
}

/**
 * Seals every authenticator key still stored in the clear (rows written before sealing began: staff
 * members' keys and setup links', used ones too, since a used link holds its staff member's key) and
 * counts sealed keys the current key does not open. Run at every start of the service.
 *
 * Why at start, and not in a migration or on first read: a migration cannot hold the key (the
 * migrate Job has no STAFF_TOTP_ENCRYPTION_KEY, and its `down` would need it too); sealing on first
 * read would leave the keys of staff who rarely sign in (a dormant manager's) readable in every
 * backup for good. Staff rows are few, so a start seals them all in milliseconds. Each row is
 * replaced only if it still holds the value read (compare and set), so replicas starting at once,
 * or a setup completed meanwhile, never lose a write. The cost: pods of the release before this one
 * cannot read a sealed key (staff sign-in with a code fails on them until the rollout ends; a
 * rollback below this release needs new setup links: docs/deployment.md).
 */
export async function sealPlainTotpSecrets(db: Queryable, box: SecretBox): Promise<TotpSealingReport> {
  const report: TotpSealingReport = { sealed: 0, unreadable: 0 };
  const tables = [
    { table: 'staff_member', column: 'totp_secret', staff: 'id' },
    { table: 'staff_setup_link', column: 'pending_totp_secret', staff: 'staff_id' },
  ] as const;
  for (const { table, column, staff } of tables) {
    const rows = (await db.query(`SELECT id, ${staff} AS staff_id, ${column} AS secret FROM ${table} WHERE ${column} IS NOT NULL`)) as {
      id: string;
      staff_id: string;
      secret: string;
    }[];
    for (const row of rows) {
      if (SecretBox.isSealed(row.secret)) {
        try {
          box.open(row.secret, contextOf(row.staff_id));
        } catch {
          report.unreadable += 1;
        }
        continue;
      }
      const [, changed] = (await db.query(`UPDATE ${table} SET ${column} = $2 WHERE id = $1 AND ${column} = $3`, [row.id, sealTotpSecret(box, row.staff_id, row.secret), row.secret])) as [
        unknown,
        number,
      ];
      report.sealed += changed;
    }
  }
  if (report.sealed > 0) logger.log(`Sealed ${report.sealed} authenticator keys stored in the clear`, { event: 'staff.totp-sealed', count: report.sealed });
  if (report.unreadable > 0) {
    logger.error(`${report.unreadable} authenticator keys do not open with ${TOTP_KEY_VARIABLE}: was it changed? Those staff need a new setup link`, {
      event: 'staff.totp-unreadable',
      count: report.unreadable,
    });
  }
  return report;
}
