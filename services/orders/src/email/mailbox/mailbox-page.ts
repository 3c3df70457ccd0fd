import type { MailboxMessage } from '@storefront/contracts';
import { escapeHtml as h, standalonePage } from '@storefront/service-kit';

/** The list page's own CSP: nothing runs, only its inline style applies. */
export const MAILBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
/**
 * A message's HTML is shown as sent, so it gets a sandbox: no scripts, no forms, no plugins, a unique
 * origin, nothing loaded from elsewhere (a message could carry anything its data did).
 */
export const MAILBOX_MESSAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

const sentTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** GET /dev/mailbox: every message, newest first, each linking to its HTML. */
export function renderMailboxPage(messages: readonly MailboxMessage[]): string {
  const list =
    messages.length === 0
      ? '<p>No messages yet.</p>'
      : `<ol class="messages">${messages
          .map(
            (message) => `
    <li>
      <h2><a href="/dev/mailbox/messages/${h(message.id)}">${h(message.subject)}</a></h2>
      <dl>
        <dt>To</dt><dd>${h(message.to)}</dd>${message.cc.length > 0 ? `\n        <dt>Cc</dt><dd>${h(message.cc.join(', '))}</dd>` : ''}
        <dt>Sent</dt><dd><time datetime="${h(message.sentAt)}">${h(sentTime.format(new Date(message.sentAt)))} UTC</time></dd>
      </dl>
    </li>`,
          )
          .join('')}
  </ol>`;
  return standalonePage({
    title: 'Local mailbox',
    head: `<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #222; }
  .messages { list-style: none; padding: 0; }
  .messages li { border-bottom: 1px solid #ddd; padding: 0.75rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0 0.75rem; margin: 0; }
  dt { color: #555; }
  dd { margin: 0; }
  a { color: #0b5cad; }
</style>`,
    body: `<main>
  <h1>Local mailbox</h1>
  <p>E-mail the orders service sent while no SMTP server is configured (SMTP_URL), newest first. As JSON: <a href="/dev/mailbox/messages.json">messages.json</a>.</p>
  ${list}
</main>`,
  });
}
