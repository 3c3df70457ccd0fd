import { createSchemaDatabase, schemaDataSource } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import { EMAIL_MIGRATIONS } from '../email/index.js';
import { CreateOrders1764000000100 } from './1764000000100-create-orders.js';
import { RecordPaymentReports1764000000200 } from './1764000000200-record-payment-reports.js';
import { OrderTokenAndIdempotency1764000000300 } from './1764000000300-order-token-and-idempotency.js';
import { AmountsInCents1764000000700 } from './1764000000700-amounts-in-cents.js';

/** The dollars an existing order was stored with come back as the same amounts in cents, and back again. */
const schema = `orders_cents_${process.pid}_${Date.now().toString(36)}`;
const BEFORE = [CreateOrders1764000000100, RecordPaymentReports1764000000200, OrderTokenAndIdempotency1764000000300, ...EMAIL_MIGRATIONS];

const dataSource = (migrations: (typeof BEFORE)[number][]) => schemaDataSource(schema, { migrations });

let db: DataSource;

beforeAll(async () => {
  const setup = await createSchemaDatabase(schema, { migrations: BEFORE });
  const [order] = await setup.query(
    `INSERT INTO orders (state, status, payment_status, email, first_name, last_name, customer_is_guest, currency, subtotal, shipping_amount,
       shipping_tax_amount, shipping_method, shipping_label, tax_amount, discount_amount, total, weight, total_item_count, minimum_split_amount)
     VALUES ('new', 'pending', 'pending', 'ann@example.com', 'Ann', 'Lee', true, 'USD', 1234567.89, 9.95, 0.88, 'standard-ground', 'Standard Ground',
       0.89, 0, 1234578.72, 3.2, 1, 0.01) RETURNING id`,
  );
  await setup.query(
    `INSERT INTO order_items (order_id, position, sku, name, style_name, price, original_price, price_incl_tax, qty, weight, row_weight, row_total,
       tax_percent, tax_amount, row_total_incl_tax, custom_options)
     VALUES ($1, 0, 'SSW-B24', 'Base 24', 'ssw', 278.99, 278.99, 303.75, 1, 48, 48, 278.99, 8.875, 24.76, 303.75, '[]')`,
    [order.id],
  );
  await setup.query(`INSERT INTO order_payments (order_id, status, amount, amount_paid, method, method_label) VALUES ($1, 'completed', 21.71, 21.71, 'credit-card', 'Card')`, [
    order.id,
  ]);
  await setup.destroy();
  db = dataSource([...BEFORE, AmountsInCents1764000000700]);
  await db.initialize();
  await db.runMigrations();
});

afterAll(async () => {
  await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.destroy();
});

it('turns every stored dollar amount into the same amount in whole cents, and the way back gives the dollars again', async () => {
  const read = () =>
    db.query(
      `SELECT o.subtotal_cents, o.shipping_amount_cents, o.shipping_tax_amount_cents, o.tax_amount_cents, o.discount_amount_cents, o.total_cents,
              o.minimum_split_amount_cents, i.price_cents, i.price_incl_tax_cents, i.row_total_cents, i.tax_amount_cents AS item_tax_cents,
              p.amount_cents, p.amount_paid_cents
         FROM orders o JOIN order_items i ON i.order_id = o.id JOIN order_payments p ON p.order_id = o.id`,
    );
  expect(await read()).toEqual([
    {
      subtotal_cents: '123456789',
      shipping_amount_cents: '995',
      shipping_tax_amount_cents: '88',
      tax_amount_cents: '89',
      discount_amount_cents: '0',
      total_cents: '123457872',
      minimum_split_amount_cents: '1',
      price_cents: '27899',
      price_incl_tax_cents: '30375',
      row_total_cents: '27899',
      item_tax_cents: '2476',
      amount_cents: '2171',
      amount_paid_cents: '2171',
    },
  ]);

  await db.undoLastMigration();
  const [dollars] = await db.query(`SELECT subtotal, total, minimum_split_amount FROM orders`);
  expect(dollars).toEqual({ subtotal: '1234567.89', total: '1234578.72', minimum_split_amount: '0.01' });
  await db.runMigrations();
  expect((await read())[0].total_cents).toBe('123457872');
});
