import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import { CELL, MUTED, buttonHtml, emailLayoutHtml, footerText, itemTableHtml, itemTableText, totalLines, type EmailItemLine, type RenderedEmail } from './email-layout.js';
import type { RecordTotals } from '@storefront/contracts';
import type { StoreView } from './order-email-view.js';

/** What the quote payment-link e-mail shows (amounts in cents). */
export interface QuotePaymentLinkView extends RecordTotals {
  quoteNumber: string;
  customerName: string;
  items: (EmailItemLine & { notes: string | null })[];
  /** the absolute quote payment link (it carries the link's token) */
  paymentLink: string;
  expiresAt: Date;
  store: StoreView;
}

export const QUOTE_EMAIL = {
  subject: (quoteNumber: string) => `Your quote ${quoteNumber} is ready to pay`,
  button: 'Review and pay your quote',
} as const;

/** Expiry with the time: a link of 30 minutes and one of 14 days both read right (ET, the store's time). */
const expiryFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' });

/** A quote item's line under its SKU: the staff's notes, if any. */
const notesDetail = (item: { notes: string | null }): string | null => item.notes;

/**
 * The e-mail that sends a customer their quote's payment link (back office `quote create|link --send`):
 * the quote number, its items and totals, the link as a button and when it expires. Every value is escaped.
 */
export function renderQuotePaymentLink(view: QuotePaymentLinkView): RenderedEmail {
  const subject = QUOTE_EMAIL.subject(view.quoteNumber);
  const firstName = view.customerName.split(' ')[0] || view.customerName;
  const heading = `Your quote is ready${firstName ? `, ${firstName}` : ''}`;
  const lead = `Quote ${view.quoteNumber} comes to ${formatCents(view.total)}. Review it and pay securely online with the link below.`;
  const expires = `This link works until ${expiryFormat.format(view.expiresAt)} (ET).`;
  // as on the quote payment page: a plain "Tax" label, tax and discount only above 0
  const totals = totalLines(view);

  const button = `
          <tr>
            <td style="${CELL}padding:8px 24px 16px;">${buttonHtml(view.paymentLink, QUOTE_EMAIL.button)}<br><span style="${MUTED}">${h(expires)}</span></td>
          </tr>`;
  const rows = `${button}${itemTableHtml(view.items, totals, notesDetail)}
          <tr>
            <td style="${MUTED}padding:0 24px 16px;">If the link has expired, contact us for a new one. Do not forward this e-mail: the link lets anyone pay this quote.</td>
          </tr>`;
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, rows, footer: 'Questions about your quote?' });

  const lines = [heading, '', lead, '', `${QUOTE_EMAIL.button}: ${view.paymentLink}`, expires, '', ...itemTableText(view.items, totals, notesDetail)];
  lines.push('', 'If the link has expired, contact us for a new one.', ...footerText(view.store, 'Questions about your quote?'));
  return { subject, html, text: lines.join('\n') };
}
