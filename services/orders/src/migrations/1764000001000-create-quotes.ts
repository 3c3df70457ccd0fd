import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quotes: what staff prepare for a customer, paid through a link. Quote numbers come from
 * their own sequence (Q-100001, …), as order numbers do (SF-…), so two quotes made at the same moment
 * never share one. Amounts are integer cents (bigint `<field>_cents`, like the orders' since
 * 1764000000700). A payment link stores only the SHA-256 of its token (like order_view_token);
 * a revoked or expired link opens nothing.
 */
export class CreateQuotes1764000001000 implements MigrationInterface {
  name = 'CreateQuotes1764000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE quote_increment_seq START WITH 100001`);
    await q.query(`
      CREATE TABLE quote (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_increment_id varchar(32) NOT NULL UNIQUE DEFAULT ('Q-' || nextval('quote_increment_seq')),
        po_number varchar(64),
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(32),
        status varchar(32) NOT NULL DEFAULT 'ready_to_order' CONSTRAINT quote_status_check CHECK (status IN ('ready_to_order', 'ordered')),
        shipping_method varchar(64) NOT NULL,
        shipping_label varchar(128) NOT NULL,
        additional_notes text,
        subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
        shipping_amount_cents bigint NOT NULL DEFAULT 0 CHECK (shipping_amount_cents >= 0),
        tax_amount_cents bigint NOT NULL DEFAULT 0 CHECK (tax_amount_cents >= 0),
        discount_amount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_amount_cents >= 0),
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        split_payment_enabled boolean NOT NULL DEFAULT false,
        minimum_split_amount_cents bigint CHECK (minimum_split_amount_cents > 0),
        order_id uuid REFERENCES orders (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quote_ordered_has_order CHECK (status <> 'ordered' OR order_id IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX quote_email_idx ON quote (lower(email))`);
    await q.query(`CREATE UNIQUE INDEX quote_order_id_idx ON quote (order_id) WHERE order_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE quote_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_id uuid NOT NULL REFERENCES quote (id) ON DELETE CASCADE,
        position integer NOT NULL,
        name varchar(255) NOT NULL,
        sku varchar(64) NOT NULL,
        qty integer NOT NULL CHECK (qty > 0),
        price_cents bigint NOT NULL CHECK (price_cents >= 0),
        row_total_cents bigint NOT NULL CHECK (row_total_cents = price_cents * qty),
        notes text
      )`);
    await q.query(`CREATE INDEX quote_item_quote_id_idx ON quote_item (quote_id, position)`);
    await q.query(`
      CREATE TABLE quote_address (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_id uuid NOT NULL REFERENCES quote (id) ON DELETE CASCADE,
        type varchar(16) NOT NULL CHECK (type IN ('billing', 'shipping')),
        email varchar(254) NOT NULL,
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        street1 varchar(255) NOT NULL,
        street2 varchar(255),
        city varchar(100) NOT NULL,
        state varchar(64) NOT NULL,
        zip_code varchar(10) NOT NULL,
        country_id varchar(2) NOT NULL,
        phone_number varchar(32) NOT NULL,
        UNIQUE (quote_id, type)
      )`);
    await q.query(`
      CREATE TABLE quote_payment_link (
        token_hash char(64) PRIMARY KEY,
        quote_id uuid NOT NULL REFERENCES quote (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX quote_payment_link_quote_id_idx ON quote_payment_link (quote_id)`);
    // issuing a link revokes the older ones: at most one link of a quote is not revoked
    await q.query(`CREATE UNIQUE INDEX quote_payment_link_one_open_idx ON quote_payment_link (quote_id) WHERE revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quote_payment_link`);
    await q.query(`DROP TABLE quote_address`);
    await q.query(`DROP TABLE quote_item`);
    await q.query(`DROP TABLE quote`);
    await q.query(`DROP SEQUENCE quote_increment_seq`);
  }
}
