import { escapeHtml as h } from '@storefront/service-kit';
import { MUTED, blockRowHtml, buttonHtml, emailLayoutHtml, footerText, type RenderedEmail } from './email-layout.js';
import type { StoreView } from './order-email-view.js';

/** What the password reset e-mail shows. */
export interface PasswordResetView {
  firstName: string;
  /** the absolute reset link (it carries the single-use token) */
  resetLink: string;
  /** how long the link works, in minutes */
  validMinutes: number;
  store: StoreView;
}

export const PASSWORD_RESET_EMAIL = {
  subject: 'Reset your password',
  button: 'Choose a new password',
} as const;

/**
 * The e-mail with a password reset link (POST /api/my-account/password/forgot): the link as a
 * button and as text, how long it works, and what to do if the customer did not ask. No
 * account detail beyond the first name; every value is escaped.
 */
export function renderPasswordReset(view: PasswordResetView): RenderedEmail {
  const subject = PASSWORD_RESET_EMAIL.subject;
  const heading = `Reset your password${view.firstName ? `, ${view.firstName}` : ''}`;
  const lead = `We received a request to reset the password of your ${view.store.name} account. The link below works once, for ${view.validMinutes} minutes.`;
  const notAsked = 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.';
  const action = `<p style="margin:16px 0 0;">${buttonHtml(view.resetLink, PASSWORD_RESET_EMAIL.button)}</p>`;
  const rows = [
    blockRowHtml(`<span style="${MUTED}">If the button does not work, copy this address into your browser:<br>${h(view.resetLink)}</span>`),
    blockRowHtml(h(notAsked)),
  ].join('');
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, action, rows, footer: 'Questions about your account?' });
  const text = [heading, '', lead, '', `${PASSWORD_RESET_EMAIL.button}: ${view.resetLink}`, '', notAsked, ...footerText(view.store, 'Questions about your account?')].join('\n');
  return { subject, html, text };
}
