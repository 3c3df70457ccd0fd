import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import { CELL, HEAD_CELL, MUTED, buttonHtml, contactText, emailLayoutHtml } from './email-layout.js';
import type { RenderedEmail } from './order-email.js';
import type { StoreView } from './order-email-view.js';

/** What the quote payment-link e-mail shows (amounts in cents). */
export interface QuotePaymentLinkView {
  quoteNumber: string;
  customerName: string;
  items: { name: string; sku: string; qty: number; unitPrice: number; rowTotal: number; notes: string | null }[];
  subtotal: number;
  shippingLabel: string;
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
  total: number;
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

function totalLines(view: QuotePaymentLinkView): { label: string; amount: string; strong?: boolean }[] {
  const lines: { label: string; amount: string; strong?: boolean }[] = [
    { label: 'Subtotal', amount: formatCents(view.subtotal) },
    { label: `Shipping (${view.shippingLabel})`, amount: formatCents(view.shippingAmount) },
  ];
  // as on the quote payment page: tax and discount only above 0
  if (view.taxAmount > 0) lines.push({ label: 'Tax', amount: formatCents(view.taxAmount) });
  if (view.discountAmount > 0) lines.push({ label: 'Discount', amount: `-${formatCents(view.discountAmount)}` });
  lines.push({ label: 'Total', amount: formatCents(view.total), strong: true });
  return lines;
}

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

  const items = view.items
    .map(
      (item) => `
                <tr>
                  <td style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(item.name)}<br><span style="${MUTED}">SKU: ${h(item.sku)}${
                    item.notes ? `<br>${h(item.notes)}` : ''
                  }</span></td>
                  <td align="center" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(item.qty)}</td>
                  <td align="right" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(formatCents(item.unitPrice))}</td>
                  <td align="right" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(formatCents(item.rowTotal))}</td>
                </tr>`,
    )
    .join('');
  const totals = totalLines(view)
    .map(
      (line) => `
                <tr>
                  <td colspan="3" align="right" style="${CELL}padding:4px 6px;${line.strong ? 'font-weight:bold;' : ''}">${h(line.label)}</td>
                  <td align="right" style="${CELL}padding:4px 6px;${line.strong ? 'font-weight:bold;' : ''}">${h(line.amount)}</td>
                </tr>`,
    )
    .join('');
  const button = `
          <tr>
            <td style="${CELL}padding:8px 24px 16px;">${buttonHtml(view.paymentLink, QUOTE_EMAIL.button)}<br><span style="${MUTED}">${h(expires)}</span></td>
          </tr>`;
  const rows = `${button}
          <tr>
            <td style="padding:8px 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
                <tr>
                  <th align="left" style="${HEAD_CELL}">Item</th>
                  <th align="center" style="${HEAD_CELL}">Qty</th>
                  <th align="right" style="${HEAD_CELL}">Price</th>
                  <th align="right" style="${HEAD_CELL}">Total</th>
                </tr>${items}${totals}
              </table>
            </td>
          </tr>
          <tr>
            <td style="${MUTED}padding:0 24px 16px;">If the link has expired, contact us for a new one. Do not forward this e-mail: the link lets anyone pay this quote.</td>
          </tr>`;
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, rows, footer: 'Questions about your quote?' });

  const lines = [heading, '', lead, '', `${QUOTE_EMAIL.button}: ${view.paymentLink}`, expires, '', 'Items'];
  for (const item of view.items) {
    lines.push(`- ${item.name}`, `  SKU: ${item.sku}${item.notes ? ` | ${item.notes}` : ''}`, `  ${item.qty} x ${formatCents(item.unitPrice)} = ${formatCents(item.rowTotal)}`);
  }
  lines.push('');
  for (const line of totalLines(view)) lines.push(`${line.label}: ${line.amount}`);
  const contact = contactText(view.store);
  lines.push('', 'If the link has expired, contact us for a new one.', `Questions about your quote? Reply to this e-mail or contact us${contact ? `: ${contact}` : '.'}`, view.store.name, '');
  return { subject, html, text: lines.join('\n') };
}

