import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The refunds ledger (refunds/): one row per refund, named by the caller's reference (unique: the
 * same reference is the same refund, and the provider's idempotency key), written pending before the
 * provider is called. And the sandbox provider's own refunds, keyed by that reference as a provider's
 * idempotency key is, deleted with their sandbox intent.
 */
export class PaymentRefunds1795300001000 implements MigrationInterface {
  name = 'PaymentRefunds1795300001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_refund (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reference uuid NOT NULL,
        attempt_id uuid NOT NULL REFERENCES payment_attempt (id),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
        provider_refund_id varchar(128),
        message text,
        requested_by text NOT NULL CHECK (char_length(requested_by) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payment_refund_reference_key UNIQUE (reference)
      )`);
    // what is left to refund of an attempt sums its refunds
    await q.query('CREATE INDEX payment_refund_attempt_idx ON payment_refund (attempt_id)');
    await q.query(`
      CREATE TABLE sandbox_refund (
        id varchar(64) PRIMARY KEY,
        reference varchar(64) NOT NULL,
        intent_id varchar(64) NOT NULL REFERENCES sandbox_intent (id) ON DELETE CASCADE,
        amount integer NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sandbox_refund_reference_key UNIQUE (reference)
      )`);
    await q.query('CREATE INDEX sandbox_refund_intent_idx ON sandbox_refund (intent_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sandbox_refund');
    await q.query('DROP TABLE payment_refund');
  }
}
