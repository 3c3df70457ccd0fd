// node --test scripts/lib: the bench's own logic (no servers, no browser).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { combine, combineWrites, multiRowInsert, percentile, rawOrderStatements, SAMPLE_ORDER } from './bench-api.mjs';
import { median, stripScripts } from './bench-pages.mjs';
import { ms, ratio, table } from './bench-report.mjs';

describe('stripScripts', () => {
  it('removes every script element, with or without quotes, inline or not', () => {
    const html =
      '<head><script defer src=/main.1a2b.js></script><script type="module">import("/x.js")</script>' +
      '<link rel=stylesheet href=/a.css></head><body><div id=root><h1>Doors</h1></div>' +
      '<SCRIPT>\nwindow.__DATA__ = {"a":"</div>"}\n</SCRIPT ></body>';
    assert.equal(stripScripts(html), '<head><link rel=stylesheet href=/a.css></head><body><div id=root><h1>Doors</h1></div></body>');
  });

  it('removes script preloads and keeps other links', () => {
    const html =
      '<link rel="modulepreload" href="/m.js"><link rel=preload as=script href=/p.js>' +
      '<link rel="preload" as="image" href="/hero.svg"><link rel=stylesheet href=/a.css>';
    assert.equal(stripScripts(html), '<link rel="preload" as="image" href="/hero.svg"><link rel=stylesheet href=/a.css>');
  });
});

describe('percentile and median', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    assert.equal(percentile(values, 0.95), 95);
    assert.equal(percentile([7], 0.95), 7);
    assert.ok(Number.isNaN(percentile([], 0.95)));
  });

  it('takes the middle run, ignoring runs without the figure', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, undefined, 1, 3, 2]), 2);
    assert.equal(median([undefined]), undefined);
  });
});

describe('combine', () => {
  it('takes requests/s over the whole time and p95 over every answer', () => {
    const loads = [
      { requests: 100, seconds: 1, latencies: Array(95).fill(1).concat(Array(5).fill(9)), failures: 0 },
      { requests: 200, seconds: 2, latencies: Array(100).fill(2), failures: 1 },
    ];
    assert.deepEqual(combine(loads), { requestsPerSecond: 100, p95Ms: 2, failures: 1 });
  });
});

describe('combineWrites', () => {
  it('adds rounds of one write: requests/s over their whole time, percentiles over every answer, the sums', () => {
    const round = (requests, seconds, latencies, failures = 0) => ({ label: 'w', requests, seconds, latencies, created: requests - failures, failures });
    const combined = combineWrites([round(100, 2, [10, 20]), round(50, 2, [30, 40], 1)]);
    assert.deepEqual(combined, { label: 'w', requestsPerSecond: 37.5, p50Ms: 20, p95Ms: 40, created: 149, failures: 1 });
  });
});

describe('raw order writes', () => {
  it('numbers the placeholders of a multi-row insert row after row, values in the same order', () => {
    assert.deepEqual(multiRowInsert('s.t', ['a', 'b'], [[1, 'x'], [2, null]], 'RETURNING id'), {
      text: 'INSERT INTO s.t (a, b) VALUES ($1, $2), ($3, $4) RETURNING id',
      values: [1, 'x', 2, null],
    });
    assert.equal(multiRowInsert('t', ['a'], [[1]]).text, 'INSERT INTO t (a) VALUES ($1)');
    assert.throws(() => multiRowInsert('t', ['a', 'b'], [[1]]), /1 values for 2 columns/);
    assert.throws(() => multiRowInsert('t', ['a'], []), /no rows/);
  });

  it('writes the sample order as the order row, then one insert per child table under its id', () => {
    const { order, children } = rawOrderStatements('run-7', 'orders');
    assert.match(order.text, /^INSERT INTO orders\.orders \(.*\) VALUES \((\$\d+, )*\$\d+\) RETURNING id, order_increment_id, created_at, updated_at$/);
    assert.ok(order.values.includes('bench-raw-run-7@example.com'));
    assert.notDeepEqual(rawOrderStatements('run-8').order.values, order.values);
    const statements = children('order-1');
    assert.deepEqual(
      statements.map((statement) => statement.text.match(/^INSERT INTO (\S+)/)[1]),
      ['orders.order_items', 'orders.order_addresses', 'orders.order_payments', 'orders.order_status_history'],
    );
    const rows = statements.map((statement) => (statement.text.match(/\(\$/g) ?? []).length);
    assert.deepEqual(rows, [SAMPLE_ORDER.items.length, SAMPLE_ORDER.addresses.length, 1, 1]);
    for (const statement of [order, ...statements]) {
      const placeholders = statement.text.match(/\$\d+/g);
      assert.equal(placeholders.length, statement.values.length);
      assert.equal(Math.max(...placeholders.map((p) => Number(p.slice(1)))), statement.values.length);
    }
    // every child row belongs to the order, and jsonb goes as JSON text
    for (const statement of statements) assert.equal(statement.values.filter((value) => value === 'order-1').length, (statement.text.match(/\(\$/g) ?? []).length);
    assert.doesNotThrow(() => JSON.parse(statements[0].values.at(-1)));
  });
});

describe('report formatting', () => {
  it('aligns a table: first column left, numbers right', () => {
    assert.equal(table([['page', 'LCP'], ['/', '1.2 s'], ['/contact', '980 ms']], { indent: '' }), 'page         LCP\n/          1.2 s\n/contact  980 ms');
    assert.equal(table([['a', 'n', 'note'], ['x', '1', 'ok'], ['y', '22', '']], { indent: '', leftColumns: [0, 2] }), 'a   n  note\nx   1  ok\ny  22');
  });

  it('formats times and ratios, with a dash for a missing figure', () => {
    assert.equal(ms(980.4), '980 ms');
    assert.equal(ms(1250), '1.3 s');
    assert.equal(ms(undefined), '–');
    assert.equal(ratio(3, 2), '1.50×');
    assert.equal(ratio(3, undefined), '–');
  });
});

describe('catalog bench fixture', () => {
  it('generates the same valid catalog for the same seed, with facet values the listing filters offer', async () => {
    const { generateCatalog } = await import('./catalog-fixture.mjs');
    const { readFileSync } = await import('node:fs');
    const listing = JSON.parse(readFileSync(new URL('../../content/catalogs/listing-filters.json', import.meta.url), 'utf8'));
    const options = (field) => new Set(listing.filters.find((f) => f.field === field).options.map((o) => o.value));
    const styles = generateCatalog(200);
    assert.deepEqual(generateCatalog(200), styles);
    assert.equal(new Set(styles.map((s) => s.name)).size, 200);
    assert.equal(new Set(styles.flatMap((s) => s.items.map((i) => i.sku))).size, styles.reduce((n, s) => n + s.items.length, 0));
    for (const style of styles) {
      assert.ok(options('doorStyle').has(style.doorStyle), style.doorStyle);
      for (const group of style.finishes) {
        assert.ok(options('finishType').has(group.name), group.name);
        for (const finish of group.items) assert.ok(options('colorFamily').has(finish.colorFamily), finish.colorFamily);
      }
    }
  });

  it('varies the listing query from a seed', async () => {
    const { variedCatalogPaths } = await import('./bench-api.mjs');
    const { seededRandom } = await import('./catalog-fixture.mjs');
    const paths = variedCatalogPaths(100, seededRandom(1));
    assert.deepEqual(variedCatalogPaths(100, seededRandom(1)), paths);
    assert.ok(new Set(paths).size > 90);
    assert.ok(paths.every((p) => p.startsWith('/api/catalog/styles?') && p.includes('pageSize=24')));
  });
});
