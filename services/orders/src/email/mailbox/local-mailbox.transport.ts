import type { DataSource } from 'typeorm';
import type { MailTransport, OutgoingEmail } from '../mail-transport.js';
import { MailboxMessageEntity } from './mailbox-message.entity.js';

/** "Delivers" into the mailbox_message table, read at /dev/mailbox (used when SMTP_URL is not set). */
export class LocalMailboxTransport implements MailTransport {
  readonly kind = 'local-mailbox' as const;

  constructor(private readonly dataSource: DataSource) {}

  async send(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    await this.dataSource.getRepository(MailboxMessageEntity).insert({
      to: email.to,
      cc: email.cc,
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: email.messageId,
    });
  }

  async close(): Promise<void> {}
}
