import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { audited } from '../admin/audit/admin-audit.js';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { runBackoffice, type BackofficeIo } from './backoffice.js';
import { BackofficeRefusal, enableSplitPayment } from '../orders/order-admin.service.js';
import { searchOrders } from '../admin/orders/admin-orders.js';
import { createQuoteCommands } from './quote-commands.js';

const run = promisify(execFile);
// the built command, as `npm run backoffice` runs it (integration tests run after the build)
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'backoffice', 'cli.js');
/** the quote file the README's example uses */
const EXAMPLE_QUOTE = path.resolve(__dirname, '..', '..', 'examples', 'quote.example.json');

let app: OrdersTestApp;
let db: DataSource;

interface CreatedOrder {
  id: string;
  orderIncrementId: string;
  total: number;
}

async function createOrder(): Promise<CreatedOrder> {
  return (await request(app.server).post('/api/order').send(order).expect(201)).body.data;
}

async function payInFull(created: CreatedOrder): Promise<void> {
  await request(app.server)
    .post(`/internal/orders/${created.id}/payment-result`)
    .send({ attemptId: `backoffice-${created.id}`, gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status: 'completed', amount: created.total, transactionId: `tx-${created.id}`, additionalData: {} })
    .expect(200);
}

async function splitColumns(id: string): Promise<{ split_payment_enabled: boolean; minimum_split_amount_cents: string | null }> {
  const [row] = await db.query('SELECT split_payment_enabled, minimum_split_amount_cents FROM orders.orders WHERE id = $1', [id]);
  return row;
}

function io(): BackofficeIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, env: {}, out: (line) => lines.push(line), err: (line) => errors.push(line) };
}

async function refusalOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackofficeRefusal);
  return (error as Error).message;
}

beforeAll(async () => {
  app = await startOrdersTestApp();
  db = app.db;
});

afterAll(async () => {
  await app?.close();
});

describe('order list', () => {
  it('lists the orders newest first, totals in dollars; --status keeps only that status', async () => {
    const older = await createOrder();
    const paid = await createOrder();
    await payInFull(paid);

    const all = await searchOrders(db, {}, { limit: 10_000 });
    const ids = all.map((o) => o.id);
    expect(ids.indexOf(paid.id)).toBeLessThan(ids.indexOf(older.id));
    const dates = all.map((o) => o.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.find((o) => o.id === older.id)).toEqual({
      number: older.orderIncrementId,
      id: older.id,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      email: 'ann@example.com',
      customerName: 'Ann Lee',
      status: 'pending',
      paymentStatus: 'pending',
      total: '$10.83',
      totalCents: 1083,
      splitPaymentEnabled: false,
      minimumSplitAmount: null,
      minimumSplitAmountCents: null,
    });

    const ordered = await searchOrders(db, { status: 'ordered' }, { limit: 10_000 });
    expect(ordered.map((o) => o.id)).toContain(paid.id);
    expect(ordered.map((o) => o.id)).not.toContain(older.id);
    expect(new Set(ordered.map((o) => o.status))).toEqual(new Set(['ordered']));

    // as the command prints it: one JSON object a line with --json
    const out = io();
    expect(await runBackoffice({ command: 'order list', status: 'pending', json: true }, db, createQuoteCommands(db), out)).toBe(0);
    const printed = out.lines.map((line) => JSON.parse(line) as { id: string; status: string });
    expect(printed.map((o) => o.id)).toContain(older.id);
    expect(printed.every((o) => o.status === 'pending')).toBe(true);
  });
});

describe('order split', () => {
  it('turns split payment on by order number (any case), with the minimum in cents, noted in the history', async () => {
    const created = await createOrder();
    const result = await enableSplitPayment(db, { order: created.orderIncrementId.toLowerCase(), minimumCents: 500 });
    expect(result).toMatchObject({
      number: created.orderIncrementId,
      id: created.id,
      status: 'pending',
      total: '$10.83',
      splitPaymentEnabled: true,
      minimumSplitAmount: '$5.00',
      minimumSplitAmountCents: 500,
      amountDue: '$10.83',
      amountDueCents: 1083,
    });
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: true, minimum_split_amount_cents: '500' });
    const history = await db.query('SELECT comment, is_customer_notified FROM orders.order_status_history WHERE order_id = $1 ORDER BY created_at', [created.id]);
    expect(history.at(-1)).toEqual({ comment: 'Split payment enabled by the back office, minimum payment $5.00', is_customer_notified: false });
  });

  it('by order id too, up to one cent below the total; the command prints the new state', async () => {
    const created = await createOrder();
    const out = io();
    expect(await runBackoffice({ command: 'order split', order: created.id, minimumCents: 1082 }, db, createQuoteCommands(db), out)).toBe(0);
    expect(JSON.parse(out.lines.join('\n'))).toMatchObject({ id: created.id, splitPaymentEnabled: true, minimumSplitAmount: '$10.82' });
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: true, minimum_split_amount_cents: '1082' });
  });

  it('refuses an unknown order, a minimum of 0 or not below the total, and a paid order, changing nothing', async () => {
    const created = await createOrder();
    expect(await refusalOf(enableSplitPayment(db, { order: 'SF-999999999', minimumCents: 500 }))).toBe('Order not found.');
    expect(await refusalOf(enableSplitPayment(db, { order: '00000000-0000-4000-8000-000000000000', minimumCents: 500 }))).toBe('Order not found.');
    expect(await refusalOf(enableSplitPayment(db, { order: created.id, minimumCents: 0 }))).toBe('The minimum split amount must be more than $0.00 (got $0.00).');
    expect(await refusalOf(enableSplitPayment(db, { order: created.id, minimumCents: -100 }))).toBe('The minimum split amount must be more than $0.00 (got -$1.00).');
    expect(await refusalOf(enableSplitPayment(db, { order: created.orderIncrementId, minimumCents: 1083 }))).toBe(
      'The minimum split amount must be less than the order total of $10.83 (got $10.83).',
    );
    expect(await refusalOf(enableSplitPayment(db, { order: created.orderIncrementId, minimumCents: 25000 }))).toBe(
      'The minimum split amount must be less than the order total of $10.83 (got $250.00).',
    );
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: false, minimum_split_amount_cents: null });

    await payInFull(created);
    expect(await refusalOf(enableSplitPayment(db, { order: created.orderIncrementId, minimumCents: 500 }))).toBe(`Order ${created.orderIncrementId} is already paid in full.`);
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: false, minimum_split_amount_cents: null });

    // as the command answers them: the message on stderr, exit 1
    const out = io();
    expect(await runBackoffice({ command: 'order split', order: 'SF-999999999', minimumCents: 500 }, db, createQuoteCommands(db), out)).toBe(1);
    expect(out).toMatchObject({ lines: [], errors: ['Order not found.'] });
  });
});

describe('the built command', () => {
  it('answers a bad argument with its message on stderr and exit code 2, before touching a database', async () => {
    const failure = await run(process.execPath, [CLI, 'order', 'split', '--order', 'SF-100013', '--minimum', 'abc'], {
      env: { ...process.env, DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: 2, stdout: '', stderr: '--minimum must be an amount in dollars like 250 or 250.00 (got "abc")\n' });
  });

  it('creates a quote from the example file and prints its payment link once; quote list shows it', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'quote', 'create', '--file', EXAMPLE_QUOTE, '--expires-in', '2d'], { env: { ...process.env, PUBLIC_URL: 'https://shop.example' } });
    const created = JSON.parse(stdout) as { quoteId: string; quoteIncrementId: string; token: string; expiresAt: string; paymentLink: string; paymentPath: string };
    expect(created.quoteIncrementId).toMatch(/^Q-\d+$/);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    // absolute, to paste into an e-mail as it is
    expect(created.paymentLink).toBe(`https://shop.example/quote/payment?quoteId=${created.quoteId}&token=${created.token}`);
    expect(created.paymentPath).toBe(`/quote/payment?quoteId=${created.quoteId}&token=${created.token}`);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(47 * 3600_000);
    // the server's totals, in cents: 3 × 278.99 + 2 × 189.50 + 149.50 + 74.43 − 50.00
    const listed = (await run(process.execPath, [CLI, 'quote', 'list'], { env: process.env })).stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(listed).toContainEqual(expect.objectContaining({ id: created.quoteId, quoteIncrementId: created.quoteIncrementId, total: 138990 }));
  });

  it('lists the orders of DATABASE_URL', async () => {
    const created = await createOrder();
    const { stdout } = await run(process.execPath, [CLI, 'order', 'list', '--status', 'pending', '--json'], { env: process.env });
    expect(stdout.trimEnd().split('\n').map((line) => JSON.parse(line).id)).toContain(created.id);
  });
});

describe('the audit row is written in the change’s own transaction', () => {
  /** an actor the audit table refuses (a check constraint these tests add), so its row cannot be stored */
  const UNSTORABLE_ACTOR = 'cli:refused-by-the-audit-table';
  const auditOf = (target: string) => db.query('SELECT actor, action, outcome FROM orders.admin_audit WHERE target = $1 ORDER BY id', [target]);

  beforeAll(async () => {
    await db.query(`ALTER TABLE orders.admin_audit ADD CONSTRAINT audit_test_refusal CHECK (actor <> '${UNSTORABLE_ACTOR}')`);
  });
  afterAll(async () => {
    await db.query('ALTER TABLE orders.admin_audit DROP CONSTRAINT audit_test_refusal');
  });

  it('keeps the row of an actor longer than its column, cut to the column’s 200 characters', async () => {
    const created = await createOrder();
    const overlong = `cli:${'x'.repeat(200)}`;
    const out = { ...io(), actor: overlong };
    expect(await runBackoffice({ command: 'order split', order: created.id, minimumCents: 500 }, db, createQuoteCommands(db), out)).toBe(0);
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: true, minimum_split_amount_cents: '500' });
    expect(await auditOf(created.id)).toEqual([{ actor: overlong.slice(0, 200), action: 'order.split-payment', outcome: 'succeeded' }]);
  });

  it('rolls the API’s change back when its audit row cannot be stored', async () => {
    const created = await createOrder();
    const refusal = audited(db, { keyId: null, actor: UNSTORABLE_ACTOR }, 'order.split-payment', created.id, (manager) => enableSplitPayment(manager, { order: created.id, minimumCents: 500 }), {
      isRefusal: () => false,
    });
    await expect(refusal).rejects.toThrow(/audit_test_refusal/);
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: false, minimum_split_amount_cents: null });
    expect(await auditOf(created.id)).toEqual([]);
  });

  it('rolls the command line’s change back too, prints nothing of it, and exits 1', async () => {
    const created = await createOrder();
    const out = { ...io(), actor: UNSTORABLE_ACTOR };
    expect(await runBackoffice({ command: 'order split', order: created.id, minimumCents: 500 }, db, createQuoteCommands(db), out)).toBe(1);
    expect(out.lines).toEqual([]);
    expect(out.errors).toEqual([expect.stringMatching(/^order split failed, nothing was changed: its audit row could not be stored \(.*audit_test_refusal/)]);
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: false, minimum_split_amount_cents: null });
    const history = await db.query('SELECT comment FROM orders.order_status_history WHERE order_id = $1', [created.id]);
    expect(history.map((row: { comment: string | null }) => row.comment)).not.toContain('Split payment enabled by the back office, minimum payment $5.00');
  });

  it('commits the command line’s change with its row, which `audit list` shows', async () => {
    const created = await createOrder();
    const out = { ...io(), actor: 'cli:audit-harness' };
    expect(await runBackoffice({ command: 'order split', order: created.id, minimumCents: 500 }, db, createQuoteCommands(db), out)).toBe(0);
    expect(await splitColumns(created.id)).toEqual({ split_payment_enabled: true, minimum_split_amount_cents: '500' });
    const listed = io();
    expect(await runBackoffice({ command: 'audit list', json: true, limit: 200 }, db, createQuoteCommands(db), listed)).toBe(0);
    const rows = listed.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((row) => row.target === created.id);
    expect(rows).toEqual([expect.objectContaining({ actor: 'cli:audit-harness', action: 'order.split-payment', target: created.id, outcome: 'succeeded', keyId: null })]);
  });
});
