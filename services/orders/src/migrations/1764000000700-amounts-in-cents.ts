import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every money column, table by table, as it was (numeric(12,2) dollars). */
const MONEY_COLUMNS: Record<string, string[]> = {
  orders: ['subtotal', 'shipping_amount', 'shipping_tax_amount', 'tax_amount', 'discount_amount', 'total', 'minimum_split_amount'],
  order_items: ['price', 'original_price', 'price_incl_tax', 'row_total', 'tax_amount', 'row_total_incl_tax'],
  order_payments: ['amount', 'amount_paid'],
  payment_reports: ['amount'],
};

/**
 * Amounts become integer cents (bigint), their columns named for it (`total_cents`): a sum of cents
 * is exact, and the name says the unit to anyone reading the table. numeric(12,2) holds whole cents
 * already, so `* 100` loses nothing; the down migration gives the same dollars back.
 */
export class AmountsInCents1764000000700 implements MigrationInterface {
  name = 'AmountsInCents1764000000700';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
      for (const column of columns) {
        await q.query(`ALTER TABLE ${table} RENAME COLUMN ${column} TO ${column}_cents`);
        await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column}_cents TYPE bigint USING round(${column}_cents * 100)::bigint`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
      for (const column of columns) {
        await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column}_cents TYPE numeric(12,2) USING (${column}_cents / 100.0)`);
        await q.query(`ALTER TABLE ${table} RENAME COLUMN ${column}_cents TO ${column}`);
      }
    }
  }
}
