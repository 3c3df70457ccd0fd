import { Logger } from '@nestjs/common';
import { UpstreamBreaker, isUnreachable, type CircuitBreakerSettings } from '@storefront/service-kit';
import { createTransport } from 'nodemailer';
import type { MailTransport, OutgoingEmail } from './mail-transport.js';

/** Nodemailer's codes for a server that could not be reached or stopped answering (connect, greeting, socket, DNS). */
const SERVER_DOWN_CODES: ReadonlySet<string> = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/** 421: the server's own "service not available, closing the channel" (RFC 5321), e.g. overloaded or shutting down. */
const SERVICE_NOT_AVAILABLE = 421;

/**
 * Whether a failed send means the SMTP server is failing (counts toward opening its breaker): it could
 * not be reached or timed out, or it answered 421. Not a failure: a reply about this message (a 4xx
 * such as 451 greylisting, a 5xx such as 550 mailbox unknown), a rejected login (our settings), an
 * envelope refused before sending, an attempt its job aborted.
 */
export function isSmtpServerFailure(error: unknown): boolean {
  const fields = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (fields.responseCode === SERVICE_NOT_AVAILABLE) return true;
  if (typeof fields.responseCode === 'number') return false;
  if (typeof fields.code === 'string' && SERVER_DOWN_CODES.has(fields.code)) return true;
  return isUnreachable(error);
}

/**
 * SMTP through nodemailer. Timeouts are far below nodemailer's defaults (2 minutes to connect) so a
 * hung server fails the attempt well inside the e-mail job's time; options in SMTP_URL's query win.
 *
 * Sends go through the SMTP server's breaker: while the server keeps failing, a send is
 * refused at once (UpstreamCircuitOpenError, code ECIRCUITOPEN) instead of each e-mail job holding a
 * worker for the connect timeout. The outbox reads that refusal as any transient failure
 * (delivery-failure.ts): recorded on the row and retried on its schedule, never a dead letter by
 * itself, so the retry window (EMAIL_RETRY_FOR_HOURS) and dead letters are as they were.
 */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter;
  private readonly breaker: UpstreamBreaker;

  /** `circuit`: the breaker's settings; absent, the CIRCUIT_* variables */
  constructor(smtpUrl: string, circuit?: CircuitBreakerSettings) {
    this.transporter = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    this.breaker = new UpstreamBreaker({ upstream: 'smtp', isUpstreamFailure: isSmtpServerFailure, ...(circuit ? { settings: circuit } : {}), logger: new Logger('SmtpTransport') });
  }

  async send(email: OutgoingEmail, signal: AbortSignal): Promise<void> {
    await this.breaker.run(() =>
      this.transporter.sendMail({
        from: email.from.name ? { name: email.from.name, address: email.from.address } : email.from.address,
        to: email.to,
        cc: email.cc.length > 0 ? email.cc : undefined,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
        signal,
      }),
    );
  }

  async close(): Promise<void> {
    this.transporter.close();
    this.breaker.shutdown();
  }
}
