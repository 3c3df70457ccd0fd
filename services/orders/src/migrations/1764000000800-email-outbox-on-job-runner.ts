import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's own lease and backoff give way to service-kit's job runner (pg-boss, schema
 * orders_jobs): each row gets the id of the job that delivers it; the lease columns go, and
 * 'sending' with them (a row some old worker held is queued again). Rows still queued from before
 * have no job yet: the e-mail module gives them one when it starts (EmailOutbox.adoptUnqueued).
 * The local mailbox keeps each message's Message-ID.
 */
export class EmailOutboxOnJobRunner1764000000800 implements MigrationInterface {
  name = 'EmailOutboxOnJobRunner1764000000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox ADD COLUMN job_id uuid`);
    await q.query(`UPDATE email_outbox SET status = 'queued' WHERE status = 'sending'`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check CHECK (status IN ('queued', 'sent', 'failed'))`);
    await q.query(`DROP INDEX email_outbox_due_idx`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN next_attempt_at, DROP COLUMN locked_until`);
    // what adoptUnqueued scans: rows from before the runner, normally none
    await q.query(`CREATE INDEX email_outbox_without_job_idx ON email_outbox (created_at) WHERE job_id IS NULL AND status = 'queued'`);
    await q.query(`ALTER TABLE mailbox_message ADD COLUMN message_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mailbox_message DROP COLUMN message_id`);
    await q.query(`DROP INDEX email_outbox_without_job_idx`);
    await q.query(`
      ALTER TABLE email_outbox
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN locked_until timestamptz`);
    await q.query(`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status IN ('queued', 'sending')`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed'))`);
    await q.query(`ALTER TABLE email_outbox DROP COLUMN job_id`);
  }
}
