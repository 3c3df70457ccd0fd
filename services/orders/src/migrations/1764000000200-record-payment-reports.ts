import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment outcomes reported by the payments service, one row per payment attempt. The primary key
 * makes a repeated report (a retry after a timeout, a webhook and a redirect for the same attempt)
 * a no-op instead of a second history entry or a second confirmation e-mail.
 */
export class RecordPaymentReports1764000000200 implements MigrationInterface {
  name = 'RecordPaymentReports1764000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_reports (
        attempt_id varchar(128) PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        payment_id uuid REFERENCES order_payments(id) ON DELETE SET NULL,
        status varchar(32) NOT NULL,
        amount numeric(12,2) NOT NULL,
        transaction_id varchar(128),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payment_reports_order_id_idx ON payment_reports (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_reports`);
  }
}
