import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox takes cards as hosted fields tokens made in the shopper's browser, which name the
 * outcome, brand and last four digits: the intent keeps those itself (a token is up to 128
 * characters), and `sandbox_payment_method`, where the server-side tokeniser kept them, goes.
 * Intents confirmed with one of its payment methods keep what it knew of the card.
 */
export class SandboxHostedFields1795300000500 implements MigrationInterface {
  name = 'SandboxHostedFields1795300000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sandbox_intent
        ALTER COLUMN payment_method_id TYPE varchar(128),
        ADD COLUMN card_brand varchar(16),
        ADD COLUMN card_last4 varchar(4),
        ADD COLUMN card_outcome varchar(32)`);
    await q.query(`
      UPDATE sandbox_intent i
         SET card_brand = m.brand, card_last4 = m.last4, card_outcome = m.outcome
        FROM sandbox_payment_method m
       WHERE m.id = i.payment_method_id`);
    await q.query('DROP TABLE sandbox_payment_method');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sandbox_payment_method (
        id varchar(64) PRIMARY KEY,
        brand varchar(16) NOT NULL,
        last4 varchar(4) NOT NULL,
        exp_month smallint NOT NULL,
        exp_year smallint NOT NULL,
        outcome varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The expiry was never part of a token: intents confirmed with one show no card after a rollback.
    await q.query('UPDATE sandbox_intent SET payment_method_id = NULL WHERE length(payment_method_id) > 64');
    await q.query(`
      ALTER TABLE sandbox_intent
        DROP COLUMN card_outcome,
        DROP COLUMN card_last4,
        DROP COLUMN card_brand,
        ALTER COLUMN payment_method_id TYPE varchar(64)`);
  }
}
