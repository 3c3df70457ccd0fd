import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import type { RecordTotals } from '@storefront/contracts';
import type { EmailItemView, StoreView } from './order-email-view.js';

/**
 * The one layout of the orders service's customer e-mails (order, quote payment link, split
 * payment): the page shell, the item table with its totals, the button and the footer, each with its
 * plain-text twin where the text body repeats it, so the e-mails cannot drift apart.
 */

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The inline styles the e-mails share (mail clients ignore style sheets). */
export const FONT = 'font-family:Arial,Helvetica,sans-serif;';
export const CELL = `${FONT}font-size:14px;line-height:20px;color:#333333;`;
export const MUTED = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;`;
export const HEAD_CELL = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;text-transform:uppercase;border-bottom:1px solid #dddddd;padding:8px 6px;`;
const BUTTON = 'display:inline-block;background-color:#7a4b2a;color:#ffffff;text-decoration:none;padding:10px 18px;font-weight:bold;';

/** Dates as the store reads them: it is in New Jersey (content/site/site.json), hours in ET. */
export const storeDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/**
 * A button-styled link: an inline-block anchor with inline styles. `ownFont: false` leaves the font
 * to the surrounding cell, as the order e-mail's "View your order" link has always done.
 */
export function buttonHtml(href: string, label: string, { ownFont = true }: { ownFont?: boolean } = {}): string {
  return `<a href="${h(href)}" style="${BUTTON}${ownFont ? `${FONT}font-size:14px;` : ''}">${h(label)}</a>`;
}

/** A label / amount row of a two-column summary table (both already escaped by the caller or plain). */
export function summaryRowHtml(label: string, amount: string, strong = false): string {
  const weight = strong ? 'font-weight:bold;' : '';
  return `
                <tr>
                  <td style="${CELL}padding:4px 6px;${weight}">${h(label)}</td>
                  <td align="right" style="${CELL}padding:4px 6px;${weight}">${h(amount)}</td>
                </tr>`;
}

/** A full-width block of the body in the body text's style (`html` already escaped). */
export function blockRowHtml(html: string): string {
  return `
          <tr>
            <td style="${CELL}padding:0 24px 16px;">${html}</td>
          </tr>`;
}

// --- items and totals -------------------------------------------------------------------------------

/** What an item row shows; `detail` adds a line under the SKU (an order's finish, a quote's notes). */
export type EmailItemLine = Pick<EmailItemView, 'name' | 'sku' | 'qty' | 'unitPrice' | 'rowTotal'>;
export type ItemDetail<T> = (item: T) => string | null;

export interface TotalLine {
  label: string;
  amount: string;
  strong?: boolean;
}

/** Subtotal, shipping, tax and discount (only above 0, as on the cart summary and the quote page), total. */
export function totalLines(view: RecordTotals, taxLabel = 'Tax'): TotalLine[] {
  const lines: TotalLine[] = [
    { label: 'Subtotal', amount: formatCents(view.subtotal) },
    { label: `Shipping (${view.shippingLabel})`, amount: formatCents(view.shippingAmount) },
  ];
  if (view.taxAmount > 0) lines.push({ label: taxLabel, amount: formatCents(view.taxAmount) });
  if (view.discountAmount > 0) lines.push({ label: 'Discount', amount: `-${formatCents(view.discountAmount)}` });
  lines.push({ label: 'Total', amount: formatCents(view.total), strong: true });
  return lines;
}

function itemRowsHtml<T extends EmailItemLine>(items: readonly T[], detail: ItemDetail<T>): string {
  return items
    .map((item) => {
      const extra = detail(item);
      return `
                <tr>
                  <td style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(item.name)}<br><span style="${MUTED}">SKU: ${h(item.sku)}${extra ? `<br>${h(extra)}` : ''}</span></td>
                  <td align="center" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(item.qty)}</td>
                  <td align="right" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(formatCents(item.unitPrice))}</td>
                  <td align="right" style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(formatCents(item.rowTotal))}</td>
                </tr>`;
    })
    .join('');
}

function totalRowsHtml(totals: readonly TotalLine[]): string {
  return totals
    .map((line) => {
      const weight = line.strong ? 'font-weight:bold;' : '';
      return `
                <tr>
                  <td colspan="3" align="right" style="${CELL}padding:4px 6px;${weight}">${h(line.label)}</td>
                  <td align="right" style="${CELL}padding:4px 6px;${weight}">${h(line.amount)}</td>
                </tr>`;
    })
    .join('');
}

/** The item table (Item, Qty, Price, Total) with the totals under it, as one body row. */
export function itemTableHtml<T extends EmailItemLine>(items: readonly T[], totals: readonly TotalLine[], detail: ItemDetail<T>): string {
  return `
          <tr>
            <td style="padding:8px 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
                <tr>
                  <th align="left" style="${HEAD_CELL}">Item</th>
                  <th align="center" style="${HEAD_CELL}">Qty</th>
                  <th align="right" style="${HEAD_CELL}">Price</th>
                  <th align="right" style="${HEAD_CELL}">Total</th>
                </tr>${itemRowsHtml(items, detail)}${totalRowsHtml(totals)}
              </table>
            </td>
          </tr>`;
}

/** The item table's plain text: "Items", each item on three lines, a blank line, then "label: amount". */
export function itemTableText<T extends EmailItemLine>(items: readonly T[], totals: readonly TotalLine[], detail: ItemDetail<T>): string[] {
  const lines = ['Items'];
  for (const item of items) {
    const extra = detail(item);
    lines.push(`- ${item.name}`, `  SKU: ${item.sku}${extra ? ` | ${extra}` : ''}`, `  ${item.qty} x ${formatCents(item.unitPrice)} = ${formatCents(item.rowTotal)}`);
  }
  lines.push('');
  for (const line of totals) lines.push(`${line.label}: ${line.amount}`);
  return lines;
}

// --- the page shell -----------------------------------------------------------------------------

/** The footer's invitation: `question` (e.g. "Questions about your order?") then the store's contact. */
function contactLine(question: string, contact: string): string {
  return `${question} Reply to this e-mail or contact us${contact ? `: ${contact}` : '.'}`;
}

function contactHtml(store: StoreView): string {
  return [store.email ? h(store.email) : '', store.phone ? h(store.phone) : ''].filter(Boolean).join(' &middot; ');
}

/** The text body's footer lines: the invitation (none when `question` is null) and the store's name. */
export function footerText(store: StoreView, question: string | null): string[] {
  const contact = [store.email, store.phone].filter(Boolean).join(' | ');
  return [...(question ? [contactLine(question, contact)] : []), store.name, ''];
}

/**
 * The frame of a customer e-mail: the store's name as the header, an optional `notice` (HTML) above
 * `heading` and `lead` (plain text, escaped here), an optional `action` (HTML) under the lead, then
 * `rows` (table rows, already escaped HTML), then the footer: `footer`'s question with the store's
 * contact (none when null, as in the staff's order e-mail) and the store's name.
 */
export function emailLayoutHtml({
  subject,
  store,
  notice = '',
  heading,
  lead,
  action = '',
  rows,
  footer,
}: {
  subject: string;
  store: StoreView;
  notice?: string;
  heading: string;
  lead: string;
  action?: string;
  rows: string;
  footer: string | null;
}): string {
  const invitation = footer ? `${contactLine(h(footer), contactHtml(store))}<br>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f1ec;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f1ec;">
    <tr>
      <td align="center" style="padding:24px 12px;">
        <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #e4ded4;">
          <tr>
            <td style="${FONT}font-size:20px;line-height:28px;font-weight:bold;color:#ffffff;background-color:#7a4b2a;padding:16px 24px;">${h(store.name)}</td>
          </tr>
          <tr>
            <td style="padding:24px 24px 8px;">
              ${notice}<h1 style="${FONT}font-size:22px;line-height:30px;color:#222222;margin:0 0 8px;">${h(heading)}</h1>
              <p style="${CELL}margin:0;">${h(lead)}</p>${action}
            </td>
          </tr>${rows}
          <tr>
            <td style="${MUTED}padding:16px 24px;border-top:1px solid #eeeeee;">${invitation}${h(store.name)}</td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</body>
</html>
`;
}
