import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and their parts (search_path is the service's "orders" schema). Order numbers come from a
 * sequence so two checkouts at the same moment never share one; they start at SF-100001.
 */
export class CreateOrders1764000000100 implements MigrationInterface {
  name = 'CreateOrders1764000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE order_increment_seq START WITH 100001`);
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_increment_id varchar(32) NOT NULL UNIQUE DEFAULT ('SF-' || nextval('order_increment_seq')),
        state varchar(32) NOT NULL,
        status varchar(32) NOT NULL,
        payment_status varchar(32) NOT NULL,
        email varchar(254) NOT NULL,
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        customer_is_guest boolean NOT NULL,
        customer_id varchar(64),
        po_number varchar(64),
        currency char(3) NOT NULL,
        subtotal numeric(12,2) NOT NULL,
        shipping_amount numeric(12,2) NOT NULL,
        shipping_tax_amount numeric(12,2) NOT NULL DEFAULT 0,
        shipping_method varchar(64) NOT NULL,
        shipping_label varchar(128) NOT NULL,
        tax_amount numeric(12,2) NOT NULL,
        discount_amount numeric(12,2) NOT NULL DEFAULT 0,
        total numeric(12,2) NOT NULL,
        weight numeric(10,2) NOT NULL,
        total_item_count integer NOT NULL,
        additional_notes text,
        email_sent boolean NOT NULL DEFAULT false,
        split_payment_enabled boolean NOT NULL DEFAULT false,
        minimum_split_amount numeric(12,2),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX orders_email_idx ON orders (lower(email))`);
    await q.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        position integer NOT NULL,
        sku varchar(64) NOT NULL,
        name varchar(255) NOT NULL,
        style_name varchar(64) NOT NULL,
        price numeric(12,2) NOT NULL,
        original_price numeric(12,2) NOT NULL,
        price_incl_tax numeric(12,2) NOT NULL,
        qty integer NOT NULL CHECK (qty > 0),
        weight numeric(10,2) NOT NULL,
        row_weight numeric(10,2) NOT NULL,
        row_total numeric(12,2) NOT NULL,
        tax_percent numeric(6,3) NOT NULL,
        tax_amount numeric(12,2) NOT NULL,
        row_total_incl_tax numeric(12,2) NOT NULL,
        custom_options jsonb NOT NULL DEFAULT '[]'::jsonb
      )`);
    await q.query(`CREATE INDEX order_items_order_id_idx ON order_items (order_id)`);
    await q.query(`
      CREATE TABLE order_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
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
        phone_number varchar(32) NOT NULL
      )`);
    await q.query(`CREATE INDEX order_addresses_order_id_idx ON order_addresses (order_id)`);
    await q.query(`
      CREATE TABLE order_status_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        status varchar(32) NOT NULL,
        comment text NOT NULL,
        is_customer_notified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX order_status_history_order_id_idx ON order_status_history (order_id, created_at)`);
    await q.query(`
      CREATE TABLE order_payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        status varchar(32) NOT NULL,
        amount numeric(12,2) NOT NULL,
        amount_paid numeric(12,2) NOT NULL DEFAULT 0,
        transaction_id varchar(128),
        method varchar(64) NOT NULL,
        method_label varchar(128) NOT NULL,
        additional_data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_payments_order_id_idx ON order_payments (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE order_payments`);
    await q.query(`DROP TABLE order_status_history`);
    await q.query(`DROP TABLE order_addresses`);
    await q.query(`DROP TABLE order_items`);
    await q.query(`DROP TABLE orders`);
    await q.query(`DROP SEQUENCE order_increment_seq`);
  }
}
