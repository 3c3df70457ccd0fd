import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An e-mail "delivered" to the local mailbox (no SMTP_URL): offline use, demos and tests. */
@Entity({ name: 'mailbox_message' })
export class MailboxMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 254 })
  to!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  cc!: string[];

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  /** the Message-ID header the message carried (null for messages from before it was kept) */
  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId!: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  sentAt!: Date;
}
