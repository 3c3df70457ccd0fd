// The back office's scratch dataset for `npm run bench` (section "backoffice"): 100,000 orders and
// 10,000 quotes written straight into the bench stack's orders schema with generate_series (seconds,
// not minutes), spread over two years, with the names, e-mails and statuses staff search by; and a
// manager API key to call /api/admin with. Only the bench's own fresh database is ever touched.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

export const BACKOFFICE_SURNAMES = ['Lee', 'Garcia', 'Nguyen', 'Smith', 'Johnson', 'Brown', 'Miller', 'Davis', 'Wilson', 'Moore', 'Taylor', 'Anderson', 'Thomas', 'Jackson', 'White', 'Harris'];

/**
 * Writes the dataset and a manager key; answers the key and the order numbers' range. `firstCustomer`
 * > 1 adds to an earlier dataset (the scale section's 10×): customers and quotes numbered from there on,
 * spread over the same two years.
 */
export async function seedBackoffice(databaseUrl, { orders = 100_000, quotes = 10_000, firstCustomer = 1 } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET search_path TO orders');
    await client.query('BEGIN');
    // every order: a customer n (e-mail customer<n>@example.com, a surname from the list plus n), a status and a day
    await client.query(
      `INSERT INTO orders (state, status, payment_status, email, first_name, last_name, customer_is_guest, currency,
                           subtotal_cents, shipping_amount_cents, shipping_method, shipping_label, tax_amount_cents, total_cents,
                           weight, total_item_count, created_at, updated_at)
       SELECT CASE WHEN s % 10 < 6 THEN 'processing' ELSE 'new' END,
              (ARRAY['ordered','ordered','ordered','ordered','ordered','ordered','pending','pending_payment','partially_paid','canceled'])[s % 10 + 1],
              (ARRAY['completed','completed','completed','completed','completed','completed','pending','failed','completed','pending'])[s % 10 + 1],
              'customer' || s || '@example.com', 'Pat', ($2::text[])[1 + s % array_length($2::text[], 1)] || s, true, 'USD',
              10000 + s % 90000, 1500, 'freight', 'Freight', 800, 12300 + s % 90000,
              10, 1 + s % 5, now() - (s * interval '10 minutes') / (($3 + $1 - 1) / 100000.0), now()
         FROM generate_series($3::int, $3 + $1 - 1) AS s`,
      [orders, BACKOFFICE_SURNAMES, firstCustomer],
    );
    await client.query(
      `INSERT INTO quote (status, email, first_name, last_name, shipping_method, shipping_label,
                          subtotal_cents, shipping_amount_cents, tax_amount_cents, discount_amount_cents, total_cents, created_at)
       SELECT 'ready_to_order', 'quote' || s || '@example.com', 'Quinn', 'Quote' || s,
              'freight', 'Freight', 100000 + s, 15000, 7000, 0, 122000 + s, now() - s * interval '1 hour'
         FROM generate_series($2::int, $2 + $1 - 1) AS s`,
      [quotes, Math.ceil(firstCustomer / 10)],
    );
    const key = `sfk_${randomBytes(32).toString('base64url')}`;
    await client.query(`INSERT INTO admin_api_key (name, key_hash, role) VALUES ($1, $2, 'manager')`, [
      `bench-${Date.now()}`,
      createHash('sha256').update(key, 'utf8').digest('hex'),
    ]);
    await client.query('COMMIT');
    // as a database that has held these orders a while: visibility map and hint bits set, statistics
    // read (else autovacuum and the first reads' hint-bit writes land inside the measured seconds)
    await client.query('VACUUM ANALYZE orders');
    await client.query('VACUUM ANALYZE quote');
    const [{ first, last }] = (await client.query(`SELECT min(order_increment_id) AS first, max(order_increment_id) AS last FROM orders`)).rows;
    return { key, firstNumber: first, lastNumber: last };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * What staff do with the list, each request different (no cache answers them): the first page with a
 * status and a day range, a search by the start of a name, of an e-mail, by an order number, and a
 * page deep in the list (keyset: it costs what the first does). `orders`: how many the dataset holds.
 */
export function backofficeOrderPaths(count, random, { orders = 100_000 } = {}) {
  const pick = (items) => items[Math.floor(random() * items.length)];
  const day = () => new Date(Date.now() - Math.floor(random() * 700) * 86_400_000).toISOString().slice(0, 10);
  const kinds = [
    () => '/api/admin/orders?limit=50',
    () => `/api/admin/orders?limit=50&status=${pick(['ordered', 'pending', 'partially_paid', 'canceled'])}&from=${day()}`,
    () => `/api/admin/orders?limit=50&q=${encodeURIComponent(pick(BACKOFFICE_SURNAMES).toLowerCase() + Math.floor(random() * 90 + 1))}`,
    () => `/api/admin/orders?limit=50&q=${encodeURIComponent(`customer${Math.floor(random() * orders * 0.99 + 1)}@`)}`,
    () => `/api/admin/orders?limit=50&q=${1000 + Math.floor(random() * (orders - 1000))}`,
    () => `/api/admin/orders?limit=50&paymentStatus=${pick(['pending', 'failed'])}`,
  ];
  return Array.from({ length: count }, (_, index) => kinds[index % kinds.length]());
}
