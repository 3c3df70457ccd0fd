import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation',
                      'form-confirmation', 'form-staff-notification', 'quote-payment-link', 'password-reset', 'account-exists'`;

/**
 * What a customer sees of their sessions, and verified e-mail addresses. A session records a coarse
 * description of the browser it was started in (`client`, "Chrome on Windows": never the full
 * User-Agent nor the address). An account's e-mail is verified by a one-use link whose token is
 * stored only as its SHA-256 (email_verification). Two more e-mail kinds: the verification link and
 * "your password was changed".
 */
export class AccountSessionsAndVerification1764000003200 implements MigrationInterface {
  name = 'AccountSessionsAndVerification1764000003200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE customer_session ADD COLUMN client varchar(100) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE customer ADD COLUMN email_verified_at timestamptz`);
    await q.query(`
      CREATE TABLE email_verification (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX email_verification_customer_idx ON email_verification (customer_id, created_at)`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${KINDS_BEFORE}, 'email-verification', 'password-changed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM email_outbox WHERE kind IN ('email-verification', 'password-changed')`);
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (${KINDS_BEFORE}))`);
    await q.query(`DROP TABLE email_verification`);
    await q.query(`ALTER TABLE customer DROP COLUMN email_verified_at`);
    await q.query(`ALTER TABLE customer_session DROP COLUMN client`);
  }
}
