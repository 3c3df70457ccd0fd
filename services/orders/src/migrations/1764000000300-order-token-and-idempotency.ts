import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order token (only its SHA-256, hex; orders placed before this have none and cannot be
 * changed from a browser) and the answers of idempotent writes. idempotency_records is keyed by the
 * SHA-256 of the Idempotency-Key, so a copy of the table alone does not let anyone replay an answer.
 */
export class OrderTokenAndIdempotency1764000000300 implements MigrationInterface {
  name = 'OrderTokenAndIdempotency1764000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN order_token_hash char(64)`);
    await q.query(`
      CREATE TABLE idempotency_records (
        key_hash char(64) PRIMARY KEY,
        scope varchar(32) NOT NULL,
        request_hash char(64) NOT NULL,
        response_status integer NOT NULL,
        response_body jsonb NOT NULL,
        sealed_secret text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idempotency_records_created_at_idx ON idempotency_records (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_records`);
    await q.query(`ALTER TABLE orders DROP COLUMN order_token_hash`);
  }
}
