import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { SandboxOutcome } from './sandbox-cards.js';

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

  /** the hosted fields' token the intent is (to be) confirmed with (hosted-fields/sandbox-token.ts) */
  @Column({ name: 'payment_method_id', type: 'varchar', length: 128, nullable: true })
  paymentMethodId!: string | null;

  /** what the token says about the card: a receipt's brand and last four, and the test outcome */
  @Column({ name: 'card_brand', type: 'varchar', length: 16, nullable: true })
  cardBrand!: string | null;

  @Column({ name: 'card_last4', type: 'varchar', length: 4, nullable: true })
  cardLast4!: string | null;

  @Column({ name: 'card_outcome', type: 'varchar', length: 32, nullable: true })
  cardOutcome!: SandboxOutcome | null;

  /** true while a 3-D Secure challenge page can settle this intent */
  @Column({ type: 'boolean', default: false })
  challenge!: boolean;

  @Column({ name: 'return_url', type: 'varchar', length: 512, nullable: true })
  returnUrl!: string | null;

  /** PayPal orders: where the approval page's Cancel goes (a site path the payments service chose; payments/return-paths.ts) */
  @Column({ name: 'cancel_url', type: 'varchar', length: 512, nullable: true })
  cancelUrl!: string | null;

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

/**
 * A refund the sandbox made, keyed by our refund's reference (unique, as a provider's idempotency key
 * is): the same reference again answers this refund. Deleted with its intent (housekeeping).
 */
@Entity({ name: 'sandbox_refund' })
export class SandboxRefund {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 64, unique: true })
  reference!: string;

  @Column({ name: 'intent_id', type: 'varchar', length: 64 })
  intentId!: string;

  /** cents */
  @Column({ type: 'integer' })
  amount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
