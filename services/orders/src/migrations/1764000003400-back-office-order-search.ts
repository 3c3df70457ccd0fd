import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's order list at scale: newest first (alone and per status or payment state), and a
 * search from the start of an order number, an e-mail or a name (text_pattern_ops, so LIKE 'ann%'
 * uses the index under any collation). Staff notes in the history name their author.
 */
export class BackOfficeOrderSearch1764000003400 implements MigrationInterface {
  name = 'BackOfficeOrderSearch1764000003400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX orders_newest ON orders (created_at DESC, order_increment_id DESC)`);
    await queryRunner.query(`CREATE INDEX orders_status_newest ON orders (status, created_at DESC, order_increment_id DESC)`);
    await queryRunner.query(`CREATE INDEX orders_payment_status_newest ON orders (payment_status, created_at DESC, order_increment_id DESC)`);
    await queryRunner.query(`CREATE INDEX orders_number_prefix ON orders (order_increment_id text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX orders_email_prefix ON orders (lower(email) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX orders_name_prefix ON orders (lower(first_name || ' ' || last_name) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX orders_last_name_prefix ON orders (lower(last_name) text_pattern_ops)`);
    await queryRunner.query(`ALTER TABLE order_status_history ADD COLUMN author varchar(200)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE order_status_history DROP COLUMN author`);
    for (const index of ['orders_last_name_prefix', 'orders_name_prefix', 'orders_email_prefix', 'orders_number_prefix', 'orders_payment_status_newest', 'orders_status_newest', 'orders_newest']) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
  }
}
