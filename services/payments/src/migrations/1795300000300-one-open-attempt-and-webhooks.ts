import type { MigrationInterface, QueryRunner } from 'typeorm';

const OPEN = `('processing', 'requires_action', 'unknown', 'pending', 'on_hold')`;

/**
 * One open attempt per order (a second tab or a retry racing the first cannot start a second
 * charge: the partial unique index refuses it), and the webhook events already applied (each
 * provider event id once).
 */
export class OneOpenAttemptAndWebhooks1795300000300 implements MigrationInterface {
  name = 'OneOpenAttemptAndWebhooks1795300000300';

  async up(q: QueryRunner): Promise<void> {
    // Attempts left open by the code before this one (several per order could exist): all but each
    // order's newest are set aside for a person to look at, so the index can be built.
    await q.query(`
      UPDATE payment_attempt SET status = 'needs_review'
       WHERE status IN ${OPEN}
         AND id NOT IN (SELECT DISTINCT ON (order_id) id FROM payment_attempt WHERE status IN ${OPEN} ORDER BY order_id, created_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX payment_attempt_one_open_per_order ON payment_attempt (order_id) WHERE status IN ${OPEN}`);
    // reconciliation walks the open attempts, oldest change first
    await q.query(`CREATE INDEX payment_attempt_open_idx ON payment_attempt (updated_at) WHERE status IN ${OPEN}`);
    await q.query(`
      CREATE TABLE payment_webhook_event (
        gateway varchar(32) NOT NULL,
        event_id varchar(255) NOT NULL,
        payment_id varchar(128),
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (gateway, event_id)
      )`);
    // the sandbox provider finds a payment by our attempt's reference (its idempotency key) and keeps refunds
    await q.query(`ALTER TABLE sandbox_intent ADD COLUMN reference varchar(64), ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE UNIQUE INDEX sandbox_intent_reference ON sandbox_intent (kind, reference) WHERE reference IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX sandbox_intent_reference');
    await q.query('ALTER TABLE sandbox_intent DROP COLUMN reference, DROP COLUMN refunded_amount');
    await q.query('DROP TABLE payment_webhook_event');
    await q.query('DROP INDEX payment_attempt_open_idx');
    await q.query('DROP INDEX payment_attempt_one_open_per_order');
  }
}
