import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LogLevel } from '@nestjs/common';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

/** Test-only (excluded from the build): the orders app over a small catalog and the site's real shipping/tax files. */
const repoContent = path.resolve(__dirname, '..', '..', '..', '..', 'content');

/**
 * The site's own Shaker Snow White style (a valid content file: the content store checks every file it
 * reads) with the items a test names: by default a free sample door, a priced sample (the checkout
 * orders samples only: a test of prices, shipping and tax orders it) and a priced cabinet (quotes, lookups).
 */
export function sswStyle(items = [
  { sku: 'SSW-SMPL-SNW', name: 'Shaker Snow White Sample Door - Snow White', price: 0, weight: 3.2, isSample: true, finish: { type: 'paint', value: 'snow-white' } },
  { sku: 'SSW-SMPL-KIT', name: 'Shaker Snow White Finish Kit', price: 278.99, weight: 48, isSample: true },
  { sku: 'SSW-B24', name: 'Shaker Snow White Base Cabinet 24"', price: 278.99, weight: 48 },
]) {
  const styles = JSON.parse(readFileSync(path.join(repoContent, 'catalogs', 'product-styles.json'), 'utf8')) as { name: string }[];
  return { ...styles.find((style) => style.name === 'ssw'), items };
}

/** A one-style catalog: a free sample door, a priced sample and a priced cabinet. */
export const catalog = [sswStyle()];

export const paymentMethods = [
  { name: 'credit-card', title: 'Credit Card', description: 'Pay by card.', enabled: true, isDefault: true, gateway: 'sandbox', sortOrder: 1 },
  { name: 'online-payment', title: 'PayPal', description: 'Pay with PayPal.', enabled: false, isDefault: false, gateway: 'paypal', sortOrder: 2 },
  // as content has it: offered for quotes and balances, never for a sample order
  { name: 'split-payment', title: 'Split Payment', description: 'Pay in instalments.', enabled: true, isDefault: false, gateway: 'sandbox', sortOrder: 3, scopes: ['convert-to-order', 'complete-order-payment'] },
];

export const billing = {
  type: 'billing',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  street1: '350 5th Ave',
  city: 'New York',
  state: 'NY',
  zipCode: '10118',
  countryId: 'US',
  phoneNumber: '(212) 555-0100',
};

export const order = {
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  items: [{ sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } }],
  addresses: [billing, { ...billing, type: 'shipping' }],
  paymentMethod: 'credit-card',
};

export interface OrdersTestApp extends TestApp {
  db: DataSource;
  orderCount(): Promise<number>;
}

/**
 * The orders app as main.ts runs it (`front`: the cart summary and the admin orders list answered in
 * front of express and Nest); `front: false` leaves every request to express and Nest (what the
 * front handlers must match).
 * `logLevels`: what the service logger writes (default errors only).
 */
export async function startOrdersTestApp({ front = true, logLevels }: { front?: boolean; logLevels?: LogLevel[] } = {}): Promise<OrdersTestApp> {
  const contentDir = await mkdtemp(path.join(os.tmpdir(), 'orders-content-'));
  await mkdir(path.join(contentDir, 'catalogs'));
  await mkdir(path.join(contentDir, 'settings'));
  await writeFile(path.join(contentDir, 'catalogs', 'product-styles.json'), JSON.stringify(catalog));
  await writeFile(path.join(contentDir, 'settings', 'payment-methods.json'), JSON.stringify(paymentMethods));
  for (const file of ['shipping.json', 'tax.json']) {
    await copyFile(path.join(repoContent, 'settings', file), path.join(contentDir, 'settings', file));
  }
  // the /register form: POST /api/my-account/register takes its submission (customer accounts)
  await mkdir(path.join(contentDir, 'forms'));
  await copyFile(path.join(repoContent, 'forms', 'registration.json'), path.join(contentDir, 'forms', 'registration.json'));
  process.env.CONTENT_DIR = contentDir;
  // the concurrency tests send more writes than a shopper's per-minute limit
  // (read when AppModule is decorated, hence the import after it)
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  const { AppModule, ORDERS_BODY_LIMIT } = await import('../app.module.js');
  const { ordersFrontOf } = await import('../front.js');
  const testApp = await createTestApp(AppModule, {
    name: 'orders',
    bodyLimit: ORDERS_BODY_LIMIT,
    ...(front ? { frontFromApp: ordersFrontOf } : {}),
    ...(logLevels ? { logLevels } : {}),
  });
  const db = testApp.app.get(DataSource);
  return {
    ...testApp,
    db,
    orderCount: async () => (await db.query('SELECT count(*)::int AS n FROM orders.orders'))[0].n,
    close: async () => {
      await testApp.close();
      await rm(contentDir, { recursive: true, force: true });
    },
  };
}
