import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SandboxOutcome } from './sandbox-cards.js';

/** A tokenised sandbox card: never the full number, only what a receipt shows and the outcome. */
@Entity({ name: 'sandbox_payment_method' })
export class SandboxPaymentMethod {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  brand!: string;

  @Column({ type: 'varchar', length: 4 })
  last4!: string;

  @Column({ name: 'exp_month', type: 'smallint' })
  expMonth!: number;

  @Column({ name: 'exp_year', type: 'smallint' })
  expYear!: number;

  @Column({ type: 'varchar', length: 32 })
  outcome!: SandboxOutcome;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A sandbox card intent (kind 'card') or PayPal order (kind 'paypal'). */
@Entity({ name: 'sandbox_intent' })
export class SandboxIntent {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: 'card' | 'paypal';

  @Column({ name: 'client_secret', type: 'varchar', length: 128 })
  clientSecret!: string;

  /** cents, as card gateways count */
  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: 'usd';

  @Column({ type: 'varchar', length: 32 })
  status!: string;

  @Column({ name: 'payment_method_id', type: 'varchar', length: 64, nullable: true })
  paymentMethodId!: string | null;

  /** true while a 3-D Secure challenge page can settle this intent */
  @Column({ type: 'boolean', default: false })
  challenge!: boolean;

  @Column({ name: 'return_url', type: 'varchar', length: 512, nullable: true })
  returnUrl!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata!: Record<string, string>;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** our attempt's reference (the provider's idempotency key): a create repeated with it answers this intent */
  @Column({ type: 'varchar', length: 64, nullable: true })
  reference!: string | null;

  /** cents refunded so far */
  @Column({ name: 'refunded_amount', type: 'integer', default: 0 })
  refundedAmount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
