import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer accounts: My Orders and My Quotes list a customer's orders and quotes newest
 * first. Orders have carried a `customer_id` since the first migration (always NULL until sign-in
 * existed); a quote gets one when a signed-in customer pays it through its link. No foreign key to
 * `customer`: the order and quote rows are the business's record and outlive an account.
 */
export class CustomersOfOrdersAndQuotes1764000001900 implements MigrationInterface {
  name = 'CustomersOfOrdersAndQuotes1764000001900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE quote ADD COLUMN customer_id varchar(64)`);
    await q.query(`CREATE INDEX quote_customer_newest ON quote (customer_id, created_at DESC) WHERE customer_id IS NOT NULL`);
    await q.query(`CREATE INDEX orders_customer_newest ON orders (customer_id, created_at DESC) WHERE customer_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_customer_newest`);
    await q.query(`DROP INDEX quote_customer_newest`);
    await q.query(`ALTER TABLE quote DROP COLUMN customer_id`);
  }
}
