import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import type { OrderRef } from './order-ref.js';
import { RecordColumns } from './record-columns.js';

@Entity({ name: 'order_status_history' })
export class OrderStatusHistoryEntity extends RecordColumns {
  @ManyToOne('OrderEntity', 'statusHistory', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderRef>;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ type: 'text' })
  comment!: string;

  @Column({ name: 'is_customer_notified', type: 'boolean', default: false })
  isCustomerNotified!: boolean;
}
