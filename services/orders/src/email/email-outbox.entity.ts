import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FormEmailKind, OrderEmailType } from '@storefront/contracts';

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';
/** Order e-mails, and the forms service's (order_id NULL). */
export type OutboxEmailKind = OrderEmailType | FormEmailKind;

/**
 * One e-mail waiting to go out, or gone (the outbox). A plain table in the orders schema rather than
 * a job queue such as pg-boss: the row must be written in the SAME transaction as the order change
 * that causes it (paid and e-mail queued, or neither), which a table next to the orders gives with
 * no extra moving parts. The worker (email-worker.ts) delivers rows; nothing is deleted, so the
 * table is also the record of what was sent.
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

  /** delivery attempts started (counted when a worker claims the row) */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;

  /** while 'sending': when the claiming worker's lease runs out and the row may be claimed again */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
