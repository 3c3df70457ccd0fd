import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * View tokens: the proof a link in an order e-mail carries, so the customer can open their order
 * (GET /api/order/view/:id?token=) without the order token the checkout kept in its tab. Only the
 * SHA-256 is stored, like the order token's; a view token reads the order and changes nothing.
 */
export class OrderViewTokens1764000000900 implements MigrationInterface {
  name = 'OrderViewTokens1764000000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_view_token (
        token_hash char(64) PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX order_view_token_order_idx ON order_view_token (order_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE order_view_token');
  }
}
