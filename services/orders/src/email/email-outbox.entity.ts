import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FormEmailKind, OrderEmailType } from '@storefront/contracts';

/**
 * queued: a job will deliver it (now, or after a failed attempt's backoff); sent: the transport took it;
 * failed: a dead letter, parked after a permanent refusal or when its retries ran out (the back
 * office's `email dead-letters` lists it, `email resend` queues it again)
 */
export type OutboxStatus = 'queued' | 'sent' | 'failed';
/** A quote's payment link sent to its customer (order_id NULL): back office `quote create|link --send`. */
export type QuoteEmailKind = 'quote-payment-link';
/** A customer account's e-mails (order_id NULL): the password reset link; "you already have an account" (a registration with a taken e-mail). */
export type AccountEmailKind = 'password-reset' | 'account-exists' | 'email-verification' | 'password-changed';
/** Order e-mails, the forms service's, quotes' and accounts' (order_id NULL). */
export type OutboxEmailKind = OrderEmailType | FormEmailKind | QuoteEmailKind | AccountEmailKind;

/**
 * Kinds whose body carries a secret that must not outlive the sending (a reset link's token), and
 * the note that replaces their stored html and text once the transport has the message (subject,
 * recipient and status stay as the record).
 */
export const REDACTED_AFTER_SENDING: ReadonlyMap<OutboxEmailKind, string> = new Map<OutboxEmailKind, string>([
  ['password-reset', 'This e-mail carried a single-use password reset link. It was removed from our records once the e-mail was sent.'],
  ['email-verification', 'This e-mail carried a single-use e-mail verification link. It was removed from our records once the e-mail was sent.'],
]);

/**
 * A bearer link's token in a stored body (order view, quote payment and password reset links all
 * carry `token=` and 32 random bytes in base64url), and what replaces it once the e-mail is sent or
 * dead-lettered: the record keeps what was said, and a copy of the table opens nothing.
 */
export const BEARER_TOKEN_PATTERN = 'token=[A-Za-z0-9_-]{43}';
export const BEARER_TOKEN_REMOVED = 'token=removed';

/**
 * One e-mail waiting to go out, or gone (the outbox), rendered when it was queued. Written in the SAME
 * transaction as the order change that causes it, together with the job that delivers it (service-kit's
 * job runner, queue `email`): paid and e-mail queued, or neither. The row is what makes an e-mail
 * once-only (`dedupe_key`, for good, while jobs are archived after days) and the record of what was
 * sent; sent and dead rows are deleted by housekeeping after EMAIL_OUTBOX_RETENTION_DAYS.
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

  /** `<outbox-{id}@{From domain}>`, stored before the first attempt and sent with every one (outboxMessageId) */
  @Column({ name: 'message_id', type: 'varchar', length: 255, nullable: true })
  messageId!: string | null;

  /** failed attempts since the current retry budget began (the n of the next backoff); a resend starts again at 0 */
  @Column({ name: 'retry_count', type: 'integer', default: 0 })
  retryCount!: number;

  /** the first failure of the current retry budget: retries go on until EMAIL_RETRY_FOR_HOURS after it */
  @Column({ name: 'retrying_since', type: 'timestamptz', nullable: true })
  retryingSince!: Date | null;

  /** when the job queued after a failed attempt is due (null: not waiting for a retry) */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** when it became a dead letter (status failed) */
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
