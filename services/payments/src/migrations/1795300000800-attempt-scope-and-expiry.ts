import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An attempt keeps the scope its order was paid in (sample-order, convert-to-order,
 * complete-order-payment), so the calls that follow it (verify, capture, PayPal's capture) are
 * checked against the payment method that was offered there, even after a first instalment changed
 * the order's scope. Null for attempts made before: any scope of an enabled method then counts.
 * The indexes serve housekeeping, which deletes webhook events and sandbox intents once they expire.
 */
export class AttemptScopeAndExpiry1795300000800 implements MigrationInterface {
  name = 'AttemptScopeAndExpiry1795300000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempt ADD COLUMN scope varchar(32)`);
    await q.query(`CREATE INDEX payment_webhook_event_received_idx ON payment_webhook_event (received_at)`);
    await q.query(`CREATE INDEX sandbox_intent_updated_idx ON sandbox_intent (updated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sandbox_intent_updated_idx`);
    await q.query(`DROP INDEX payment_webhook_event_received_idx`);
    await q.query(`ALTER TABLE payment_attempt DROP COLUMN scope`);
  }
}
