import type { Order } from '@storefront/contracts';
import type { EntityManager, EntityTarget, ObjectLiteral, QueryDeepPartialEntity } from 'typeorm';
import {
  OrderAddressEntity,
  OrderEntity,
  OrderItemEntity,
  OrderPaymentEntity,
  OrderStatusHistoryEntity,
} from '../entities/index.js';
import { toOrderView } from './order-view.js';

/**
 * Inserts `rows` of one entity in ONE multi-row `INSERT ... VALUES (...), (...) RETURNING ...` and
 * sets on each row what the database answered for the `returning` properties, hydrated as a read
 * would hydrate them (the column's type and transformer: timestamptz to Date, numeric and bigint
 * through `decimalColumn`). Column names, transformers and jsonb encoding come from the entity, as
 * they do for `manager.save`.
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
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(target)
    .values(rows as QueryDeepPartialEntity<T>[])
    .returning([...returning])
    .updateEntity(false)
    .execute();
  const answered = result.raw as Record<string, unknown>[];
  if (answered.length !== rows.length) throw new Error(`Inserted ${rows.length} rows but the database answered ${answered.length}`);
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  for (const property of returning) {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.name} has no column ${property}`);
    rows.forEach((row, index) => column.setEntityValue(row, driver.prepareHydratedValue(answered[index]![column.databaseName], column)));
  }
  return rows;
}

/*
 * What each insert takes back: what the database makes (ids, the order number, timestamps) and every
 * value it may store differently from what was sent (numeric columns round to their scale, jsonb
 * reorders keys and drops undefined ones), so the answer is the stored order, not the request.
 * Strings, integers, bigint cents and booleans are stored exactly or the insert fails.
 */
const ORDER_RETURNING = ['id', 'orderIncrementId', 'createdAt', 'updatedAt', 'weight'] as const;
const ITEM_RETURNING = ['id', 'weight', 'rowWeight', 'taxPercent', 'customOptions'] as const;
const ADDRESS_RETURNING = ['id'] as const;
const PAYMENT_RETURNING = ['id', 'createdAt', 'additionalData'] as const;
const HISTORY_RETURNING = ['id', 'createdAt'] as const;

/** The order's items in one multi-row insert (none: no statement). */
export const insertItems = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, items: OrderItemEntity[]): Promise<OrderItemEntity[]> =>
  insertRows(manager, OrderItemEntity, items.map((item) => Object.assign(item, { order: { id: order.id } })), ITEM_RETURNING);

/** The order's addresses in one multi-row insert. */
export const insertAddresses = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, addresses: OrderAddressEntity[]): Promise<OrderAddressEntity[]> =>
  insertRows(manager, OrderAddressEntity, addresses.map((address) => Object.assign(address, { order: { id: order.id } })), ADDRESS_RETURNING);

/** Payment entries in one multi-row insert. */
export const insertPayments = (manager: EntityManager, order: Pick<OrderEntity, 'id'>, payments: OrderPaymentEntity[]): Promise<OrderPaymentEntity[]> =>
  insertRows(manager, OrderPaymentEntity, payments.map((payment) => Object.assign(payment, { order: { id: order.id } })), PAYMENT_RETURNING);

/** Status history entries in one multi-row insert. */
export const insertHistory = (
  manager: EntityManager,
  order: Pick<OrderEntity, 'id'>,
  entries: OrderStatusHistoryEntity[],
): Promise<OrderStatusHistoryEntity[]> =>
  insertRows(manager, OrderStatusHistoryEntity, entries.map((entry) => Object.assign(entry, { order: { id: order.id } })), HISTORY_RETURNING);

/**
 * Stores a new order (buildNewOrder) in five statements at most, whatever its size: the order row,
 * then one multi-row insert per child table (items, addresses, payments, status history). The answer
 * is built from what was inserted and what the statements returned; it is the order exactly as
 * GET /api/order/view/:id reads it back, without reading it back.
 */
export async function insertNewOrder(manager: EntityManager, order: OrderEntity): Promise<Order> {
  const { items, addresses, payments, statusHistory } = order;
  const [saved] = await insertRows(manager, OrderEntity, [order], ORDER_RETURNING);
  // the child tables only need the order's id: independent of each other, sent one after another on the transaction's connection
  await insertItems(manager, saved!, items);
  await insertAddresses(manager, saved!, addresses);
  await insertPayments(manager, saved!, payments);
  await insertHistory(manager, saved!, statusHistory);
  return toOrderView(saved!);
}
