/**
 * An order as its child rows (items, addresses, payments, status history) type it: by its id, the
 * only field the service reads through them. Its own file so that the entities import one way: the
 * order names its children, the children name only this.
 */
export interface OrderRef {
  id: string;
}
