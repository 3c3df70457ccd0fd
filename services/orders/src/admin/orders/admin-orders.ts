import { CANCELED_STATUS, amountDue, staffOrderActions, type StaffOrderFacts } from '@storefront/commerce-rules';
import { ADMIN_MESSAGES, type AdminOrderDetail, type AdminOrderSummary, type OrderPaymentsResponse } from '@storefront/contracts';
import { formatCents, type Cents } from '@storefront/money';
import { csvLine } from '@storefront/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { BackofficeRefusal, ORDER_NOT_FOUND } from '../../orders/order-admin.service.js';
import { isOrderId } from '../../orders/orders.service.js';
import { orderRefunds } from '../refunds/refund-records.js';

type Queryable = Pick<EntityManager, 'query'> | DataSource;

/**
 * Runs `reads` side by side on the pool (a DataSource, or a manager outside a transaction), and one
 * after the other on a transaction's manager: all its queries go to its one connection, and a pg
 * client takes one query at a time (pg 8 queues the others with a DeprecationWarning, "Calling
 * client.query() when the client is already executing a query", and pg 9 refuses them). Every staff
 * write on an order (note, cancel, resend, refund) reads the order's detail in its transaction.
 */
export async function readAll(db: Queryable, reads: readonly (() => Promise<unknown>)[]): Promise<unknown[]> {
  const oneConnection = 'queryRunner' in db && db.queryRunner !== undefined && db.queryRunner !== null;
  if (!oneConnection) return Promise.all(reads.map((read) => read()));
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results;
}

/** The list's filters (GET /api/admin/orders and its CSV). */
export interface OrderFilters {
  q?: string | undefined;
  status?: string | undefined;
  paymentStatus?: string | undefined;
  /** YYYY-MM-DD, UTC */
  from?: string | undefined;
  to?: string | undefined;
}

export const AFTER_NOT_FOUND = "after must be an order of the list (the previous page's next): no such order.";

interface SummaryRow {
  id: string;
  order_increment_id: string;
  created_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  payment_status: string;
  total_cents: string | number;
  split_payment_enabled: boolean;
  minimum_split_amount_cents: string | number | null;
}

const SUMMARY_COLUMNS = `o.id, o.order_increment_id, o.created_at, o.email, o.first_name, o.last_name, o.status, o.payment_status,
  o.total_cents, o.split_payment_enabled, o.minimum_split_amount_cents`;

const cents = (value: string | number): Cents => Number(value);

function summaryOf(row: SummaryRow): AdminOrderSummary {
  const minimum = row.minimum_split_amount_cents === null ? null : cents(row.minimum_split_amount_cents);
  return {
    number: row.order_increment_id,
    id: row.id,
    date: new Date(row.created_at).toISOString(),
    email: row.email,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    status: row.status,
    paymentStatus: row.payment_status,
    total: formatCents(cents(row.total_cents)),
    totalCents: cents(row.total_cents),
    splitPaymentEnabled: row.split_payment_enabled,
    minimumSplitAmount: minimum === null ? null : formatCents(minimum),
    minimumSplitAmountCents: minimum,
  };
}

/** `text` as a LIKE prefix that matches only itself (its %, _ and \\ escaped). */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The expressions a search by the start of a name or an e-mail looks at, each the key of its prefix index (migrations 3400, 3700). */
const NAME_OR_EMAIL = [`lower(o.first_name || ' ' || o.last_name)`, 'lower(o.last_name)', 'lower(o.email)'];
const EMAIL = ['lower(o.email)'];

/**
 * What a search means: an order number (SF-100013, sf100, or just its digits), an e-mail address
 * (it has an @), or else the start of a name or an e-mail: the lower-cased text and the indexed
 * expressions it is the start of.
 */
function searchOf(q: string): { number: string } | { text: string; expressions: readonly string[] } {
  const text = q.trim().toLowerCase();
  const number = /^(?:sf-?)?(\d{1,12})$/.exec(text);
  if (number) return { number: `SF-${number[1]}` };
  return { text, expressions: text.includes('@') ? EMAIL : NAME_OR_EMAIL };
}

/**
 * The search as a LIKE on each expression: an order number's prefix, or the text's. Each is a prefix
 * on an index of its own (migration 3400), walked or read as PostgreSQL estimates best; the list
 * uses it when `prefixPage` does not answer (see there).
 */
export function searchClause(q: string, param: (value: unknown) => string): string {
  const search = searchOf(q);
  if ('number' in search) return `o.order_increment_id LIKE ${param(prefix(search.number))}`;
  const like = param(prefix(search.text));
  const clauses = search.expressions.map((expression) => `${expression} LIKE ${like}`);
  return clauses.length === 1 ? clauses[0]! : `(${clauses.join(' OR ')})`;
}

/**
 * The least string after every string that starts with `text`, in byte order (PostgreSQL's
 * text_pattern_ops `~<~`; for UTF-8, the order of code points): `text` with its last code point one
 * higher (past the surrogates, which no string holds), after dropping the trailing U+10FFFF that have
 * none higher. Null when nothing is left (`text` empty or only U+10FFFF): no upper bound.
 */
export function prefixUpperBound(text: string): string | null {
  const points = Array.from(text, (character) => character.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) return String.fromCodePoint(...points, last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return null;
}

/** The WHERE of the filters (the cursor's clause added by the caller), with its parameters. */
function whereOf(filters: OrderFilters, values: unknown[]): string[] {
  const param = parameters(values);
  const where: string[] = [];
  if (filters.q) where.push(searchClause(filters.q, param));
  if (filters.status) where.push(`o.status = ${param(filters.status)}`);
  if (filters.paymentStatus) where.push(`o.payment_status = ${param(filters.paymentStatus)}`);
  where.push(...dateRange(filters, param));
  return where;
}

const parameters = (values: unknown[]) => (value: unknown) => {
  values.push(value);
  return `$${values.length}`;
};

function dateRange(filters: OrderFilters, param: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (filters.from) where.push(`o.created_at >= ${param(filters.from)}::date`);
  if (filters.to) where.push(`o.created_at < ${param(filters.to)}::date + 1`);
  return where;
}

type Cursor = { column: 'id' | 'order_increment_id'; value: string };

/** The cursor's condition: before the order `cursor` names, in the list's order (its timestamp read in SQL, where it keeps its microseconds). */
const beforeCursor = (cursor: Cursor, param: (value: unknown) => string) =>
  `(o.created_at, o.order_increment_id) < (SELECT c.created_at, c.order_increment_id FROM orders c WHERE c.${cursor.column} = ${param(cursor.value)})`;

/**
 * How many candidates the prefix indexes may offer for a page before `prefixPage` gives it to the
 * newest-first walk. Reading candidates costs about 1 µs each (counted, read, merged, sorted: 7 ms
 * for `harris1`'s 6,945 at 1,000,000 orders), however old they are; the walk costs the rows it reads
 * until it has a page, fast when matches are dense among the newest orders and seconds when they are
 * rare and old (the old plan's p95). Past this cap a prefix matches 1% of the orders or more at
 * 1,000,000 (`a`, `sm`, `customer1`), where the walk finds a page in a few hundred rows (1.5 ms);
 * counting to the cap first costs about 3 ms more, which bounds what a common prefix loses, while
 * every prefix under it (the names staff search by) is answered without the walk's worst case.
 * Measured: docs/performance.md (2026-11-30).
 */
export const PREFIX_CANDIDATES_CAP = 10_000;

/**
 * A page of the search by the start of a name or an e-mail, from the prefix indexes alone: each
 * expression's matches as a range in byte order (`~>=~`, `~<~`: exactly LIKE 'text%', with nothing
 * left to recheck on the row, so an index-only scan), the date range and the cursor on the index's
 * own created_at and number, one scan per expression, merged (UNION: an order found by its name and
 * its e-mail once), sorted, and only then the rows of the page read, by number, with the filters
 * left (status, payment state). Null when the indexes offer more than `PREFIX_CANDIDATES_CAP`
 * candidates (after the cursor and the date range): the caller walks the list newest first instead.
 */
async function prefixPage(db: Queryable, search: { text: string; expressions: readonly string[] }, filters: OrderFilters, cursor: Cursor | undefined, limit: number): Promise<SummaryRow[] | null> {
  const values: unknown[] = [];
  const param = parameters(values);
  const from = param(search.text);
  const upper = prefixUpperBound(search.text);
  const to = upper === null ? undefined : param(upper);
  const onIndex = [...dateRange(filters, param), ...(cursor ? [beforeCursor(cursor, param)] : [])];
  const onRow: string[] = [];
  if (filters.status) onRow.push(`o.status = ${param(filters.status)}`);
  if (filters.paymentStatus) onRow.push(`o.payment_status = ${param(filters.paymentStatus)}`);
  const found = search.expressions.map((expression) => {
    const range = [`${expression} ~>=~ ${from}`, ...(to === undefined ? [] : [`${expression} ~<~ ${to}`])];
    return `SELECT o.created_at, o.order_increment_id FROM orders o WHERE ${[...range, ...onIndex].join(' AND ')} LIMIT ${PREFIX_CANDIDATES_CAP + 1}`;
  });
  // First the candidates counted (each index read stops one past the cap, nothing kept), then, only
  // when not too many, read again, merged (an index lists an order once: DISTINCT only for several),
  // sorted, and the page's rows read in that order: only the rows it shows (and those its filters
  // skip). One row at least: the flag, the page's rows joined to it.
  const rows = (await db.query(
    `WITH capped AS MATERIALIZED (SELECT ${found.map((branch) => `(SELECT count(*) FROM (${branch}) branch)`).join(' + ')} > ${PREFIX_CANDIDATES_CAP} AS hit)
     SELECT capped.hit AS capped, page.* FROM capped LEFT JOIN LATERAL (
       SELECT o.* FROM (SELECT ${found.length > 1 ? 'DISTINCT ' : ''}created_at, order_increment_id FROM (${found.map((branch) => `(${branch})`).join(' UNION ALL ')}) found
                         ORDER BY created_at DESC, order_increment_id DESC) c
         CROSS JOIN LATERAL (SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.order_increment_id = c.order_increment_id${onRow.map((clause) => ` AND ${clause}`).join('')}) o
        WHERE NOT capped.hit
        ORDER BY c.created_at DESC, c.order_increment_id DESC LIMIT ${param(limit)}) page ON true`,
    values,
  )) as (SummaryRow & { capped: boolean })[];
  if (rows[0]?.capped !== false) return null;
  return rows.filter((row) => row.id !== null);
}

/**
 * The orders that match, newest first, `limit` of them after the order `after` (its number or id:
 * the previous page's last). Keyset paging on (created_at, number), never OFFSET: page 1,000 costs
 * what page 1 does. A search by the start of a name or an e-mail reads its candidates from the
 * prefix indexes (`prefixPage`); anything else, or a prefix too common for that, walks the list's
 * indexes newest first (a second round trip when the prefix was too common). An unknown `after`
 * finds no rows (its subquery is NULL); only then is it looked up, to refuse it rather than answer
 * an empty page.
 */
export async function searchOrders(db: Queryable, filters: OrderFilters, { limit, after }: { limit: number; after?: string | undefined }): Promise<AdminOrderSummary[]> {
  let cursor: Cursor | undefined;
  if (after !== undefined) {
    const byId: boolean = isOrderId(after);
    cursor = byId ? { column: 'id', value: after.toLowerCase() } : { column: 'order_increment_id', value: after.trim().toUpperCase() };
  }
  const search = filters.q ? searchOf(filters.q) : undefined;
  let rows = search && 'text' in search && search.text !== '' ? await prefixPage(db, search, filters, cursor, limit) : null;
  if (rows === null) {
    const values: unknown[] = [];
    const where = whereOf(filters, values);
    if (cursor) where.push(beforeCursor(cursor, parameters(values)));
    values.push(limit);
    rows = (await db.query(
      `SELECT ${SUMMARY_COLUMNS} FROM orders o ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY o.created_at DESC, o.order_increment_id DESC LIMIT $${values.length}`,
      values,
    )) as SummaryRow[];
  }
  if (rows.length === 0 && cursor !== undefined) {
    const [found] = (await db.query(`SELECT 1 AS found FROM orders WHERE ${cursor.column} = $1`, [cursor.value])) as unknown[];
    if (!found) throw new BackofficeRefusal(AFTER_NOT_FOUND);
  }
  return rows.map(summaryOf);
}

/** Every order the filters find, newest first, a page at a time (the command line's `order list`, the CSV). */
export async function* allOrders(db: Queryable, filters: OrderFilters, pageSize = 1000): AsyncGenerator<AdminOrderSummary[]> {
  let after: string | undefined;
  for (;;) {
    const page = await searchOrders(db, filters, { limit: pageSize, after });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.number;
  }
}

export const ORDERS_CSV_HEADER = ['Order', 'Date (UTC)', 'Customer', 'E-mail', 'Status', 'Payment', 'Total', 'Split payment minimum'];

/** The CSV of every order the filters find, newest first, read a page at a time (bounded memory however many). */
export async function* ordersCsv(db: Queryable, filters: OrderFilters): AsyncGenerator<string> {
  yield csvLine(ORDERS_CSV_HEADER);
  for await (const page of allOrders(db, filters)) {
    yield page
      .map((order) => csvLine([order.number, order.date.slice(0, 19).replace('T', ' '), order.customerName, order.email, order.status, order.paymentStatus, order.total, order.minimumSplitAmount ?? '']))
      .join('');
  }
}

/** The order named by its id or number, optionally locked for the caller's transaction. */
export async function findOrderId(db: Queryable, idOrNumber: string, { lock = false } = {}): Promise<string> {
  const byId: boolean = isOrderId(idOrNumber);
  const [row] = (await db.query(`SELECT id FROM orders WHERE ${byId ? 'id' : 'order_increment_id'} = $1${lock ? ' FOR UPDATE' : ''}`, [
    byId ? idOrNumber.toLowerCase() : idOrNumber.trim().toUpperCase(),
  ])) as { id: string }[];
  if (!row) throw new BackofficeRefusal(ORDER_NOT_FOUND);
  return row.id;
}

interface DetailRow extends SummaryRow {
  state: string;
  customer_is_guest: boolean;
  po_number: string | null;
  additional_notes: string | null;
  shipping_method: string;
  shipping_label: string;
  subtotal_cents: string | number;
  shipping_amount_cents: string | number;
  tax_amount_cents: string | number;
  discount_amount_cents: string | number;
  email_sent: boolean;
  quote_increment_id: string | null;
}

/** The facts the order-process table decides staff actions on, for an order id. */
async function factsOf(db: Queryable, order: DetailRow, payments: { status: string; amountPaid: Cents }[], refundedCents: Cents): Promise<StaffOrderFacts> {
  const [confirmation] = (await db.query(`SELECT 1 AS queued FROM email_outbox WHERE order_id = $1 AND kind = 'order-confirmation' LIMIT 1`, [order.id])) as unknown[];
  const paidCents = payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amountPaid, 0);
  return {
    status: order.status,
    paymentStatus: order.payment_status,
    orderIncrementId: order.order_increment_id,
    totalCents: cents(order.total_cents),
    paidCents,
    refundedCents,
    confirmed: confirmation !== undefined,
  };
}

/**
 * One order as staff see it (GET /api/admin/orders/:order). `paymentAttempts`: the payments
 * service's view of its payments (what is left to refund of each), null when it was not asked or did
 * not answer.
 */
export async function orderDetail(db: Queryable, idOrNumber: string, paymentAttempts: OrderPaymentsResponse['payments'] | null = null): Promise<AdminOrderDetail> {
  const id = await findOrderId(db, idOrNumber);
  const [order] = (await db.query(
    `SELECT ${SUMMARY_COLUMNS}, o.state, o.customer_is_guest, o.po_number, o.additional_notes, o.shipping_method, o.shipping_label,
            o.subtotal_cents, o.shipping_amount_cents, o.tax_amount_cents, o.discount_amount_cents, o.email_sent,
            (SELECT q.quote_increment_id FROM quote q WHERE q.order_id = o.id LIMIT 1) AS quote_increment_id
       FROM orders o WHERE o.id = $1`,
    [id],
  )) as DetailRow[];
  if (!order) throw new BackofficeRefusal(ORDER_NOT_FOUND);
  const [items, addresses, payments, history, emails, refunds] = (await readAll(db, [
    () => db.query(`SELECT sku, name, qty, price_cents, row_total_cents FROM order_items WHERE order_id = $1 ORDER BY position, id`, [id]),
    () => db.query(`SELECT type, first_name, last_name, street1, street2, city, state, zip_code, country_id, phone_number FROM order_addresses WHERE order_id = $1 ORDER BY type`, [id]),
    () => db.query(`SELECT id, method, method_label, status, amount_cents, amount_paid_cents, transaction_id, created_at FROM order_payments WHERE order_id = $1 ORDER BY created_at, id`, [id]),
    () => db.query(`SELECT created_at, status, comment, is_customer_notified, author FROM order_status_history WHERE order_id = $1 ORDER BY created_at, id`, [id]),
    () => db.query(`SELECT id, kind, recipient, subject, status, attempts, created_at, sent_at, last_error FROM email_outbox WHERE order_id = $1 ORDER BY created_at, id`, [id]),
    () => orderRefunds(db, id),
  ])) as [
    { sku: string; name: string; qty: number; price_cents: string; row_total_cents: string }[],
    { type: string; first_name: string; last_name: string; street1: string; street2: string | null; city: string; state: string; zip_code: string; country_id: string; phone_number: string | null }[],
    { id: string; method: string; method_label: string; status: string; amount_cents: string; amount_paid_cents: string; transaction_id: string | null; created_at: Date }[],
    { created_at: Date; status: string; comment: string; is_customer_notified: boolean; author: string | null }[],
    { id: string; kind: string; recipient: string; subject: string; status: string; attempts: number; created_at: Date; sent_at: Date | null; last_error: string | null }[],
    AdminOrderDetail['refunds'],
  ];
  // pending refunds count too: the money is on its way back
  const refundedCents = refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amountCents, 0);
  const paymentEntries = payments.map((payment) => ({ status: payment.status, amountPaid: cents(payment.amount_paid_cents) }));
  const paidCents = paymentEntries.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amountPaid, 0);
  const billing = addresses.find((address) => address.type === 'billing');
  return {
    order: {
      ...summaryOf(order),
      phone: billing?.phone_number || null,
      state: order.state,
      isGuest: order.customer_is_guest,
      poNumber: order.po_number,
      additionalNotes: order.additional_notes,
      shippingMethod: order.shipping_method,
      shippingLabel: order.shipping_label,
      subtotalCents: cents(order.subtotal_cents),
      shippingCents: cents(order.shipping_amount_cents),
      taxCents: cents(order.tax_amount_cents),
      discountCents: cents(order.discount_amount_cents),
      paidCents,
      dueCents: order.status === CANCELED_STATUS ? 0 : amountDue(cents(order.total_cents), paymentEntries),
      quoteIncrementId: order.quote_increment_id,
    },
    items: items.map((item) => ({ sku: item.sku, name: item.name, qty: item.qty, priceCents: cents(item.price_cents), rowTotalCents: cents(item.row_total_cents) })),
    addresses: addresses.map((address) => ({
      type: address.type,
      name: `${address.first_name} ${address.last_name}`.trim(),
      lines: [address.street1, address.street2, `${address.city}, ${address.state} ${address.zip_code}`, address.country_id].filter((line): line is string => Boolean(line && line.trim())),
      phone: address.phone_number || null,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      methodLabel: payment.method_label,
      status: payment.status,
      amountCents: cents(payment.amount_cents),
      paidCents: cents(payment.amount_paid_cents),
      providerReference: payment.transaction_id,
      at: new Date(payment.created_at).toISOString(),
    })),
    history: history.map((entry) => ({
      at: new Date(entry.created_at).toISOString(),
      status: entry.status,
      comment: entry.comment,
      customerNotified: entry.is_customer_notified,
      author: entry.author,
    })),
    emails: emails.map((email) => ({
      id: email.id,
      kind: email.kind,
      recipient: email.recipient,
      subject: email.subject,
      status: email.status,
      attempts: email.attempts,
      at: new Date(email.created_at).toISOString(),
      sentAt: email.sent_at ? new Date(email.sent_at).toISOString() : null,
      lastError: email.last_error,
    })),
    paymentAttempts:
      paymentAttempts?.map((attempt) => ({
        id: attempt.id,
        gateway: attempt.gateway,
        method: attempt.method,
        providerPaymentId: attempt.providerPaymentId,
        status: attempt.status,
        card: attempt.card,
        amountCents: attempt.amountCents,
        refundedCents: attempt.refundedCents,
        pendingRefundCents: attempt.pendingRefundCents,
        refundableCents: attempt.refundableCents,
        at: attempt.createdAt,
      })) ?? null,
    refunds,
    actions: staffOrderActions(await factsOf(db, order, paymentEntries, refundedCents)),
  };
}

/**
 * Checks the order-process table for `action` on the locked order, in the write's transaction: the
 * refusal (409) when it does not allow it now, whatever the page showed a moment ago.
 */
export async function assertStaffAction(manager: EntityManager, idOrNumber: string, action: keyof AdminOrderDetail['actions']): Promise<{ id: string; detail: AdminOrderDetail }> {
  const id = await findOrderId(manager, idOrNumber, { lock: true });
  const detail = await orderDetail(manager, id);
  const state = detail.actions[action];
  if (!state.allowed) throw new BackofficeRefusal(state.reason ?? ADMIN_MESSAGES.orderNotFound);
  return { id, detail };
}

/** A staff note in the history (never shown to the customer), naming its author. */
export async function addOrderNote(manager: EntityManager, idOrNumber: string, comment: string, author: string): Promise<{ id: string; status: string }> {
  const { id, detail } = await assertStaffAction(manager, idOrNumber, 'note');
  await manager.query(`INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author) VALUES ($1, $2, $3, false, $4)`, [
    id,
    detail.order.status,
    comment,
    author.slice(0, 200),
  ]);
  return { id, status: detail.order.status };
}

/** Cancels an order nothing was paid on: status and state canceled, a history entry naming who and why. */
export async function cancelOrder(manager: EntityManager, idOrNumber: string, reason: string | undefined, author: string): Promise<{ id: string; before: string; after: string }> {
  const { id, detail } = await assertStaffAction(manager, idOrNumber, 'cancel');
  await manager.query(`UPDATE orders SET status = $2, state = 'canceled', updated_at = now() WHERE id = $1`, [id, CANCELED_STATUS]);
  await manager.query(`INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author) VALUES ($1, $2, $3, false, $4)`, [
    id,
    CANCELED_STATUS,
    `Order ${detail.order.number} was canceled by ${author}${reason ? `: ${reason}` : ''}`,
    author.slice(0, 200),
  ]);
  return { id, before: detail.order.status, after: CANCELED_STATUS };
}
