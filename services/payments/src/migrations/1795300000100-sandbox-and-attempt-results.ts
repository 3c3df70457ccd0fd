import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox gateway's tables, and what a payment attempt needs to answer replays of its
 * Idempotency-Key and to keep reporting its result to the orders service until it is accepted.
 */
export class SandboxAndAttemptResults1795300000100 implements MigrationInterface {
  name = 'SandboxAndAttemptResults1795300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sandbox_payment_method (
        id varchar(64) PRIMARY KEY,
        brand varchar(16) NOT NULL,
        last4 varchar(4) NOT NULL,
        exp_month smallint NOT NULL,
        exp_year smallint NOT NULL,
        outcome varchar(32) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sandbox_intent (
        id varchar(64) PRIMARY KEY,
        kind varchar(8) NOT NULL,
        client_secret varchar(128) NOT NULL,
        amount integer NOT NULL CHECK (amount >= 0),
        currency varchar(3) NOT NULL,
        status varchar(32) NOT NULL,
        payment_method_id varchar(64),
        challenge boolean NOT NULL DEFAULT false,
        return_url varchar(512),
        metadata jsonb NOT NULL DEFAULT '{}',
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      ALTER TABLE payment_attempt
        ADD COLUMN payment_method_id varchar(128),
        ADD COLUMN message text,
        ADD COLUMN response jsonb,
        ADD COLUMN report jsonb,
        ADD COLUMN reported_at timestamptz,
        ADD COLUMN report_tries integer NOT NULL DEFAULT 0,
        ADD COLUMN next_report_at timestamptz`);
    await queryRunner.query('CREATE INDEX payment_attempt_transaction_id_idx ON payment_attempt (transaction_id)');
    // The background reporter only ever looks at results the orders service has not accepted yet.
    await queryRunner.query(
      'CREATE INDEX payment_attempt_unreported_idx ON payment_attempt (next_report_at) WHERE report IS NOT NULL AND reported_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_attempt_unreported_idx');
    await queryRunner.query('DROP INDEX payment_attempt_transaction_id_idx');
    await queryRunner.query(`
      ALTER TABLE payment_attempt
        DROP COLUMN payment_method_id, DROP COLUMN message, DROP COLUMN response, DROP COLUMN report,
        DROP COLUMN reported_at, DROP COLUMN report_tries, DROP COLUMN next_report_at`);
    await queryRunner.query('DROP TABLE sandbox_intent');
    await queryRunner.query('DROP TABLE sandbox_payment_method');
  }
}
