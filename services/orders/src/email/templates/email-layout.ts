import { escapeHtml as h } from '@storefront/service-kit';
import type { StoreView } from './order-email-view.js';

/** The inline styles the e-mails share (mail clients ignore style sheets). */
export const FONT = 'font-family:Arial,Helvetica,sans-serif;';
export const CELL = `${FONT}font-size:14px;line-height:20px;color:#333333;`;
export const MUTED = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;`;
export const HEAD_CELL = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;text-transform:uppercase;border-bottom:1px solid #dddddd;padding:8px 6px;`;

/** Dates as the store reads them: it is in New Jersey (content/site/site.json), hours in ET. */
export const storeDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** A button-styled link: an inline-block anchor with inline styles. */
export function buttonHtml(href: string, label: string): string {
  return `<a href="${h(href)}" style="display:inline-block;background-color:#7a4b2a;color:#ffffff;text-decoration:none;padding:10px 18px;font-weight:bold;${FONT}font-size:14px;">${h(label)}</a>`;
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

/** The contact line of a customer e-mail's footer. */
export function contactHtml(store: StoreView): string {
  return [store.email ? h(store.email) : '', store.phone ? h(store.phone) : ''].filter(Boolean).join(' &middot; ');
}

export function contactText(store: StoreView): string {
  return [store.email, store.phone].filter(Boolean).join(' | ');
}

/**
 * The frame of a customer e-mail (the order e-mail's): the store's name as the header, `heading`
 * and `lead` (plain text, escaped here), then `rows` (table rows, already escaped HTML), then the
 * footer with the store's contact.
 */
export function emailLayoutHtml({ subject, store, heading, lead, rows, footer }: { subject: string; store: StoreView; heading: string; lead: string; rows: string; footer: string }): string {
  const contact = contactHtml(store);
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
              <h1 style="${FONT}font-size:22px;line-height:30px;color:#222222;margin:0 0 8px;">${h(heading)}</h1>
              <p style="${CELL}margin:0;">${h(lead)}</p>
            </td>
          </tr>${rows}
          <tr>
            <td style="${MUTED}padding:16px 24px;border-top:1px solid #eeeeee;">${h(footer)} Reply to this e-mail or contact us${contact ? `: ${contact}` : '.'}<br>${h(store.name)}</td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</body>
</html>
`;
}
