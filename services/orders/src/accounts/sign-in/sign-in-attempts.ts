import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ACCOUNT_SIGN_IN_LIMITS, SIGN_IN_LIMITS, afterFailure, remainingLockMs, type FailureRecord } from './sign-in-limits.js';

/** The keys one sign-in is counted under. */
export interface AttemptKeys {
  /** the lowercased e-mail, whether an account has it or not */
  email: string;
  /** the client address (request.ip: the gateway's X-Forwarded-For, see TRUST_PROXY) */
  address: string | undefined;
}

/** Either the attempt may go on (and `lockMs` is the lock it causes if it fails), or a key is locked for `lockedMs`. */
export type AttemptStart = { allowed: true; lockMs: number } | { allowed: false; lockedMs: number };

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string | undefined) => `address:${address ?? 'unknown'}`;

interface FailureRow {
  key: string;
  failures: number;
  last_failure_at: Date | null;
  locked_until: Date | null;
  now: Date;
}

/**
 * Sign-in failures in PostgreSQL (table sign_in_failure), so every replica counts the same ones.
 * An attempt is counted as a failure BEFORE its password is checked, under a row lock, and undone
 * when it succeeds: a burst of parallel guesses meets the limit as a series of them would, and a
 * locked key is refused without a password check at all.
 */
@Injectable()
export class SignInAttempts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async begin(keys: AttemptKeys): Promise<AttemptStart> {
    const free = new Map([
      [accountKey(keys.email), SIGN_IN_LIMITS.freeFailuresPerAccount],
      [addressKey(keys.address), SIGN_IN_LIMITS.freeFailuresPerAddress],
    ]);
    const limitsOf = (key: string) => (key === accountKey(keys.email) ? ACCOUNT_SIGN_IN_LIMITS : SIGN_IN_LIMITS);
    const names = [...free.keys()].sort();
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO sign_in_failure (key) SELECT unnest($1::text[]) ON CONFLICT (key) DO NOTHING`, [names]);
      // locked in one order (by key), so two attempts sharing both keys never wait on each other crosswise
      const rows = (await manager.query(
        `SELECT key, failures, last_failure_at, locked_until, now() AS now FROM sign_in_failure WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
        [names],
      )) as FailureRow[];
      const now = new Date(rows[0]!.now);
      const records = rows.map((row) => ({ key: row.key, record: recordOf(row) }));
      const lockedMs = Math.max(0, ...records.map(({ record }) => remainingLockMs(record, now)));
      if (lockedMs > 0) return { allowed: false as const, lockedMs };
      let lockMs = 0;
      for (const { key, record } of records) {
        const next = afterFailure(record, now, free.get(key)!, limitsOf(key));
        lockMs = Math.max(lockMs, remainingLockMs(next, now));
        await manager.query(`UPDATE sign_in_failure SET failures = $2, last_failure_at = $3, locked_until = $4 WHERE key = $1`, [
          key,
          next.failures,
          next.lastFailureAt,
          next.lockedUntil,
        ]);
      }
      return { allowed: true as const, lockMs };
    });
  }

  /** The attempt was right: the account's count is cleared, and the address's takes back this attempt. */
  async succeeded(keys: AttemptKeys): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.clearAccount(manager, keys.email);
      await manager.query(`UPDATE sign_in_failure SET failures = GREATEST(failures - 1, 0) WHERE key = $1`, [addressKey(keys.address)]);
    });
  }

  /** Clears the account's failures (a successful sign-in, a password reset). */
  async clearAccount(manager: EntityManager, email: string): Promise<void> {
    await manager.query(`DELETE FROM sign_in_failure WHERE key = $1`, [accountKey(email)]);
  }

  /** The clean-up job's part: keys with nothing to remember any more (quiet for the window, no lock). */
  async deleteForgotten(): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM sign_in_failure
        WHERE GREATEST(COALESCE(last_failure_at, '-infinity'), COALESCE(locked_until, '-infinity')) <= now() - $1 * interval '1 millisecond'`,
      [SIGN_IN_LIMITS.windowMs],
    )) as [unknown, number];
    return count;
  }
}

function recordOf(row: FailureRow): FailureRecord {
  return {
    failures: row.failures,
    lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
    lockedUntil: row.locked_until ? new Date(row.locked_until) : null,
  };
}
