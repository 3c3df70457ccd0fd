import {
  ESTIMATE_CONSTANTS,
  formEmailKey,
  type FormNotification,
  type FormNotificationField,
  type QueuedFormEmail,
} from '@storefront/contracts';
import { formatPriceRange } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';

/** Who the e-mail is from, for its greeting and footer (content/site/site.json). */
export interface StoreView {
  name: string;
  email?: string;
  phone?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The copy of a confirmation: subject and first paragraph (`{store}` and `{form}` are replaced). */
interface ConfirmationCopy {
  subject: string;
  lead: string;
}

/**
 * Confirmation copy per `emailNotifications.emailTemplateId` of content/forms. An id not listed here
 * gets DEFAULT_CONFIRMATION, so a new form sends a sensible e-mail before it has copy of its own.
 */
export const CONFIRMATION_TEMPLATES: Record<string, ConfirmationCopy> = {
  'contact-confirmation': {
    subject: 'We have received your message',
    lead: 'Thank you for contacting {store}. A cabinet specialist will get back to you within one business day.',
  },
  'appointment-confirmation': {
    subject: 'We have received your appointment request',
    lead: 'Thank you for booking with {store}. A designer will contact you shortly to confirm the time.',
  },
  'claim-received': {
    subject: 'We have received your claim',
    lead: 'We are sorry something went wrong. Our claims team at {store} will review your claim and contact you within two business days.',
  },
  'dealer-application': {
    subject: 'We have received your dealer application',
    lead: 'Thank you for your interest in becoming a {store} dealer. Our dealer team will review your application and contact you.',
  },
  'free-kitchen-design': {
    subject: 'We have received your free kitchen design request',
    lead: 'Thank you! A {store} designer will start on your kitchen plan and contact you with any questions.',
  },
  'here-to-help': {
    subject: 'We have received your request',
    lead: 'Thank you for reaching out to {store}. We are here to help and will get back to you soon.',
  },
  'registration-received': {
    subject: 'We have received your registration',
    lead: 'Thank you for registering with {store}. We will let you know once your account is ready.',
  },
};

export const DEFAULT_CONFIRMATION: ConfirmationCopy = {
  subject: 'We have received your {form}',
  lead: 'Thank you for contacting {store}. We have received your {form} and will get back to you soon.',
};

export const ESTIMATE_CONFIRMATION: ConfirmationCopy = {
  subject: 'Your {form} estimate from {store}',
  lead: 'Thank you for using the {store} estimator. Here is your estimate.',
};

function fill(template: string, notification: FormNotification, store: StoreView): string {
  return template.replaceAll('{store}', store.name).replaceAll('{form}', notification.formTitle);
}

function confirmationCopy(notification: FormNotification): ConfirmationCopy {
  const named = notification.templateId ? CONFIRMATION_TEMPLATES[notification.templateId] : undefined;
  if (named) return named;
  return notification.kind === 'estimate' ? ESTIMATE_CONFIRMATION : DEFAULT_CONFIRMATION;
}

function estimateTotal(notification: FormNotification): string | null {
  const estimate = notification.estimate;
  return estimate ? formatPriceRange(estimate.min, estimate.max) : null;
}

// --- HTML ------------------------------------------------------------------------------------------

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const CELL = `${FONT}font-size:14px;line-height:20px;color:#333333;`;
const MUTED = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;`;

function rowsHtml(rows: readonly FormNotificationField[]): string {
  return rows
    .map(
      (row) => `
            <tr>
              <td style="${CELL}padding:6px 12px 6px 0;vertical-align:top;font-weight:bold;width:40%;">${h(row.label)}</td>
              <td style="${CELL}padding:6px 0;vertical-align:top;white-space:pre-wrap;">${h(row.value)}</td>
            </tr>`,
    )
    .join('');
}

function section(title: string, rows: readonly FormNotificationField[]): string {
  if (rows.length === 0) return '';
  return `
        <tr><td style="${CELL}padding:16px 24px 4px;font-size:16px;font-weight:bold;">${h(title)}</td></tr>
        <tr><td style="padding:0 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${rowsHtml(rows)}
          </table></td></tr>`;
}

function layoutHtml(subject: string, heading: string, paragraphs: readonly string[], body: string, store: StoreView): string {
  const contact = [store.phone, store.email].filter(Boolean).map((part) => h(part as string)).join(' &middot; ');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${h(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f4;">
    <tr><td align="center" style="padding:24px 8px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background:#ffffff;">
        <tr><td style="${CELL}padding:20px 24px;background:#2f3b2f;color:#ffffff;font-size:18px;font-weight:bold;">${h(store.name)}</td></tr>
        <tr><td style="${CELL}padding:24px 24px 8px;font-size:20px;font-weight:bold;">${h(heading)}</td></tr>
        ${paragraphs.map((paragraph) => `<tr><td style="${CELL}padding:4px 24px;">${h(paragraph)}</td></tr>`).join('\n        ')}
        ${body}
        <tr><td style="${MUTED}padding:24px;border-top:1px solid #eeeeee;">${h(store.name)}${contact ? `<br>${contact}` : ''}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}

// --- text ------------------------------------------------------------------------------------------

function rowsText(rows: readonly FormNotificationField[]): string {
  return rows.map((row) => `${row.label}: ${row.value}`).join('\n');
}

function layoutText(heading: string, paragraphs: readonly string[], sections: readonly [string, readonly FormNotificationField[]][], store: StoreView): string {
  const parts = [heading, '', ...paragraphs];
  for (const [title, rows] of sections) {
    if (rows.length === 0) continue;
    parts.push('', title, rowsText(rows));
  }
  parts.push('', '--', store.name, ...[store.phone, store.email].filter((part): part is string => Boolean(part)));
  return `${parts.join('\n')}\n`;
}

// --- the two e-mails -------------------------------------------------------------------------------

function estimateRows(notification: FormNotification): FormNotificationField[] {
  const total = estimateTotal(notification);
  return total ? [{ label: 'Estimated total', value: total }] : [];
}

/**
 * The submitter's confirmation (or, for the estimator, their estimate). It goes to an address nobody
 * has verified, so it carries only our words: the copy of the form's template and, for the estimator,
 * the server's estimate (its total and summary rows, from content and our pricing). Nothing the
 * visitor typed is in it, not even their name: otherwise anyone could mail any stranger a message of
 * their own under our name. Everything they sent goes to staff (renderStaffNotification).
 */
export function renderConfirmation(notification: FormNotification, store: StoreView): RenderedEmail {
  const copy = confirmationCopy(notification);
  const subject = fill(copy.subject, notification, store);
  const paragraphs = ['Hello,', fill(copy.lead, notification, store)];
  const sections: [string, FormNotificationField[]][] = [];
  if (notification.estimate) {
    paragraphs.push(`This estimate is valid for ${ESTIMATE_CONSTANTS.validDays} days. Final pricing is confirmed with your designer.`);
    sections.push(['Your estimate', estimateRows(notification)], ['Your selections', notification.estimate.rows]);
  }
  const body = sections.map(([title, rows]) => section(title, rows)).join('');
  return {
    subject,
    html: layoutHtml(subject, subject, paragraphs, body, store),
    text: layoutText(subject, paragraphs, sections, store),
  };
}

/** The staff notification: every answer, the submitter's address to reply to, the submission id to find it. */
export function renderStaffNotification(notification: FormNotification, store: StoreView): RenderedEmail {
  const subject = notification.kind === 'estimate' ? `New estimate: ${notification.formTitle}` : `New ${notification.formTitle} submission`;
  const paragraphs = [
    notification.kind === 'estimate'
      ? `A shopper asked for their ${notification.formTitle} estimate by e-mail.`
      : `The ${notification.formTitle} form was submitted on the website.`,
    notification.submitterEmail ? `Reply to: ${notification.submitterEmail}` : 'The submitter left no e-mail address.',
    `Submission: ${notification.submissionId}`,
  ];
  const sections: [string, FormNotificationField[]][] = [];
  if (notification.estimate) sections.push(['Estimate', estimateRows(notification)], ['Selections', notification.estimate.rows]);
  sections.push(['Answers', notification.fields]);
  const body = sections.map(([title, rows]) => section(title, rows)).join('');
  return {
    subject,
    html: layoutHtml(subject, subject, paragraphs, body, store),
    text: layoutText(subject, paragraphs, sections, store),
  };
}

/**
 * The e-mails of one notification for the orders outbox: the confirmation when the submitter gave an
 * address (and `confirmation` is not false: the address's quota is spent), the staff notification
 * when content names staff for the form (first To, the rest cc).
 */
export function renderFormEmails(notification: FormNotification, store: StoreView, staff: readonly string[], options: { confirmation?: boolean } = {}): QueuedFormEmail[] {
  const emails: QueuedFormEmail[] = [];
  if (notification.submitterEmail && options.confirmation !== false) {
    emails.push({
      kind: 'form-confirmation',
      dedupeKey: formEmailKey(notification.submissionId, 'confirmation'),
      recipient: notification.submitterEmail,
      cc: [],
      ...renderConfirmation(notification, store),
    });
  }
  const [recipient, ...cc] = staff;
  if (recipient) {
    emails.push({
      kind: 'form-staff-notification',
      dedupeKey: formEmailKey(notification.submissionId, 'staff'),
      recipient,
      cc,
      ...renderStaffNotification(notification, store),
    });
  }
  return emails;
}
