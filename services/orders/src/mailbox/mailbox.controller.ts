import { type CanActivate, Controller, Get, Header, Inject, Injectable, NotFoundException, Param, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MailboxMessage } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { EMAIL_CONFIG, type EmailConfig } from '../email/email-config.js';
import { MAILBOX_MESSAGE_CSP, MAILBOX_PAGE_CSP, renderMailboxPage } from './mailbox-page.js';
import { MailboxMessageEntity } from './mailbox-message.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The newest messages the mailbox shows; older ones stay in the table. */
export const MAILBOX_LIMIT = 200;
const NOT_FOUND = 'Not found';

/** The mailbox exists only while it is the transport: with SMTP_URL set these routes answer 404. */
@Injectable()
export class LocalMailboxOnly implements CanActivate {
  constructor(@Inject(EMAIL_CONFIG) private readonly config: EmailConfig) {}

  canActivate(): boolean {
    if (this.config.smtpUrl) throw new NotFoundException({ message: NOT_FOUND });
    return true;
  }
}

/** The local mailbox (offline use, demos, tests); the gateway forwards /dev/mailbox* here. */
@Controller('dev/mailbox')
@UseGuards(LocalMailboxOnly)
export class MailboxController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('messages.json')
  @Header('Cache-Control', 'no-store')
  messages(): Promise<MailboxMessage[]> {
    return this.list();
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', MAILBOX_PAGE_CSP)
  @Header('Cache-Control', 'no-store')
  async page(): Promise<string> {
    return renderMailboxPage(await this.list());
  }

  @Get('messages/:id')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Content-Security-Policy', MAILBOX_MESSAGE_CSP)
  @Header('Cache-Control', 'no-store')
  async message(@Param('id') id: string): Promise<string> {
    const message = UUID.test(id) ? await this.dataSource.getRepository(MailboxMessageEntity).findOne({ where: { id } }) : null;
    if (!message) throw new NotFoundException({ message: 'Message not found.' });
    return message.html;
  }

  private async list(): Promise<MailboxMessage[]> {
    const rows = await this.dataSource.getRepository(MailboxMessageEntity).find({ order: { sentAt: 'DESC', id: 'DESC' }, take: MAILBOX_LIMIT });
    return rows.map((row) => ({ id: row.id, to: row.to, cc: row.cc, subject: row.subject, text: row.text, html: row.html, sentAt: row.sentAt.toISOString() }));
  }
}
