import { OrderAddressEntity } from './order-address.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { OrderPaymentEntity } from './order-payment.entity.js';
import { OrderStatusHistoryEntity } from './order-status-history.entity.js';
import { OrderEntity } from './order.entity.js';

export type { OrderRef } from './order-ref.js';
export { OrderAddressEntity, OrderEntity, OrderItemEntity, OrderPaymentEntity, OrderStatusHistoryEntity };
export const ORDER_ENTITIES = [OrderEntity, OrderItemEntity, OrderAddressEntity, OrderStatusHistoryEntity, OrderPaymentEntity];
