/** One e-mail ready to hand to a transport; every address was derived by the server. */
export interface OutgoingEmail {
  from: { name?: string; address: string };
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  /** `<id@domain>`: the same for every send of one outbox e-mail (messageIdFor) */
  messageId: string;
}

/**
 * Where e-mail goes: SMTP when SMTP_URL is set, else the local mailbox (a table). `send` resolves
 * once the transport has accepted the message and rejects otherwise; the e-mail job is then retried.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'local-mailbox';
  send(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
