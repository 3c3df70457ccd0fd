import { type CanActivate, Controller, Header, Inject, Injectable, NotFoundException, Res, UseGuards } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid, orderRoutes, type MailboxMessage, type ParamsOf } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { EMAIL_CONFIG, type EmailConfig } from '../email-config.js';
import { MAILBOX_MESSAGE_CSP, MAILBOX_PAGE_CSP, renderMailboxPage } from './mailbox-page.js';
import { MailboxMessageEntity } from './mailbox-message.entity.js';

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
@Controller()
@UseGuards(LocalMailboxOnly)
export class MailboxController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Route(orderRoutes.mailboxMessages)
  @Header('Cache-Control', 'no-store')
  messages(): Promise<MailboxMessage[]> {
    return this.list();
  }

  @Route(orderRoutes.mailbox)
  async page(@Res() res: Response): Promise<void> {
    sendHtml(res, renderMailboxPage(await this.list()), MAILBOX_PAGE_CSP);
  }

  @Route(orderRoutes.mailboxMessage)
  async message(@RouteParams() { id }: ParamsOf<typeof orderRoutes.mailboxMessage>, @Res() res: Response): Promise<void> {
    const message = isUuid(id) ? await this.dataSource.getRepository(MailboxMessageEntity).findOne({ where: { id } }) : null;
    if (!message) throw new NotFoundException({ message: 'Message not found.' });
    sendHtml(res, message.html, MAILBOX_MESSAGE_CSP);
  }

  private async list(): Promise<MailboxMessage[]> {
    const rows = await this.dataSource.getRepository(MailboxMessageEntity).find({ order: { sentAt: 'DESC', id: 'DESC' }, take: MAILBOX_LIMIT });
    return rows.map((row) => ({
      id: row.id,
      to: row.to,
      cc: row.cc,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: row.messageId,
      sentAt: row.sentAt.toISOString(),
    }));
  }
}

/** HTML with its own CSP (headers set only here, so an error still answers as JSON). */
function sendHtml(res: Response, html: string, csp: string): void {
  res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp, 'Cache-Control': 'no-store' }).send(html);
}
