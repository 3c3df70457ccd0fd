import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's staff: named people with a role, their argon2id password, their authenticator
 * (TOTP) key and one-time recovery codes, one-time setup links and sessions of their own (never the
 * customers'). API keys get a role too (existing keys keep what they could do: manager). The audit
 * names the staff member and keeps the values before and after, and becomes append-only: the
 * database itself refuses to change a row, or to delete one before its retention (365 days) ends.
 */
export class StaffBackOffice1764000003300 implements MigrationInterface {
  name = 'StaffBackOffice1764000003300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE staff_member (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email varchar(254) NOT NULL,
      name varchar(100) NOT NULL,
      role varchar(16) NOT NULL CHECK (role IN ('sales', 'manager')),
      password_hash text,
      totp_secret text,
      totp_last_step bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      activated_at timestamptz,
      disabled_at timestamptz,
      last_sign_in_at timestamptz
    )`);
    await queryRunner.query(`CREATE UNIQUE INDEX staff_member_email ON staff_member (lower(email))`);
    await queryRunner.query(`CREATE TABLE staff_setup_link (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      staff_id uuid NOT NULL REFERENCES staff_member (id) ON DELETE CASCADE,
      token_hash char(64) NOT NULL UNIQUE,
      pending_totp_secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await queryRunner.query(`CREATE INDEX staff_setup_link_staff ON staff_setup_link (staff_id)`);
    await queryRunner.query(`CREATE TABLE staff_recovery_code (
      id bigserial PRIMARY KEY,
      staff_id uuid NOT NULL REFERENCES staff_member (id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      UNIQUE (staff_id, code_hash)
    )`);
    await queryRunner.query(`CREATE TABLE staff_session (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash char(64) NOT NULL UNIQUE,
      csrf_hash char(64) NOT NULL,
      staff_id uuid NOT NULL REFERENCES staff_member (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      client varchar(200) NOT NULL DEFAULT ''
    )`);
    await queryRunner.query(`CREATE INDEX staff_session_staff ON staff_session (staff_id)`);
    await queryRunner.query(`ALTER TABLE admin_api_key ADD COLUMN role varchar(16) NOT NULL DEFAULT 'manager' CHECK (role IN ('sales', 'manager'))`);
    await queryRunner.query(`ALTER TABLE admin_audit
      ADD COLUMN staff_id uuid,
      ADD COLUMN before jsonb,
      ADD COLUMN after jsonb`);
    await queryRunner.query(`CREATE INDEX admin_audit_actor ON admin_audit (actor, at)`);
    await queryRunner.query(`CREATE INDEX admin_audit_action ON admin_audit (action, at)`);
    await queryRunner.query(`CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND OLD.at < now() - interval '365 days' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'admin_audit is append-only: % refused (only rows older than 365 days may be deleted)', TG_OP
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()`);
    // a statement trigger has no OLD row: TRUNCATE gets a function of its own
    await queryRunner.query(`CREATE FUNCTION admin_audit_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_no_truncate()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER admin_audit_no_truncate ON admin_audit`);
    await queryRunner.query(`DROP TRIGGER admin_audit_append_only ON admin_audit`);
    await queryRunner.query(`DROP FUNCTION admin_audit_no_truncate()`);
    await queryRunner.query(`DROP FUNCTION admin_audit_append_only()`);
    await queryRunner.query(`DROP INDEX admin_audit_action`);
    await queryRunner.query(`DROP INDEX admin_audit_actor`);
    await queryRunner.query(`ALTER TABLE admin_audit DROP COLUMN after, DROP COLUMN before, DROP COLUMN staff_id`);
    await queryRunner.query(`ALTER TABLE admin_api_key DROP COLUMN role`);
    await queryRunner.query(`DROP TABLE staff_session`);
    await queryRunner.query(`DROP TABLE staff_recovery_code`);
    await queryRunner.query(`DROP TABLE staff_setup_link`);
    await queryRunner.query(`DROP TABLE staff_member`);
  }
}
