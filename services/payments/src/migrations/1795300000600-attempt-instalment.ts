import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An attempt may pay an instalment of a split-payment order: the part of the balance the
 * shopper chose, checked by the orders service. Kept with the attempt so every later look at the
 * order's payable amount (a PayPal or card amount brought up to date, a retry) asks for the same part.
 */
export class AttemptInstalment1795300000600 implements MigrationInterface {
  name = 'AttemptInstalment1795300000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempt ADD COLUMN instalment_cents bigint CHECK (instalment_cents > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempt DROP COLUMN instalment_cents`);
  }
}
