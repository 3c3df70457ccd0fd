import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentScope } from '@storefront/contracts';

/**
 * Where an attempt is. Open ones may still take money, so an order has at most one of them at a
 * time (a partial unique index): `processing` while the gateway is being called, `requires_action`
 * while the shopper is on the provider's page, `unknown` when the gateway did not answer (a timeout:
 * reconciliation asks again), `pending` and `on_hold` while the provider has not settled it. The
 * rest are final.
 */
export const OPEN_ATTEMPT_STATUSES = ['processing', 'requires_action', 'unknown', 'pending', 'on_hold'] as const;
export const FINAL_ATTEMPT_STATUSES = ['completed', 'failed', 'canceled', 'needs_review'] as const;
export type AttemptStatus = (typeof OPEN_ATTEMPT_STATUSES)[number] | (typeof FINAL_ATTEMPT_STATUSES)[number];

export function isOpenAttempt(status: string): boolean {
  return (OPEN_ATTEMPT_STATUSES as readonly string[]).includes(status);
}

/** One try to take money for an order through a gateway; the idempotency key makes retries safe. */
@Entity({ name: 'payment_attempt' })
export class PaymentAttempt {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'varchar', length: 64 })
  orderId!: string;

  @Column({ type: 'varchar', length: 64 })
  method!: string;

  @Column({ type: 'varchar', length: 32 })
  gateway!: string;

  /** cents (bigint; pg answers text, read as a number: far inside Number's exact integers) */
  @Column({ name: 'amount_cents', type: 'bigint', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  amountCents!: number;

  @Column({ type: 'varchar', length: 32 })
  status!: AttemptStatus;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 128, unique: true })
  idempotencyKey!: string;

  @Column({ name: 'transaction_id', type: 'varchar', length: 128, nullable: true })
  transactionId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** the gateway's answer as received, for support and reconciliation */
  @Column({ type: 'jsonb', nullable: true })
  raw!: unknown;

  /** cents: the instalment of a split-payment order this attempt pays (null: the whole amount due) */
  @Column({ name: 'instalment_cents', type: 'bigint', nullable: true, transformer: { to: (value: number | null) => value, from: (value: string | null) => (value === null ? null : Number(value)) } })
  instalmentCents!: number | null;

  /** where the order was paid (sample-order, convert-to-order, complete-order-payment); null for attempts made before it was kept */
  @Column({ type: 'varchar', length: 32, nullable: true })
  scope!: PaymentScope | null;

  /** the provider's token for the card the shopper entered in its hosted fields */
  @Column({ name: 'payment_method_id', type: 'varchar', length: 128, nullable: true })
  paymentMethodId!: string | null;

  /** the gateway's or the spec's message for a payment that did not complete */
  @Column({ type: 'text', nullable: true })
  message!: string | null;

  /** the answer given for this Idempotency-Key; replays get exactly this */
  @Column({ type: 'jsonb', nullable: true })
  response!: unknown;

  /** the PaymentResultReport for the orders service (latest verified state) */
  @Column({ type: 'jsonb', nullable: true })
  report!: unknown;

  /** when the orders service accepted `report`; null while it still has to be sent */
  @Column({ name: 'reported_at', type: 'timestamptz', nullable: true })
  reportedAt!: Date | null;

}
