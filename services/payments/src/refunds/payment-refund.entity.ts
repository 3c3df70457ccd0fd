import type { RefundStatus } from '@storefront/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One refund of a payment attempt (migration 1795300001000). Written `pending` before the provider is
 * called, then `completed` or `failed` as it answered; a refund whose answer never came stays pending
 * (it counts against what is left to refund) until the caller sends its reference again.
 */
@Entity({ name: 'payment_refund' })
export class PaymentRefund {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** the caller's name for this refund (unique): the same reference is the same refund, and the provider's idempotency key */
  @Column({ type: 'uuid', unique: true })
  reference!: string;

  @Column({ name: 'attempt_id', type: 'uuid' })
  attemptId!: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: RefundStatus;

  @Column({ name: 'provider_refund_id', type: 'varchar', length: 128, nullable: true })
  providerRefundId!: string | null;

  /** the provider's refusal, or why the refund is still pending */
  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** who asked (the caller passes a member of staff's name) */
  @Column({ name: 'requested_by', type: 'text' })
  requestedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
