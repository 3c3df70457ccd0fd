import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mail outbox schedules its own retries (days, full jitter, capped) and parks what
 * still fails as a dead letter the back office lists and re-sends: each row keeps its Message-ID
 * (sent with every attempt), the failed attempts and first failure of its current retry budget, when
 * its next attempt is due and when it was parked. Rows already parked keep `failed_at` NULL (the
 * moment is not known); their Message-ID is set at their next attempt.
 */
export class EmailRetriesAndDeadLetters1764000002100 implements MigrationInterface {
  name = 'EmailRetriesAndDeadLetters1764000002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE email_outbox
        ADD COLUMN message_id varchar(255),
        ADD COLUMN retry_count integer NOT NULL DEFAULT 0,
        ADD COLUMN retrying_since timestamptz,
        ADD COLUMN next_attempt_at timestamptz,
        ADD COLUMN failed_at timestamptz`);
    // what `email dead-letters` reads: normally a handful among every e-mail ever sent
    await q.query(`CREATE INDEX email_outbox_dead_letters_idx ON email_outbox (failed_at, created_at) WHERE status = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX email_outbox_dead_letters_idx`);
    await q.query(`
      ALTER TABLE email_outbox
        DROP COLUMN failed_at,
        DROP COLUMN next_attempt_at,
        DROP COLUMN retrying_since,
        DROP COLUMN retry_count,
        DROP COLUMN message_id`);
  }
}
