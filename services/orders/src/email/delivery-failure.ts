/**
 * A transport's refusal that sending the same message again cannot change (a transport other than
 * SMTP throws it to say so; SMTP's replies say it themselves, see deliveryFailureOf).
 */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** Why an attempt failed, and whether retrying can help. */
export interface DeliveryFailure {
  /** true: the message is refused for good (a 5xx reply): a dead letter at once, not retried */
  permanent: boolean;
  /** the error as one line, with the server's reply when there was one */
  reason: string;
}

/** What nodemailer puts on its errors (its NodemailerError), as far as sorting them needs. */
interface SmtpErrorFields {
  message?: string;
  name?: string;
  code?: string;
  /** the SMTP reply's code, when the server answered */
  responseCode?: number;
  /** set with responseCode: true for 5xx except 503 */
  permanent?: boolean;
}

/** The server refused our credentials: a setting to fix, after which the same message goes through. */
const CREDENTIAL_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2']);

/**
 * Sorts a failed send into transient (retried: connection refused or dropped, timeouts, DNS, TLS, a
 * 4xx reply such as 421 or 451 greylisting, an aborted attempt) and permanent (a dead letter at once:
 * a 5xx reply to the envelope or the message, e.g. 550 mailbox unknown, 552 or 554; no recipient
 * accepted without a reply code). Nodemailer marks errors carrying an SMTP reply with `permanent`
 * (5xx except 503, RFC 5321); a rejected login is transient here whatever its code, since it is our
 * configuration and not this message that is wrong.
 */
export function deliveryFailureOf(error: unknown): DeliveryFailure {
  const failure = (error ?? {}) as SmtpErrorFields;
  const reason = oneLine(failure.message || failure.name || String(error));
  if (error instanceof PermanentDeliveryError) return { permanent: true, reason };
  if (failure.code && CREDENTIAL_CODES.has(failure.code)) return { permanent: false, reason };
  if (typeof failure.permanent === 'boolean') return { permanent: failure.permanent, reason };
  if (typeof failure.responseCode === 'number') return { permanent: failure.responseCode >= 500 && failure.responseCode < 600 && failure.responseCode !== 503, reason };
  // an envelope nodemailer refused before any reply (no valid recipient): the same message fails again
  if (failure.code === 'EENVELOPE') return { permanent: true, reason };
  return { permanent: false, reason };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 1000);
}
