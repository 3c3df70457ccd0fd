import { EMAIL_MESSAGES, TEST_PAYMENT_MESSAGES } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import { buttonHtml } from './email-layout.js';
import type { EmailAddressView, OrderEmailView } from './order-email-view.js';

export type OrderEmailAudience = 'customer' | 'admin';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Dates as the store reads them: it is in New Jersey (content/site/site.json), hours in ET. */
const placedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/**
 * The order e-mail: the customer's confirmation, or the admins' 'New Order' (same order details plus
 * the customer's contact). HTML in the table layout mail clients render reliably, with inline styles,
 * and a plain-text part. Every value from the order is escaped: names, notes and addresses are
 * shopper input.
 */
export function renderOrderEmail(view: OrderEmailView, audience: OrderEmailAudience): RenderedEmail {
  const plainSubject = audience === 'admin' ? EMAIL_MESSAGES.adminSubject(view.orderNumber) : EMAIL_MESSAGES.customerSubject(view.orderNumber);
  const subject = view.testPayment ? `${TEST_PAYMENT_MESSAGES.subjectPrefix}${plainSubject}` : plainSubject;
  return { subject, html: renderHtml(view, audience, subject), text: renderText(view, audience) };
}

interface TotalLine {
  label: string;
  amount: string;
  strong?: boolean;
}

function totalLines(view: OrderEmailView): TotalLine[] {
  const lines: TotalLine[] = [
    { label: 'Subtotal', amount: formatCents(view.subtotal) },
    { label: `Shipping (${view.shippingLabel})`, amount: formatCents(view.shippingAmount) },
  ];
  // Spec: tax (and discount) lines only when above 0, as on the cart summary.
  if (view.taxAmount > 0) {
    lines.push({ label: view.taxPercent !== null ? `Tax (${view.taxPercent}%)` : 'Tax', amount: formatCents(view.taxAmount) });
  }
  if (view.discountAmount > 0) lines.push({ label: 'Discount', amount: `-${formatCents(view.discountAmount)}` });
  lines.push({ label: 'Total', amount: formatCents(view.total), strong: true });
  if (view.split) {
    lines.push({ label: 'Paid so far', amount: formatCents(view.split.paid) });
    lines.push({ label: 'Remaining balance', amount: formatCents(view.split.remaining), strong: true });
  }
  return lines;
}

/** The words of the complete-payment link (order and split-payment e-mails alike). */
export const PAY_REMAINING_BALANCE = 'Pay the remaining balance';

/** The split-payment block under the totals: the balance and the link to pay it, or that it is paid. */
function splitHtml(view: OrderEmailView): string {
  if (!view.split) return '';
  const body = view.split.completePaymentLink
    ? `This order is paid in instalments: ${h(formatCents(view.split.remaining))} of ${h(formatCents(view.split.total))} remains to be paid.<br><br>${buttonHtml(view.split.completePaymentLink, PAY_REMAINING_BALANCE)}`
    : `This order was paid in instalments and is paid in full.`;
  return `
          <tr>
            <td style="${CELL}padding:0 24px 16px;"><strong>Split payment</strong><br>${body}</td>
          </tr>`;
}

function splitText(view: OrderEmailView): string[] {
  if (!view.split) return [];
  return view.split.completePaymentLink
    ? ['', `Split payment: ${formatCents(view.split.remaining)} of ${formatCents(view.split.total)} remains to be paid.`, `${PAY_REMAINING_BALANCE}: ${view.split.completePaymentLink}`]
    : ['', 'Split payment: this order was paid in instalments and is paid in full.'];
}

function paymentText(view: OrderEmailView): string | null {
  if (!view.payment) return null;
  return view.payment.card ? `${view.payment.label} (${view.payment.card})` : view.payment.label;
}

function intro(view: OrderEmailView, audience: OrderEmailAudience): { heading: string; lead: string } {
  const date = placedDate.format(view.placedAt);
  if (audience === 'admin') {
    const partlyPaid = view.split !== null && view.split.remaining > 0;
    return { heading: 'New Order', lead: `Order #${view.orderNumber} was placed on ${date} and ${partlyPaid ? 'its first instalment paid' : 'paid'}.` };
  }
  const firstName = view.customer.name.split(' ')[0] || view.customer.name;
  return {
    heading: `Thank you for your order${firstName ? `, ${firstName}` : ''}!`,
    lead: `We have received your order #${view.orderNumber}, placed on ${date}. Here are the details.`,
  };
}

// --- HTML ------------------------------------------------------------------------------------------

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const CELL = `${FONT}font-size:14px;line-height:20px;color:#333333;`;
const MUTED = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;`;
const HEAD_CELL = `${FONT}font-size:12px;line-height:18px;color:#6b6b6b;text-transform:uppercase;border-bottom:1px solid #dddddd;padding:8px 6px;`;

function renderHtml(view: OrderEmailView, audience: OrderEmailAudience, subject: string): string {
  const { heading, lead } = intro(view, audience);
  const payment = paymentText(view);
  const rows = view.items
    .map(
      (item) => `
              <tr>
                <td style="${CELL}padding:8px 6px;border-bottom:1px solid #eeeeee;">${h(item.name)}<br><span style="${MUTED}">SKU: ${h(item.sku)}${
                  item.finish ? `<br>Finish: ${h(item.finish)}` : ''
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
  const customerBlock =
    audience === 'admin'
      ? `
          <tr>
            <td style="${CELL}padding:0 24px 16px;">
              <strong>Customer</strong><br>${h(view.customer.name)}<br><a href="mailto:${h(view.customer.email)}" style="color:#7a4b2a;">${h(
                view.customer.email,
              )}</a>${view.customer.phone ? `<br>${h(view.customer.phone)}` : ''}
            </td>
          </tr>`
      : '';
  const notes = view.additionalNotes
    ? `
          <tr>
            <td style="${CELL}padding:0 24px 16px;"><strong>Notes</strong><br>${h(view.additionalNotes).replace(/\r?\n/g, '<br>')}</td>
          </tr>`
    : '';
  const contact = [view.store.email ? h(view.store.email) : '', view.store.phone ? h(view.store.phone) : ''].filter(Boolean).join(' &middot; ');

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
            <td style="${FONT}font-size:20px;line-height:28px;font-weight:bold;color:#ffffff;background-color:#7a4b2a;padding:16px 24px;">${h(view.store.name)}</td>
          </tr>
          <tr>
            <td style="padding:24px 24px 8px;">
              ${
                view.testPayment
                  ? `<p style="${FONT}font-size:14px;line-height:20px;font-weight:bold;color:#7a2a0c;background-color:#fff4e5;border:1px solid #f0c080;padding:8px 12px;margin:0 0 16px;">${h(TEST_PAYMENT_MESSAGES.testPayment)}</p>`
                  : ''
              }<h1 style="${FONT}font-size:22px;line-height:30px;color:#222222;margin:0 0 8px;">${h(heading)}</h1>
              <p style="${CELL}margin:0;">${h(lead)}</p>${
                view.viewUrl
                  ? `<p style="${CELL}margin:16px 0 0;"><a href="${h(view.viewUrl)}" style="display:inline-block;background-color:#7a4b2a;color:#ffffff;text-decoration:none;padding:10px 18px;font-weight:bold;">View your order</a></p>`
                  : ''
              }
            </td>
          </tr>${customerBlock}
          <tr>
            <td style="padding:8px 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
                <tr>
                  <th align="left" style="${HEAD_CELL}">Item</th>
                  <th align="center" style="${HEAD_CELL}">Qty</th>
                  <th align="right" style="${HEAD_CELL}">Price</th>
                  <th align="right" style="${HEAD_CELL}">Total</th>
                </tr>${rows}${totals}
              </table>
            </td>
          </tr>
          <tr>
            <td style="padding:0 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
                <tr>
                  <td valign="top" width="50%" style="${CELL}padding:0 12px 0 0;">${addressHtml('Billing address', view.billing)}</td>
                  <td valign="top" width="50%" style="${CELL}">${addressHtml('Shipping address', view.shipping)}</td>
                </tr>
              </table>
            </td>
          </tr>
          <tr>
            <td style="${CELL}padding:0 24px 16px;"><strong>Shipping method</strong><br>${h(view.shippingLabel)}${
              payment ? `<br><br><strong>Payment method</strong><br>${h(payment)}` : ''
            }</td>
          </tr>${splitHtml(view)}${notes}
          <tr>
            <td style="${MUTED}padding:16px 24px;border-top:1px solid #eeeeee;">${
              audience === 'customer' ? `Questions about your order? Reply to this e-mail or contact us${contact ? `: ${contact}` : '.'}<br>` : ''
            }${h(view.store.name)}</td>
          </tr>
        </table>
      </td>
    </tr>
  </table>
</body>
</html>
`;
}

function addressHtml(title: string, address: EmailAddressView | null): string {
  if (!address) return `<strong>${h(title)}</strong><br>—`;
  return `<strong>${h(title)}</strong><br>${[address.name, ...address.lines, address.phone].filter(Boolean).map(h).join('<br>')}`;
}

// --- plain text ------------------------------------------------------------------------------------

function renderText(view: OrderEmailView, audience: OrderEmailAudience): string {
  const { heading, lead } = intro(view, audience);
  const lines: string[] = [...(view.testPayment ? [TEST_PAYMENT_MESSAGES.testPayment, ''] : []), heading, '', lead, ''];
  if (view.viewUrl) lines.push(`View your order: ${view.viewUrl}`, '');
  if (audience === 'admin') {
    lines.push('Customer', view.customer.name, view.customer.email, ...(view.customer.phone ? [view.customer.phone] : []), '');
  }
  lines.push('Items');
  for (const item of view.items) {
    lines.push(`- ${item.name}`, `  SKU: ${item.sku}${item.finish ? ` | Finish: ${item.finish}` : ''}`);
    lines.push(`  ${item.qty} x ${formatCents(item.unitPrice)} = ${formatCents(item.rowTotal)}`);
  }
  lines.push('');
  for (const line of totalLines(view)) lines.push(`${line.label}: ${line.amount}`);
  lines.push('', ...addressText('Billing address', view.billing), '', ...addressText('Shipping address', view.shipping), '');
  lines.push(`Shipping method: ${view.shippingLabel}`);
  const payment = paymentText(view);
  if (payment) lines.push(`Payment method: ${payment}`);
  lines.push(...splitText(view));
  if (view.additionalNotes) lines.push('', 'Notes', view.additionalNotes);
  lines.push('');
  if (audience === 'customer') {
    const contact = [view.store.email, view.store.phone].filter(Boolean).join(' | ');
    lines.push(`Questions about your order? Reply to this e-mail or contact us${contact ? `: ${contact}` : '.'}`);
  }
  lines.push(view.store.name, '');
  return lines.join('\n');
}

function addressText(title: string, address: EmailAddressView | null): string[] {
  if (!address) return [title, '-'];
  return [title, address.name, ...address.lines, address.phone].filter(Boolean);
}
