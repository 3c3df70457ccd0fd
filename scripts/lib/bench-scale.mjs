// Data at 10× for `npm run bench` (section "scale"): the catalog listing, site search and the back
// office's orders list measured on the bench's usual datasets, then on ten times as much, in the same
// run. Today's data is what the other sections use: the catalog's scratch styles (--catalog-styles,
// 5,000), the search index the content service builds from content/, 100,000 orders and 10,000 quotes.
// Ten times: a second scratch catalog loaded by a second content service (behind a second gateway:
// the stack's own content service keeps its catalog), every search document copied nine more times
// under new keys (the same words: a query matches ten times as many rows and ranks them all), and
// 900,000 more orders and 90,000 more quotes. Only the bench's own fresh database is ever touched.
import pg from 'pg';

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
