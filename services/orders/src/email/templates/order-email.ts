import { EMAIL_MESSAGES, TEST_PAYMENT_MESSAGES } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import {
  CELL,
  FONT,
  blockRowHtml,
  buttonHtml,
  emailLayoutHtml,
  footerText,
  itemTableHtml,
  itemTableText,
  storeDate,
  totalLines,
  type RenderedEmail,
  type TotalLine,
} from './email-layout.js';
import type { EmailAddressView, EmailItemView, OrderEmailView } from './order-email-view.js';

export type OrderEmailAudience = 'customer' | 'admin';

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

/** The shared totals (tax with its rate when every item had the same), then a split order's balance. */
function orderTotalLines(view: OrderEmailView): TotalLine[] {
  const lines = totalLines(view, view.taxPercent !== null ? `Tax (${view.taxPercent}%)` : 'Tax');
  if (view.split) {
    lines.push({ label: 'Paid so far', amount: formatCents(view.split.paid) });
    lines.push({ label: 'Remaining balance', amount: formatCents(view.split.remaining), strong: true });
  }
  return lines;
}

/** The customer's footer; the staff's copy has nobody to reply to, so it gets the store's name only. */
const footerQuestion = (audience: OrderEmailAudience): string | null => (audience === 'customer' ? 'Questions about your order?' : null);

/** An order item's line under its SKU: the finish chosen, if any. */
const finishDetail = (item: EmailItemView): string | null => (item.finish ? `Finish: ${item.finish}` : null);

/** The words of the complete-payment link (order and split-payment e-mails alike). */
export const PAY_REMAINING_BALANCE = 'Pay the remaining balance';

/** The split-payment block under the totals: the balance and the link to pay it, or that it is paid. */
function splitHtml(view: OrderEmailView): string {
  if (!view.split) return '';
  const body = view.split.completePaymentLink
    ? `This order is paid in instalments: ${h(formatCents(view.split.remaining))} of ${h(formatCents(view.split.total))} remains to be paid.<br><br>${buttonHtml(view.split.completePaymentLink, PAY_REMAINING_BALANCE)}`
    : `This order was paid in instalments and is paid in full.`;
  return blockRowHtml(`<strong>Split payment</strong><br>${body}`);
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
  const date = storeDate.format(view.placedAt);
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

/** The sandbox warning above the heading: no money was taken. */
const TEST_PAYMENT_NOTICE = `<p style="${FONT}font-size:14px;line-height:20px;font-weight:bold;color:#7a2a0c;background-color:#fff4e5;border:1px solid #f0c080;padding:8px 12px;margin:0 0 16px;">${h(TEST_PAYMENT_MESSAGES.testPayment)}</p>`;

function renderHtml(view: OrderEmailView, audience: OrderEmailAudience, subject: string): string {
  const { heading, lead } = intro(view, audience);
  const payment = paymentText(view);
  const customerBlock =
    audience === 'admin'
      ? blockRowHtml(
          `<strong>Customer</strong><br>${h(view.customer.name)}<br><a href="mailto:${h(view.customer.email)}" style="color:#7a4b2a;">${h(view.customer.email)}</a>${
            view.customer.phone ? `<br>${h(view.customer.phone)}` : ''
          }`,
        )
      : '';
  const notes = view.additionalNotes ? blockRowHtml(`<strong>Notes</strong><br>${h(view.additionalNotes).replace(/\r?\n/g, '<br>')}`) : '';
  const rows = `${customerBlock}${itemTableHtml(view.items, orderTotalLines(view), finishDetail)}
          <tr>
            <td style="padding:0 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
                <tr>
                  <td valign="top" width="50%" style="${CELL}padding:0 12px 0 0;">${addressHtml('Billing address', view.billing)}</td>
                  <td valign="top" width="50%" style="${CELL}">${addressHtml('Shipping address', view.shipping)}</td>
                </tr>
              </table>
            </td>
          </tr>${blockRowHtml(`<strong>Shipping method</strong><br>${h(view.shippingLabel)}${payment ? `<br><br><strong>Payment method</strong><br>${h(payment)}` : ''}`)}${splitHtml(view)}${notes}`;
  return emailLayoutHtml({
    subject,
    store: view.store,
    notice: view.testPayment ? TEST_PAYMENT_NOTICE : '',
    heading,
    lead,
    action: view.viewUrl ? `<p style="${CELL}margin:16px 0 0;">${buttonHtml(view.viewUrl, 'View your order', { ownFont: false })}</p>` : '',
    rows,
    footer: footerQuestion(audience),
  });
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
  lines.push(...itemTableText(view.items, orderTotalLines(view), finishDetail));
  lines.push('', ...addressText('Billing address', view.billing), '', ...addressText('Shipping address', view.shipping), '');
  lines.push(`Shipping method: ${view.shippingLabel}`);
  const payment = paymentText(view);
  if (payment) lines.push(`Payment method: ${payment}`);
  lines.push(...splitText(view));
  if (view.additionalNotes) lines.push('', 'Notes', view.additionalNotes);
  lines.push('', ...footerText(view.store, footerQuestion(audience)));
  return lines.join('\n');
}

function addressText(title: string, address: EmailAddressView | null): string[] {
  if (!address) return [title, '-'];
  return [title, address.name, ...address.lines, address.phone].filter(Boolean);
}
