import { escapeHtml as h } from '@storefront/service-kit';
import { blockRowHtml, buttonHtml, emailLayoutHtml, footerText, type RenderedEmail } from './email-layout.js';
import type { StoreView } from './order-email-view.js';

export const EMAIL_VERIFICATION_EMAIL = { subject: 'Please verify your email address', button: 'Verify my email address' } as const;
export const PASSWORD_CHANGED_EMAIL = { subject: 'Your password was changed', button: 'Reset my password' } as const;

/** The verification e-mail: the single-use link (button and text) and how long it works. */
export function renderEmailVerification(view: { firstName: string; verifyLink: string; validHours: number; store: StoreView }): RenderedEmail {
  const subject = EMAIL_VERIFICATION_EMAIL.subject;
  const heading = `Verify your email address${view.firstName ? `, ${view.firstName}` : ''}`;
  const lead = `Please confirm that this address belongs to your ${view.store.name} account. The link below works once, for ${view.validHours} hours.`;
  const notYou = 'If you did not open an account with us, you can ignore this e-mail.';
  const action = `<p style="margin:16px 0 0;">${buttonHtml(view.verifyLink, EMAIL_VERIFICATION_EMAIL.button)}</p>`;
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, action, rows: blockRowHtml(h(notYou)), footer: 'Questions about your account?' });
  const text = [heading, '', lead, '', `${EMAIL_VERIFICATION_EMAIL.button}: ${view.verifyLink}`, '', notYou, ...footerText(view.store, 'Questions about your account?')].join('\n');
  return { subject, html, text };
}

/**
 * "Your password was changed": no link carries a secret; the way back for an owner who did not do
 * it is the forgot-password page (a reset ends every session, the intruder's too).
 */
export function renderPasswordChanged(view: { firstName: string; forgotPasswordLink: string; store: StoreView }): RenderedEmail {
  const subject = PASSWORD_CHANGED_EMAIL.subject;
  const heading = `Your password was changed${view.firstName ? `, ${view.firstName}` : ''}`;
  const lead = `The password of your ${view.store.name} account was just changed, and every other device was signed out.`;
  const notYou = 'If this was not you, reset your password now with the link below: it signs out everyone who is using your account.';
  const action = `<p style="margin:16px 0 0;">${buttonHtml(view.forgotPasswordLink, PASSWORD_CHANGED_EMAIL.button)}</p>`;
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, action, rows: blockRowHtml(h(notYou)), footer: 'Questions about your account?' });
  const text = [heading, '', lead, '', notYou, `${PASSWORD_CHANGED_EMAIL.button}: ${view.forgotPasswordLink}`, ...footerText(view.store, 'Questions about your account?')].join('\n');
  return { subject, html, text };
}
