// Data at 10× for `npm run bench` (section "scale"): the catalog listing, site search and the back
// office's orders list measured on the bench's usual datasets, then on ten times as much, in the same
// run. Today's data is what the other sections use: the catalog's scratch styles (--catalog-styles,
// 5,000), the search index the content service builds from content/, 100,000 orders and 10,000 quotes.
// Ten times: a second scratch catalog loaded by a second content service (behind a second gateway:
// the stack's own content service keeps its catalog), every search document copied nine more times
// under new keys (the same words: a query matches ten times as many rows and ranks them all), and
// 900,000 more orders and 90,000 more quotes. Only the bench's own fresh database is ever touched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backofficeOrderPaths, seedBackoffice } from './backoffice-fixture.mjs';
import { measureCatalogListing, measureSearch, SEARCH_CASE, variedCatalogPaths } from './bench-api.mjs';
import { startBuiltService } from './bench-service.mjs';
import { generateCatalog, seededRandom } from './catalog-fixture.mjs';

/**
 * Adds `factor − 1` copies of every search document (new key and URL, the rest as it is), then
 * ANALYZE: answers the documents before and after.
 */
export async function multiplySearchDocuments(databaseUrl, factor, { schema = 'content' } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${pg.escapeIdentifier(schema)}`);
    const [{ before }] = (await client.query('SELECT count(*)::int AS before FROM search_document')).rows;
    // every column but the generated tsvector, read from the catalog so a column added later is copied too
    const { rows } = await client.query(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = 'search_document' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [schema],
    );
    const columns = rows.map((row) => row.column_name);
    const copied = columns.map((column) =>
      column === 'key' ? `key || '~' || n` : column === 'url' ? `url || '#copy-' || n` : pg.escapeIdentifier(column),
    );
    await client.query(
      `INSERT INTO search_document (${columns.map((column) => pg.escapeIdentifier(column)).join(', ')})
       SELECT ${copied.join(', ')} FROM search_document, generate_series(1, $1::int) AS n`,
      [factor - 1],
    );
    await client.query('VACUUM ANALYZE search_document');
    const [{ after }] = (await client.query('SELECT count(*)::int AS after FROM search_document')).rows;
    return { before, after };
  } finally {
    await client.end();
  }
}

/**
 * Section "scale": each measured on the bench's data, then on `factor` times as much, through the stack
 * at `stackUrl` (its database `databaseUrl`, its services' URLs and database in `serviceEnv`); the
 * listing's own content service is `content` (packages/topology's entry, with the `port` to take).
 * The listing runs on a content service and gateway of its own per catalog size (the stack's keep
 * theirs); search and the orders list on the stack, before and after their data is multiplied.
 */
export async function measureAtScale(root, { stackUrl, databaseUrl, serviceEnv, content: contentService, gatewayPort, styles: baseStyles, factor, seconds, seeded }) {
  const loadBefore = os.loadavg()[0];
  const listing = async (styles) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
    const stylesFile = path.join(folder, 'product-styles.json');
    writeFileSync(stylesFile, JSON.stringify(generateCatalog(styles)));
    const services = [];
    try {
      const content = await startBuiltService(root, 'content', {
        port: contentService.port,
        portEnv: contentService.portEnv,
        env: { ...serviceEnv, CATALOG_SCHEMA: `bench_scale_catalog_${styles}`, CATALOG_STYLES_FILE: stylesFile },
        readyWithinMs: 300_000,
      });
      services.push(content);
      const gateway = await startBuiltService(root, 'gateway', {
        port: gatewayPort,
        env: { ...serviceEnv, [contentService.urlEnv]: content.url },
        readyPath: '/health/upstreams',
      });
      services.push(gateway);
      const paths = variedCatalogPaths(20_000, seededRandom(7));
      return { ...(await measureCatalogListing(gateway.url, { label: 'listing', paths, seconds })), data: `${styles.toLocaleString('en-US')} styles` };
    } finally {
      for (const service of services.reverse()) await service.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  };
  const search = () => measureSearch(stackUrl, { seconds });
  const ordersList = async (dataset, orders) => {
    const paths = backofficeOrderPaths(20_000, seededRandom(11), { orders });
    const headers = { Authorization: `Bearer ${dataset.key}` };
    return measureCatalogListing(stackUrl, { label: 'orders list', paths, seconds, headers, connections: 4 });
  };

  const listingOne = await listing(baseStyles);
  const listingTen = await listing(baseStyles * factor);
  const searchOne = await search();
  const documents = await multiplySearchDocuments(databaseUrl, factor);
  const searchTen = await search();
  const baseOrders = 100_000;
  const dataset = seeded ?? (await seedBackoffice(databaseUrl, { orders: baseOrders, quotes: baseOrders / 10 }));
  const ordersOne = await ordersList(dataset, baseOrders);
  await seedBackoffice(databaseUrl, { orders: baseOrders * (factor - 1), quotes: (baseOrders / 10) * (factor - 1), firstCustomer: baseOrders + 1 });
  const ordersTen = await ordersList(dataset, baseOrders * factor);
  const orderData = (orders) => `${orders.toLocaleString('en-US')} orders, ${(orders / 10).toLocaleString('en-US')} quotes`;
  const documentData = (count) => `${count.toLocaleString('en-US')} documents`;
  const rows = [
    { label: 'catalog listing: a different selection, sort and page each request', connections: 20, one: listingOne, ten: listingTen },
    { label: SEARCH_CASE.label, connections: 20, one: { ...searchOne, data: documentData(documents.before) }, ten: { ...searchTen, data: documentData(documents.after) } },
    { label: 'orders list, staff at once: filters, searches, each different', connections: 4, one: { ...ordersOne, data: orderData(baseOrders) }, ten: { ...ordersTen, data: orderData(baseOrders * factor) } },
  ];
  return { rows, loadBefore };
}
