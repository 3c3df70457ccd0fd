import { formatCents } from '@storefront/money';
import { escapeHtml, standalonePage } from '@storefront/service-kit';

/**
 * The sandbox's own pages (3-D Secure challenge, PayPal approval): plain HTML forms, no script and
 * no style at all, so the CSP can forbid everything but posting the form back to this origin.
 */

export const SANDBOX_PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

interface PageOptions {
  title: string;
  heading: string;
  intro: string;
  amountCents: number;
  action: string;
  buttons: { name: string; value: string; label: string }[];
}

export function sandboxFormPage(options: PageOptions): string {
  const buttons = options.buttons
    .map((b) => `<button type="submit" name="${escapeHtml(b.name)}" value="${escapeHtml(b.value)}">${escapeHtml(b.label)}</button>`)
    .join('\n      ');
  return standalonePage({
    title: options.title,
    body: `  <main>
    <h1>${escapeHtml(options.heading)}</h1>
    <p>${escapeHtml(options.intro)}</p>
    <p>Amount: <strong>${escapeHtml(formatCents(options.amountCents))}</strong></p>
    <form method="post" action="${escapeHtml(options.action)}">
      ${buttons}
    </form>
    <p>Sandbox: no money moves.</p>
  </main>`,
  });
}

export function sandboxMessagePage(title: string, message: string): string {
  return standalonePage({
    title,
    body: `  <main>
    <h1>${escapeHtml(title)}</h1>
    <p>${escapeHtml(message)}</p>
  </main>`,
  });
}
