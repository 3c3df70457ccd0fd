import { Column, Entity, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { centsColumn } from './numeric-transformer.js';
import type { OrderRef } from './order-ref.js';
import { RecordColumns } from './record-columns.js';

@Entity({ name: 'order_payments' })
export class OrderPaymentEntity extends RecordColumns {
  @ManyToOne('OrderEntity', 'payments', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'order_id' })
  order!: Relation<OrderRef>;

  /** completed, pending, failed, on_hold, success */
  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'amount_cents', ...centsColumn })
  /** cents */
  amount!: number;

  @Column({ name: 'amount_paid_cents', ...centsColumn })
  /** cents */
  amountPaid!: number;

  @Column({ name: 'transaction_id', type: 'varchar', length: 128, nullable: true })
  transactionId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  method!: string;

  @Column({ name: 'method_label', type: 'varchar', length: 128 })
  methodLabel!: string;

  @Column({ name: 'additional_data', type: 'jsonb', default: () => "'{}'::jsonb" })
  additionalData!: Record<string, unknown>;
}
