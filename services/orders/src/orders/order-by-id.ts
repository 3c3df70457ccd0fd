import type { EntityManager, FindOptionsRelations } from 'typeorm';
import { OrderEntity } from '../entities/index.js';

/**
 * One order by its id with the `relations` asked for, in one query. TypeORM's findOne takes 1, and a
 * take with joined relations makes it select the order's id DISTINCT first and then the joined rows
 * (two round trips, and two statements to build and plan); by the primary key there is at most one
 * order, so `find` gives the same entity from the second statement alone. A paid checkout read its
 * order this way three times (the payable amount, the e-mails, the answer to payments).
 */
export async function orderById(manager: EntityManager, id: string, relations: FindOptionsRelations<OrderEntity>): Promise<OrderEntity | null> {
  const [order] = await manager.find(OrderEntity, { where: { id }, relations });
  return order ?? null;
}
