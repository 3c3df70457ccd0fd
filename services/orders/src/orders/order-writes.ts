import { randomUUID } from 'node:crypto';
import type { Order } from '@storefront/contracts';
import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import {
  OrderAddressEntity,
  OrderEntity,
  OrderItemEntity,
  OrderPaymentEntity,
  OrderStatusHistoryEntity,
  type OrderRef,
} from '../entities/index.js';
import { preparedQuery } from '@storefront/service-kit';
import { toOrderView } from './order-view.js';

/** One entity's rows to insert, and the properties whose stored values are taken back. */
interface RowsInsert<T extends ObjectLiteral> {
  target: EntityTarget<T>;
  rows: T[];
  returning: readonly (keyof T & string)[];
}

/** What TypeORM's InsertQueryBuilder inserts for an entity: every column marked for insert. */
const insertedColumnsCache = new WeakMap<EntityMetadata, ColumnMetadata[]>();
function insertedColumns(metadata: EntityMetadata): ColumnMetadata[] {
  let columns = insertedColumnsCache.get(metadata);
  if (!columns) {
    columns = metadata.columns.filter((column) => column.isInsert && !(column.isGenerated && column.generationStrategy === 'increment'));
    insertedColumnsCache.set(metadata, columns);
  }
  return columns;
}

function columnOf(metadata: EntityMetadata, property: string): ColumnMetadata {
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.name} has no column ${property}`);
  return column;
}

/**
 * `INSERT INTO table (columns) VALUES (...), (...)` for `rows`, their values appended to `params`
 * ($n placeholders). Each value is what TypeORM's InsertQueryBuilder would send: the entity's value
 * (relations give their id) through the driver's preparePersistentValue (transformers, jsonb as
 * JSON), and DEFAULT where the entity has none (database-made ids, timestamps, the order number).
 * Built by hand because the query builder's own SQL generation was the largest part of the orders
 * service's CPU time per order (measured, ~15%): it re-derives all of this for every statement.
 */
function insertSql<T extends ObjectLiteral>(manager: EntityManager, metadata: EntityMetadata, rows: T[], params: unknown[]): string {
  const driver = manager.connection.driver;
  const columns = insertedColumns(metadata);
  const tuples = rows.map((row) => {
    const values = columns.map((column) => {
      const value: unknown = driver.preparePersistentValue(column.getEntityValue(row), column);
      if (value === undefined) return 'DEFAULT';
      params.push(value);
      return `$${params.length}`;
    });
    return `(${values.join(', ')})`;
  });
  const table = metadata.tablePath.split('.').map((part) => driver.escape(part)).join('.');
  return `INSERT INTO ${table}(${columns.map((column) => driver.escape(column.databaseName)).join(', ')}) VALUES ${tuples.join(', ')}`;
}

/** Sets on `row` the stored values of `columns` from `answered`, hydrated as a read hydrates them. */
function hydrate<T extends ObjectLiteral>(manager: EntityManager, row: T, columns: readonly ColumnMetadata[], answered: Record<string, unknown>, names: readonly string[]): void {
  const driver = manager.connection.driver;
  columns.forEach((column, index) => column.setEntityValue(row, driver.prepareHydratedValue(answered[names[index]!], column)));
}

/**
 * Inserts `rows` of one entity in ONE multi-row `INSERT ... VALUES (...), (...) RETURNING ...` and
 * sets on each row what the database answered for the `returning` properties, hydrated as a read
 * would hydrate them (the column's type and transformer: timestamptz to Date, numeric and bigint
 * through `decimalColumn`).
 *
 * PostgreSQL answers the rows of an INSERT ... VALUES in the order of VALUES; TypeORM's own save
 * relies on it to give each entity its generated id, and so does this.
 */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: T[],
  returning: readonly (keyof T & string)[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const columns = returning.map((property) => columnOf(metadata, property));
  const names = columns.map((column) => column.databaseName);
  const params: unknown[] = [];
  const sql = `${insertSql(manager, metadata, rows, params)} RETURNING ${names.map((name) => driver.escape(name)).join(', ')}`;
  const answered = (await manager.query(sql, params)) as Record<string, unknown>[];
  if (answered.length !== rows.length) throw new Error(`Inserted ${rows.length} rows but the database answered ${answered.length}`);
  rows.forEach((row, index) => hydrate(manager, row, columns, answered[index]!, names));
  return rows;
}

/**
 * Inserts the rows of several entities in ONE statement: each table's multi-row INSERT is a
 * data-modifying CTE (PostgreSQL runs every one of them exactly once, foreign keys checked at the
 * end of the statement), and the statement answers, for every inserted row, its id and the stored
 * values of its `returning` properties. Those come back through a UNION ALL of the CTEs' RETURNING
 * lists laid out in shared typed slots (one slot per column type and position, NULL elsewhere), so
 * pg parses each value as a RETURNING of its own table would (Date for timestamptz, string for
 * numeric, object for jsonb), and they are hydrated as a read hydrates them.
 *
 * Every row must carry its id already (randomUUID, as gen_random_uuid would make it): the rows of a
 * UNION ALL come in no promised order, so each answer is matched to its row by id.
 */
export async function insertAll(manager: EntityManager, inserts: RowsInsert<ObjectLiteral & { id: string }>[]): Promise<void> {
  const driver = manager.connection.driver;
  const present = inserts.filter((insert) => insert.rows.length > 0);
  const parts = present.map((insert) => {
    const metadata = manager.connection.getMetadata(insert.target);
    return { insert, metadata, columns: insert.returning.map((property) => columnOf(metadata, property)) };
  });
  // slot names per part: "<type>_<n>", the n-th column of that type in the part's RETURNING list
  const slotTypes = new Map<string, string>();
  const slotsOf = parts.map(({ columns }) => {
    const seen = new Map<string, number>();
    return columns.map((column) => {
      const type = driver.normalizeType(column);
      const n = seen.get(type) ?? 0;
      seen.set(type, n + 1);
      const slot = `${type.replace(/\W+/g, '_')}_${n}`;
      slotTypes.set(slot, type);
      return slot;
    });
  });
  const slots = [...slotTypes.keys()];
  const params: unknown[] = [];
  const ctes = parts.map(({ metadata, insert }, index) => {
    const idColumn = driver.escape(columnOf(metadata, 'id').databaseName);
    const returning = [idColumn, ...parts[index]!.columns.map((column) => driver.escape(column.databaseName))];
    return `t${index} AS (${insertSql(manager, metadata, insert.rows, params)} RETURNING ${returning.join(', ')})`;
  });
  const selects = parts.map(({ metadata, columns }, index) => {
    const filled = new Map(slotsOf[index]!.map((slot, position) => [slot, driver.escape(columns[position]!.databaseName)]));
    const values = slots.map((slot) => `${filled.get(slot) ?? `NULL::${slotTypes.get(slot)!}`} AS ${slot}`);
    return `SELECT ${index} AS part, ${driver.escape(columnOf(metadata, 'id').databaseName)} AS id, ${values.join(', ')} FROM t${index}`;
  });
  const sql = `WITH ${ctes.join(', ')} ${selects.join(' UNION ALL ')}`;
  const answered = await preparedQuery<Record<string, unknown> & { part: number; id: string }>(manager, sql, params);

  const byId = new Map(answered.map((row) => [`${row.part}:${row.id}`, row]));
  parts.forEach(({ insert, columns }, index) => {
    for (const row of insert.rows) {
      const stored = byId.get(`${index}:${row.id}`);
      if (!stored) throw new Error(`Inserted a row the database did not answer for (${insert.rows.length} rows of part ${index})`);
      hydrate(manager, row, columns, stored, slotsOf[index]!);
    }
  });
  if (answered.length !== parts.reduce((sum, part) => sum + part.insert.rows.length, 0)) {
    throw new Error(`The database answered ${answered.length} rows for ${parts.length} inserts`);
  }
}

/*
 * What each insert takes back: what the database makes (the order number, timestamps) and every
 * value it may store differently from what was sent (numeric columns round to their scale, jsonb
 * reorders keys and drops undefined ones), so the answer is the stored order, not the request.
 * Strings, integers, bigint cents and booleans are stored exactly or the insert fails. Ids: made
 * here for a new order (insertAll), by the database for rows added to an existing one (insertRows).
 */
const ORDER_RETURNING = ['orderIncrementId', 'createdAt', 'updatedAt', 'weight'] as const;
const ITEM_RETURNING = ['weight', 'rowWeight', 'taxPercent', 'customOptions'] as const;
const PAYMENT_RETURNING = ['createdAt', 'additionalData'] as const;
const HISTORY_RETURNING = ['createdAt'] as const;

/** The order's items in one multi-row insert (none: no statement). */
export const insertItems = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, items: OrderItemEntity[]): Promise<OrderItemEntity[]> =>
  insertRows(manager, OrderItemEntity, items.map((item) => Object.assign(item, { order: { id: order.id } })), ['id', ...ITEM_RETURNING]);

/** The order's addresses in one multi-row insert. */
export const insertAddresses = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, addresses: OrderAddressEntity[]): Promise<OrderAddressEntity[]> =>
  insertRows(manager, OrderAddressEntity, addresses.map((address) => Object.assign(address, { order: { id: order.id } })), ['id']);

/** Payment entries in one multi-row insert. */
export const insertPayments = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, payments: OrderPaymentEntity[]): Promise<OrderPaymentEntity[]> =>
  insertRows(manager, OrderPaymentEntity, payments.map((payment) => Object.assign(payment, { order: { id: order.id } })), ['id', ...PAYMENT_RETURNING]);

/** Status history entries in one multi-row insert. */
export const insertHistory = (
  manager: EntityManager,
  order: Pick<OrderEntity, 'id'>,
  entries: OrderStatusHistoryEntity[],
): Promise<OrderStatusHistoryEntity[]> =>
  insertRows(manager, OrderStatusHistoryEntity, entries.map((entry) => Object.assign(entry, { order: { id: order.id } })), ['id', ...HISTORY_RETURNING]);

/**
 * Stores a new order (buildNewOrder) in ONE statement whatever its size (insertAll): the order row
 * and one multi-row insert per child table (items, addresses, payments, status history), with ids
 * made here so the children need not wait for the order's. Each statement is a round trip to
 * PostgreSQL, and the round trips were most of a write's cost beside the database's own work. The
 * answer is built from what was inserted and what the statement returned; it is the order exactly
 * as GET /api/order/view/:id reads it back, without reading it back.
 */
export async function insertNewOrder(manager: EntityManager, order: OrderEntity): Promise<Order> {
  order.id = randomUUID();
  const owned = <T extends { id: string; order: OrderRef }>(rows: T[]): T[] =>
    rows.map((row) => Object.assign(row, { id: randomUUID(), order: { id: order.id } }));
  await insertAll(manager, [
    { target: OrderEntity, rows: [order], returning: ORDER_RETURNING },
    { target: OrderItemEntity, rows: owned(order.items), returning: ITEM_RETURNING },
    { target: OrderAddressEntity, rows: owned(order.addresses), returning: [] },
    { target: OrderPaymentEntity, rows: owned(order.payments), returning: PAYMENT_RETURNING },
    { target: OrderStatusHistoryEntity, rows: owned(order.statusHistory), returning: HISTORY_RETURNING },
  ] as RowsInsert<ObjectLiteral & { id: string }>[]);
  return toOrderView(order);
}
