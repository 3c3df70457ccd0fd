/** One e-mail ready to hand to a transport; every address was derived by the server. */
export interface OutgoingEmail {
  from: { name?: string; address: string };
  to: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
  /** `<outbox-{id}@{From domain}>`: stored on the outbox row, the same for every send of it (outboxMessageId) */
  messageId: string;
}

/**
 * Where e-mail goes: SMTP when SMTP_URL is set, else the local mailbox (a table). `send` resolves
 * once the transport has accepted the message and rejects otherwise: retried later, unless the error
 * says the message is refused for good (an SMTP 5xx reply, or a PermanentDeliveryError; see
 * delivery-failure.ts), which parks it as a dead letter at once.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'local-mailbox';
  send(email: OutgoingEmail, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');
