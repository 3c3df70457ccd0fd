import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The refunds staff ask for, written before the payments service is asked: the row's id is the
 * refund's reference (the gateway's idempotency key), and `request_key` (a hash of the staff
 * request's Idempotency-Key and who sent it) finds it again when the same request comes back, so a
 * retry continues the same refund instead of starting another.
 */
export class OrderRefunds1764000003500 implements MigrationInterface {
  name = 'OrderRefunds1764000003500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE order_refund (
      id uuid PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES orders (id),
      attempt_id uuid NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status varchar(16) NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
      provider_refund_id varchar(128),
      message text,
      reason text,
      requested_by varchar(200) NOT NULL,
      request_key char(64) UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`CREATE INDEX order_refund_order ON order_refund (order_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE order_refund`);
  }
}
