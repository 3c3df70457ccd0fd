import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = `'order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation',
                        'form-confirmation', 'form-staff-notification', 'quote-payment-link'`;

/**
 * Customer accounts (src/accounts/). Secrets are stored only as SHA-256 (session and CSRF
 * tokens, reset tokens) or argon2id (passwords). E-mail addresses are stored lowercased, so one
 * address is one account however it is typed. Sign-in failures live here too, so every replica
 * counts the same ones. The outbox gains the password-reset kind.
 */
export class CustomerAccounts1764000001200 implements MigrationInterface {
  name = 'CustomerAccounts1764000001200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE customer (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(254) NOT NULL CONSTRAINT customer_email_lowercase CHECK (email = lower(email)),
        first_name varchar(100) NOT NULL DEFAULT '',
        last_name varchar(100) NOT NULL DEFAULT '',
        phone varchar(40) NOT NULL DEFAULT '',
        company_name varchar(100),
        account_type varchar(32),
        newsletter boolean NOT NULL DEFAULT false,
        password_hash text NOT NULL CONSTRAINT customer_password_argon2id CHECK (password_hash LIKE '$argon2id$%'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX customer_email_unique ON customer (email)`);

    await q.query(`
      CREATE TABLE customer_address (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
        first_name varchar(100) NOT NULL DEFAULT '',
        last_name varchar(100) NOT NULL DEFAULT '',
        company varchar(100) NOT NULL DEFAULT '',
        street1 varchar(200) NOT NULL DEFAULT '',
        street2 varchar(200) NOT NULL DEFAULT '',
        city varchar(100) NOT NULL DEFAULT '',
        state varchar(64) NOT NULL DEFAULT '',
        zip_code varchar(20) NOT NULL DEFAULT '',
        country_id varchar(2) NOT NULL DEFAULT 'US',
        phone_number varchar(40) NOT NULL DEFAULT '',
        is_default_shipping boolean NOT NULL DEFAULT false,
        is_default_billing boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX customer_address_customer_idx ON customer_address (customer_id, created_at DESC)`);
    // at most one default of each kind per customer: the guard behind "setting a default clears the others"
    await q.query(`CREATE UNIQUE INDEX customer_address_one_default_shipping ON customer_address (customer_id) WHERE is_default_shipping`);
    await q.query(`CREATE UNIQUE INDEX customer_address_one_default_billing ON customer_address (customer_id) WHERE is_default_billing`);

    await q.query(`
      CREATE TABLE customer_session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        csrf_hash char(64) NOT NULL,
        customer_id uuid NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX customer_session_customer_idx ON customer_session (customer_id)`);
    await q.query(`CREATE INDEX customer_session_expires_idx ON customer_session (expires_at)`);

    await q.query(`
      CREATE TABLE password_reset (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash char(64) NOT NULL UNIQUE,
        customer_id uuid NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX password_reset_customer_idx ON password_reset (customer_id) WHERE used_at IS NULL`);

    // key: 'account:<lowercased e-mail>' or 'address:<client address>'
    await q.query(`
      CREATE TABLE sign_in_failure (
        key varchar(300) PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
        last_failure_at timestamptz,
        locked_until timestamptz
      )`);

    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN (${KINDS_BEFORE},
                        'password-reset'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check`);
    await q.query(`
      ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
        CHECK (kind IN (${KINDS_BEFORE}))`);
    await q.query(`DROP TABLE sign_in_failure`);
    await q.query(`DROP TABLE password_reset`);
    await q.query(`DROP TABLE customer_session`);
    await q.query(`DROP TABLE customer_address`);
    await q.query(`DROP TABLE customer`);
  }
}
