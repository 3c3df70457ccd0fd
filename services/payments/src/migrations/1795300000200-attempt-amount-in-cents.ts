import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The attempt's amount becomes integer cents (`amount_cents`, bigint), as every amount of the money path. */
export class AttemptAmountInCents1795300000200 implements MigrationInterface {
  name = 'AttemptAmountInCents1795300000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempt RENAME COLUMN amount TO amount_cents`);
    await q.query(`ALTER TABLE payment_attempt ALTER COLUMN amount_cents TYPE bigint USING round(amount_cents * 100)::bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempt ALTER COLUMN amount_cents TYPE numeric(12,2) USING (amount_cents / 100.0)`);
    await q.query(`ALTER TABLE payment_attempt RENAME COLUMN amount_cents TO amount`);
    // the type changes rewrote the check as ((amount)::numeric >= 0): back to the one the table was created with
    await q.query(`ALTER TABLE payment_attempt DROP CONSTRAINT payment_attempt_amount_check`);
    await q.query(`ALTER TABLE payment_attempt ADD CONSTRAINT payment_attempt_amount_check CHECK (amount >= 0)`);
  }
}
