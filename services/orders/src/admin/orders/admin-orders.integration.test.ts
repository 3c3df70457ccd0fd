import {
  adminAuditResponseSchema,
  adminDashboardResponseSchema,
  adminOrderDetailSchema,
  adminOrderListResponseSchema,
  adminRoutes,
  ORDER_MESSAGES,
} from '@storefront/contracts';
import request from 'supertest';
import { billing, order, startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey } from '../api-keys/api-keys.js';

// The back office's orders over HTTP on real PostgreSQL: search, filters and keyset pages, the CSV,
// one order's whole story, and the staff actions the order-process table allows, each audited.

let app: OrdersTestApp;
let sales: string;
let manager: string;
const saved = { TRUST_PROXY: process.env.TRUST_PROXY };
let lastAddress = 0;

beforeAll(async () => {
  process.env.TRUST_PROXY = 'loopback';
  app = await startOrdersTestApp({ logLevels: ['error'] });
  sales = (await createApiKey(app.db, `orders-tests-sales-${Date.now()}`, 'sales')).key;
  manager = (await createApiKey(app.db, `orders-tests-manager-${Date.now()}`, 'manager')).key;
});

afterAll(async () => {
  await app?.close();
  if (saved.TRUST_PROXY === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = saved.TRUST_PROXY;
});

// each call from its own client address: the admin limit per address never gets in the way
const as = (key: string) => {
  const address = `192.0.2.${(++lastAddress % 250) + 1}`;
  const set = <T extends request.Test>(test: T) => test.set('Authorization', `Bearer ${key}`).set('X-Forwarded-For', address);
  return {
    get: (url: string) => set(request(app.server).get(url)),
    post: (url: string) => set(request(app.server).post(url)),
  };
};

/** A sample order, as a shopper places it; `customer` changes its e-mail and surname (on the order and both addresses). */
async function placeOrder(customer: { email?: string; lastName?: string } = {}): Promise<{ id: string; number: string }> {
  const addresses = order.addresses.map((address) => ({ ...address, ...customer }));
  const created = (await request(app.server).post('/api/order').send({ ...order, ...customer, addresses }).expect(201)).body.data;
  return { id: created.id, number: created.orderIncrementId };
}

async function pay(id: string, cents: number, status = 'completed') {
  await request(app.server)
    .post(`/internal/orders/${id}/payment-result`)
    .send({ attemptId: `admin-orders-${id}-${cents}-${status}`, gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status, amount: cents, transactionId: `pi_${id.slice(0, 8)}`, additionalData: {} })
    .expect(200);
}

const detailOf = async (number: string) => adminOrderDetailSchema.validateSync((await as(sales).get(`/api/admin/orders/${number}`).expect(200)).body);

describe('the orders list', () => {
  // letters only (names are checked as names): a surname no other test uses
  const surname = `Searchwell${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  let placed: { id: string; number: string }[];

  beforeAll(async () => {
    placed = [];
    for (let i = 0; i < 5; i++) {
      placed.push(await placeOrder({ email: `${surname.toLowerCase()}.${i}@example.com`, lastName: surname }));
    }
  });

  it('finds orders by the start of a number, an e-mail or a name, newest first', async () => {
    const byName = adminOrderListResponseSchema.validateSync((await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.slice(0, 12).toLowerCase() }).expect(200)).body);
    expect(byName.orders.map((found) => found.number)).toEqual([...placed].reverse().map((placedOrder) => placedOrder.number));
    expect(byName.orders[0]).toMatchObject({ email: `${surname.toLowerCase()}.4@example.com` });
    const byEmail = (await as(sales).get(adminRoutes.listOrders.path).query({ q: `${surname.toLowerCase()}.2@` }).expect(200)).body;
    expect(byEmail.orders.map((found: { number: string }) => found.number)).toEqual([placed[2]!.number]);
    const digits = placed[3]!.number.replace('SF-', '');
    for (const q of [placed[3]!.number, digits, placed[3]!.number.toLowerCase()]) {
      const byNumber = (await as(sales).get(adminRoutes.listOrders.path).query({ q }).expect(200)).body;
      expect(byNumber.orders.map((found: { number: string }) => found.number)).toContain(placed[3]!.number);
    }
    // a LIKE wildcard is text, not a pattern
    expect((await as(sales).get(adminRoutes.listOrders.path).query({ q: '%' }).expect(200)).body.orders).toEqual([]);
  });

  it('pages with a cursor: each page picks up after the last, none repeats', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page: { orders: { number: string }[]; next: string | null } = (
        await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), limit: 2, ...(after && { after }) }).expect(200)
      ).body;
      seen.push(...page.orders.map((found) => found.number));
      after = page.next;
    } while (after);
    expect(seen).toEqual([...placed].reverse().map((placedOrder) => placedOrder.number));
    const unknown = await as(sales).get(adminRoutes.listOrders.path).query({ after: 'SF-999999999' }).expect(400);
    expect(unknown.body.errors).toHaveProperty('after');
    // after the last order there is nothing: an empty page, not a refusal (the cursor is known)
    const pastTheEnd = await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), after: seen[seen.length - 1] }).expect(200);
    expect(pastTheEnd.body).toEqual({ orders: [], next: null });
  });

  it('filters by status, payment state and day', async () => {
    await pay(placed[0]!.id, (await detailOf(placed[0]!.number)).order.totalCents);
    const ordered = (await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), status: 'ordered' }).expect(200)).body;
    expect(ordered.orders.map((found: { number: string }) => found.number)).toEqual([placed[0]!.number]);
    const completed = (await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), paymentStatus: 'completed' }).expect(200)).body;
    expect(completed.orders).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), from: today, to: today }).expect(200)).body.orders).toHaveLength(5);
    expect((await as(sales).get(adminRoutes.listOrders.path).query({ q: surname.toLowerCase(), to: '2000-01-01' }).expect(200)).body.orders).toHaveLength(0);
    const bad = await as(sales).get(adminRoutes.listOrders.path).query({ from: 'yesterday' }).expect(400);
    expect(bad.body.errors.from).toBe('from must be a date like 2026-11-29');
  });

  it('exports what the filters find as CSV, formulas defused', async () => {
    await placeOrder({ email: `=cmd.${surname.toLowerCase()}@example.com`, lastName: surname });
    const csv = await as(sales).get(adminRoutes.exportOrders.path).query({ q: surname.toLowerCase() }).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Date (UTC),Customer,E-mail,Status,Payment,Total,Split payment minimum');
    expect(lines).toHaveLength(1 + 6);
    expect(lines.some((line) => line.includes(`'=cmd.${surname.toLowerCase()}@example.com`))).toBe(true);
  });
});

describe('one order and what staff do to it', () => {
  it("shows an order's items, addresses, payments with the provider's reference, history and e-mails", async () => {
    const placed = await placeOrder();
    const before = await detailOf(placed.number);
    await pay(placed.id, before.order.totalCents);
    const detail = await detailOf(placed.id);
    expect(detail.order).toMatchObject({ number: placed.number, status: 'ordered', paymentStatus: 'completed', paidCents: before.order.totalCents, dueCents: 0 });
    expect(detail.items.length).toBeGreaterThan(0);
    expect(detail.addresses.map((address) => address.type)).toContain('billing');
    expect(detail.payments).toEqual([expect.objectContaining({ status: 'completed', providerReference: `pi_${placed.id.slice(0, 8)}`, paidCents: before.order.totalCents })]);
    expect(detail.history.some((entry) => entry.comment.includes(`pi_${placed.id.slice(0, 8)}`))).toBe(true);
    expect(detail.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(['order-confirmation']));
    expect(detail.actions).toMatchObject({ cancel: { allowed: false }, resendConfirmation: { allowed: true }, refund: { allowed: true }, note: { allowed: true } });
    await as(sales).get('/api/admin/orders/SF-999999999').expect(404);
  });

  it('adds a note once however often the same request is sent, and audits it', async () => {
    const placed = await placeOrder();
    const send = () => as(sales).post(adminRoutes.addOrderNote.path.replace(':order', placed.number)).set('Idempotency-Key', `note-${placed.id}`).send({ comment: 'Called the customer about the door style.' });
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.body).toEqual(first.body);
    const notes = (await detailOf(placed.number)).history.filter((entry) => entry.author !== null);
    expect(notes).toEqual([expect.objectContaining({ comment: 'Called the customer about the door style.', customerNotified: false })]);
    const rows = await app.db.query(`SELECT outcome, after FROM orders.admin_audit WHERE action = 'order.note' AND target = $1`, [placed.number]);
    expect(rows).toEqual([{ outcome: 'succeeded', after: { note: 'Called the customer about the door style.' } }]);
    const empty = await as(sales).post(adminRoutes.addOrderNote.path.replace(':order', placed.number)).send({ comment: '  ' }).expect(400);
    expect(empty.body.errors.comment).toBe('Write the note first.');
  });

  it('cancels an unpaid order (managers only); a canceled order takes no payment; a paid one is refused', async () => {
    const placed = await placeOrder();
    const cancelPath = adminRoutes.cancelOrder.path.replace(':order', placed.number);
    await as(sales).post(cancelPath).send({}).expect(403);
    const canceled = adminOrderDetailSchema.validateSync((await as(manager).post(cancelPath).send({ reason: 'Customer changed their mind' }).expect(200)).body);
    expect(canceled.order.status).toBe('canceled');
    expect(canceled.actions.cancel).toEqual({ allowed: false, reason: `Order ${placed.number} is already canceled.` });
    const again = await as(manager).post(cancelPath).send({}).expect(409);
    expect(again.body.message).toBe(`Order ${placed.number} is already canceled.`);
    const refused = await request(app.server).get(`/internal/orders/${placed.id}/payable`).expect(409);
    expect(refused.body.message).toBe(ORDER_MESSAGES.canceled);
    const [row] = await app.db.query(`SELECT before, after FROM orders.admin_audit WHERE action = 'order.cancel' AND target = $1 AND outcome = 'succeeded'`, [placed.number]);
    expect(row).toEqual({ before: { status: 'pending' }, after: { status: 'canceled', reason: 'Customer changed their mind' } });

    const paid = await placeOrder();
    await pay(paid.id, (await detailOf(paid.number)).order.totalCents);
    const paidRefusal = await as(manager).post(adminRoutes.cancelOrder.path.replace(':order', paid.number)).send({}).expect(409);
    expect(paidRefusal.body.message).toBe(`Order ${paid.number} is paid: refund it instead of canceling it.`);
  });

  it('resends the confirmation of a confirmed order once per request, and refuses one never confirmed', async () => {
    const unpaid = await placeOrder();
    const refused = await as(sales).post(adminRoutes.resendConfirmation.path.replace(':order', unpaid.number)).expect(409);
    expect(refused.body.message).toMatch(/has not been confirmed yet/);
    const paid = await placeOrder();
    await pay(paid.id, (await detailOf(paid.number)).order.totalCents);
    const resend = () => as(sales).post(adminRoutes.resendConfirmation.path.replace(':order', paid.number)).set('Idempotency-Key', `resend-${paid.id}`);
    expect((await resend().expect(200)).body).toEqual({ queued: true, recipient: billing.email });
    await resend().expect(200);
    const confirmations = (await detailOf(paid.number)).emails.filter((email) => email.kind === 'order-confirmation');
    expect(confirmations).toHaveLength(2);
  });
});

describe('the audit log and the dashboard', () => {
  it('lists the audit newest first for managers, filtered and paged; sales are refused', async () => {
    await as(sales).get(adminRoutes.audit.path).expect(403);
    const page = adminAuditResponseSchema.validateSync((await as(manager).get(adminRoutes.audit.path).query({ action: 'order.', limit: 2 }).expect(200)).body);
    expect(page.entries).toHaveLength(2);
    expect(page.entries.every((entry) => entry.action.startsWith('order.'))).toBe(true);
    expect(Number(page.entries[0]!.id)).toBeGreaterThan(Number(page.entries[1]!.id));
    const next = adminAuditResponseSchema.validateSync((await as(manager).get(adminRoutes.audit.path).query({ action: 'order.', limit: 2, before: page.next! }).expect(200)).body);
    expect(Number(next.entries[0]!.id)).toBeLessThan(Number(page.entries[1]!.id));
    expect(page.entries[0]!.actorKind).toBe('api-key');
  });

  it("answers today's orders and takings, payments waiting and the e-mail queue", async () => {
    const body = adminDashboardResponseSchema.validateSync((await as(sales).get(adminRoutes.dashboard.path).expect(200)).body);
    expect(body.today.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.today.orders).toBeGreaterThan(0);
    expect(body.today.takingsCents).toBeGreaterThan(0);
  });
});
