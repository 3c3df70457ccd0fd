import { escapeHtml as h } from '@storefront/service-kit';
import { blockRowHtml, buttonHtml, emailLayoutHtml, footerText, type RenderedEmail } from './email-layout.js';
import type { StoreView } from './order-email-view.js';

/** What the "an account already exists" e-mail shows. */
export interface AccountExistsView {
  firstName: string;
  /** the absolute address of the sign-in page */
  signInLink: string;
  /** the absolute address of the forgot-password page */
  forgotPasswordLink: string;
  store: StoreView;
}

export const ACCOUNT_EXISTS_EMAIL = {
  subject: 'You already have an account',
  button: 'Sign in',
} as const;

/**
 * Sent instead of creating a second account when someone registers with an e-mail that has one
 * (the registration answers as if it had worked, so it does not tell who has an account): the owner
 * learns of the attempt and how to get in. No link carries a secret.
 */
export function renderAccountExists(view: AccountExistsView): RenderedEmail {
  const subject = ACCOUNT_EXISTS_EMAIL.subject;
  const heading = `You already have an account${view.firstName ? `, ${view.firstName}` : ''}`;
  const lead = `Someone, probably you, tried to register a new ${view.store.name} account with this e-mail address. It already has an account, so no new one was made.`;
  const forgot = `Forgot your password? Choose a new one: ${view.forgotPasswordLink}`;
  const notYou = 'If it was not you, you can ignore this e-mail: nothing about your account changed.';
  const action = `<p style="margin:16px 0 0;">${buttonHtml(view.signInLink, ACCOUNT_EXISTS_EMAIL.button)}</p>`;
  const rows = [blockRowHtml(h(forgot)), blockRowHtml(h(notYou))].join('');
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, action, rows, footer: 'Questions about your account?' });
  const text = [heading, '', lead, '', `${ACCOUNT_EXISTS_EMAIL.button}: ${view.signInLink}`, forgot, '', notYou, ...footerText(view.store, 'Questions about your account?')].join('\n');
  return { subject, html, text };
}
