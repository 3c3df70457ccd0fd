import { BadRequestException } from '@nestjs/common';
import type { FormEmailKind, QueuedFormEmail } from '@storefront/contracts';
import { isPlainEmailAddress } from '@storefront/site-config';

/** One submission has at most a confirmation and a staff notification; a little room for later kinds. */
export const MAX_FORM_EMAILS = 4;
export const MAX_CC = 20;
const MAX_SUBJECT = 300;
const MAX_BODY = 512 * 1024;

/** A form e-mail's dedupe key names its submission and which of its e-mails it is. */
const DEDUPE_KEY: Record<FormEmailKind, RegExp> = {
  'form-confirmation': /^form:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:confirmation$/i,
  'form-staff-notification': /^form:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}:staff$/i,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function bad(index: number, problem: string): never {
  throw new BadRequestException(`emails[${index}]: ${problem}`);
}

/**
 * Checks POST /internal/email/queue. The caller is the forms service, but the body is still held to
 * what a form e-mail is: known kinds with their `form:{uuid}:…` dedupe keys, plain addresses (no
 * display names or header tricks), one-line subjects and bounded bodies.
 */
export function parseFormEmails(body: unknown): QueuedFormEmail[] {
  if (!isObject(body) || !Array.isArray(body.emails)) throw new BadRequestException('emails must be a list of e-mails');
  if (body.emails.length === 0 || body.emails.length > MAX_FORM_EMAILS) {
    throw new BadRequestException(`emails must hold 1 to ${MAX_FORM_EMAILS} e-mails`);
  }
  return body.emails.map((entry: unknown, index: number): QueuedFormEmail => {
    if (!isObject(entry)) bad(index, 'must be an object');
    const kind = entry.kind as FormEmailKind;
    if (typeof entry.kind !== 'string' || !Object.hasOwn(DEDUPE_KEY, entry.kind)) {
      bad(index, `kind must be one of ${Object.keys(DEDUPE_KEY).join(', ')}`);
    }
    if (typeof entry.dedupeKey !== 'string' || !DEDUPE_KEY[kind].test(entry.dedupeKey)) {
      bad(index, `dedupeKey must be form:{submissionId}:${kind === 'form-confirmation' ? 'confirmation' : 'staff'}`);
    }
    if (!isPlainEmailAddress(entry.recipient)) bad(index, 'recipient must be an e-mail address');
    const cc = entry.cc ?? [];
    if (!Array.isArray(cc) || cc.length > MAX_CC || !cc.every(isPlainEmailAddress)) {
      bad(index, `cc must be a list of at most ${MAX_CC} e-mail addresses`);
    }
    // eslint-disable-next-line no-control-regex
    if (typeof entry.subject !== 'string' || entry.subject.trim() === '' || entry.subject.length > MAX_SUBJECT || /[\u0000-\u001f]/.test(entry.subject)) {
      bad(index, `subject must be one line of 1 to ${MAX_SUBJECT} characters`);
    }
    for (const part of ['html', 'text'] as const) {
      const value = entry[part];
      if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_BODY) bad(index, `${part} must be text of at most ${MAX_BODY} characters`);
    }
    return {
      kind,
      dedupeKey: entry.dedupeKey as string,
      recipient: entry.recipient as string,
      cc: [...new Set(cc as string[])],
      subject: entry.subject as string,
      html: entry.html as string,
      text: entry.text as string,
    };
  });
}
