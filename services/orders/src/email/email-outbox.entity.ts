import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FormEmailKind, OrderEmailType } from '@storefront/contracts';

/** queued: its job will deliver it; sent: the transport took it; failed: its job is a dead letter (re-driving it sends it) */
export type OutboxStatus = 'queued' | 'sent' | 'failed';
/** A quote's payment link sent to its customer (order_id NULL): back office `quote create|link --send`. */
export type QuoteEmailKind = 'quote-payment-link';
/** A customer account's e-mails (order_id NULL): the password reset link. */
export type AccountEmailKind = 'password-reset';
/** Order e-mails, the forms service's, quotes' and accounts' (order_id NULL). */
export type OutboxEmailKind = OrderEmailType | FormEmailKind | QuoteEmailKind | AccountEmailKind;

/**
 * Kinds whose body carries a secret that must not outlive the sending (a reset link's token), and
 * the note that replaces their stored html and text once the transport has the message (subject,
 * recipient and status stay as the record).
 */
export const REDACTED_AFTER_SENDING: ReadonlyMap<OutboxEmailKind, string> = new Map<OutboxEmailKind, string>([
  ['password-reset', 'This e-mail carried a single-use password reset link. It was removed from our records once the e-mail was sent.'],
]);

/**
 * One e-mail waiting to go out, or gone (the outbox), rendered when it was queued. Written in the SAME
 * transaction as the order change that causes it, together with the job that delivers it (service-kit's
 * job runner, queue `email`): paid and e-mail queued, or neither. The row is what makes an e-mail
 * once-only (`dedupe_key`, for good, while jobs are archived after days) and the record of what was
 * sent; nothing is deleted.
 */
@Entity({ name: 'email_outbox' })
export class EmailOutboxEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  kind!: OutboxEmailKind;

  /** e.g. "order-confirmation:{orderId}": queuing the same e-mail twice queues it once */
  @Column({ name: 'dedupe_key', type: 'varchar', length: 200, unique: true })
  dedupeKey!: string;

  @Column({ type: 'varchar', length: 254 })
  recipient!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  cc!: string[];

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status!: OutboxStatus;

  /** delivery attempts that ended (sent or failed) */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** the job (queue `email` of schema orders_jobs) that delivers it; null only for rows from before the runner, until adopted */
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId!: string | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
