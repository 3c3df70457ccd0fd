import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Migration 3400's prefix indexes: each one's expression and the columns it is computed from. */
const PREFIX_INDEXES = [
  { name: 'orders_email_prefix', key: 'lower(email)', columns: 'email' },
  { name: 'orders_name_prefix', key: `lower(first_name || ' ' || last_name)`, columns: 'first_name, last_name' },
  { name: 'orders_last_name_prefix', key: 'lower(last_name)', columns: 'last_name' },
];

/**
 * The back office's search by the start of a name or an e-mail, answered from the indexes alone
 * (`searchOrders`'s prefix path): each prefix index also holds the order's date and number, to sort
 * and page on and to find the row by, and the columns its expression is computed from. PostgreSQL
 * takes an index-only scan only when every column the query names is in the index, and it does not
 * see that `lower(email)` is already there as the key: without `email` itself it reads every
 * matching row from the table (tried: a bitmap heap scan of all 6,945 rows of `harris1`).
 */
export class CoveringOrderSearchIndexes1764000003700 implements MigrationInterface {
  name = 'CoveringOrderSearchIndexes1764000003700';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of PREFIX_INDEXES) {
      await queryRunner.query(`DROP INDEX ${index.name}`);
      await queryRunner.query(`CREATE INDEX ${index.name} ON orders (${index.key} text_pattern_ops) INCLUDE (${index.columns}, created_at, order_increment_id)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [...PREFIX_INDEXES].reverse()) {
      await queryRunner.query(`DROP INDEX ${index.name}`);
      await queryRunner.query(`CREATE INDEX ${index.name} ON orders (${index.key} text_pattern_ops)`);
    }
  }
}
