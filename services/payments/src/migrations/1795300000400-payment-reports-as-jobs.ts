import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment reports are delivered by jobs on the service's job runner (pg-boss retries them with
 * backoff and keeps the dead letters), so the interval worker's own retry bookkeeping goes. Results
 * still unreported keep `reported_at` null: the service queues a job for each when it starts.
 */
export class PaymentReportsAsJobs1795300000400 implements MigrationInterface {
  name = 'PaymentReportsAsJobs1795300000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS payment_attempt_unreported_idx');
    await q.query('ALTER TABLE payment_attempt DROP COLUMN report_tries, DROP COLUMN next_report_at');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_attempt ADD COLUMN report_tries integer NOT NULL DEFAULT 0, ADD COLUMN next_report_at timestamptz');
    await q.query('CREATE INDEX payment_attempt_unreported_idx ON payment_attempt (next_report_at) WHERE report IS NOT NULL AND reported_at IS NULL');
  }
}
