import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { OrderRef } from './order-ref.js';

@Entity({ name: 'order_status_history' })
export class OrderStatusHistoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @ManyToOne('OrderEntity', 'statusHistory', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderRef>;

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ type: 'text' })
  comment!: string;

  @Column({ name: 'is_customer_notified', type: 'boolean', default: false })
  isCustomerNotified!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
