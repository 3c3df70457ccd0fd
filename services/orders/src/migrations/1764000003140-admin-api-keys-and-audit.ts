import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's API keys (only the SHA-256 of each key is kept; a name is unique among the keys
 * not revoked, so a revoked name can be reused) and the audit of every back-office write.
 */
export class AdminApiKeysAndAudit1764000003140 implements MigrationInterface {
  name = 'AdminApiKeysAndAudit1764000003140';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE admin_api_key (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name varchar(100) NOT NULL,
      key_hash char(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX admin_api_key_active_name ON admin_api_key (lower(name)) WHERE revoked_at IS NULL`);
    await queryRunner.query(`CREATE TABLE admin_audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      key_id uuid,
      actor varchar(200) NOT NULL,
      action varchar(64) NOT NULL,
      target varchar(200),
      outcome varchar(16) NOT NULL CHECK (outcome IN ('succeeded', 'refused', 'failed')),
      detail text
    )`);
    await queryRunner.query(`CREATE INDEX admin_audit_at ON admin_audit (at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE admin_audit`);
    await queryRunner.query(`DROP TABLE admin_api_key`);
  }
}
