import { createTransport } from 'nodemailer';
import type { MailTransport, OutgoingEmail } from './mail-transport.js';

/**
 * SMTP through nodemailer. Timeouts are far below nodemailer's defaults (2 minutes to connect) so a
 * hung server fails the attempt well inside the e-mail job's time; options in SMTP_URL's query win.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter;

  constructor(smtpUrl: string) {
    this.transporter = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
    await this.transporter.sendMail({
      from: email.from.name ? { name: email.from.name, address: email.from.address } : email.from.address,
      to: email.to,
      cc: email.cc.length > 0 ? email.cc : undefined,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: email.messageId,
      signal,
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
