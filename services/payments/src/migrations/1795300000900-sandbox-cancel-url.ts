import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sandbox PayPal order keeps the cancel URL it was created with, as PayPal does: the payments
 * service chooses it from the kind of payment (a sample order's checkout, or the payment return page
 * of a quote or split payment). Null for orders made before: their Cancel goes to the checkout.
 */
export class SandboxCancelUrl1795300000900 implements MigrationInterface {
  name = 'SandboxCancelUrl1795300000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_intent ADD COLUMN cancel_url varchar(512)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_intent DROP COLUMN cancel_url`);
  }
}
