import type { MigrationInterface, QueryRunner } from 'typeorm';

/** payment_attempt (search_path is the service's schema, see service-kit createDatabaseModule). */
export class CreatePaymentAttempt1795300000000 implements MigrationInterface {
  name = 'CreatePaymentAttempt1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payment_attempt (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id varchar(64) NOT NULL,
        method varchar(64) NOT NULL,
        gateway varchar(32) NOT NULL,
        amount numeric(12,2) NOT NULL CHECK (amount >= 0),
        status varchar(32) NOT NULL,
        idempotency_key varchar(128) NOT NULL UNIQUE,
        transaction_id varchar(128),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        raw jsonb
      )`);
    await queryRunner.query('CREATE INDEX payment_attempt_order_id_idx ON payment_attempt (order_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE payment_attempt');
  }
}
