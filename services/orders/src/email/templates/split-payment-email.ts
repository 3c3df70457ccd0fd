import { formatCents } from '@storefront/money';
import { escapeHtml as h } from '@storefront/service-kit';
import { blockRowHtml, buttonHtml, emailLayoutHtml, footerText, storeDate, summaryRowHtml, type RenderedEmail } from './email-layout.js';
import { PAY_REMAINING_BALANCE } from './order-email.js';
import type { SplitPaymentView, StoreView } from './order-email-view.js';

/** What the split-payment confirmation shows: one instalment just paid and where the order stands. */
export interface SplitPaymentConfirmationView {
  orderNumber: string;
  customerName: string;
  instalment: {
    /** cents */
    amount: number;
    methodLabel: string;
    /** "XXXX4242", or null when the gateway reported no card */
    card: string | null;
    transactionId: string | null;
    paidAt: Date;
  };
  split: SplitPaymentView;
  store: StoreView;
}

export const SPLIT_PAYMENT_EMAIL = {
  subject: (orderNumber: string) => `Payment received for order ${orderNumber}`,
  paidInFull: 'Your order is paid in full.',
} as const;

/**
 * The customer's split-payment confirmation (spec §4 split payment: sent after each later
 * instalment): the instalment, the order's total, what is paid so far and what remains, with the
 * complete-payment link while a balance remains. Every value is escaped.
 */
export function renderSplitPaymentConfirmation(view: SplitPaymentConfirmationView): RenderedEmail {
  const subject = SPLIT_PAYMENT_EMAIL.subject(view.orderNumber);
  const firstName = view.customerName.split(' ')[0] || view.customerName;
  const heading = `Thank you for your payment${firstName ? `, ${firstName}` : ''}!`;
  const lead = `We have received ${formatCents(view.instalment.amount)} towards your order ${view.orderNumber} on ${storeDate.format(view.instalment.paidAt)}.`;
  const method = view.instalment.card ? `${view.instalment.methodLabel} (${view.instalment.card})` : view.instalment.methodLabel;
  const link = view.split.remaining > 0 ? view.split.completePaymentLink : null;

  const instalmentRows = [
    summaryRowHtml('Amount paid', formatCents(view.instalment.amount), true),
    summaryRowHtml('Payment method', method),
    ...(view.instalment.transactionId ? [summaryRowHtml('Transaction ID', view.instalment.transactionId)] : []),
  ].join('');
  const balanceRows = [
    summaryRowHtml('Order total', formatCents(view.split.total)),
    summaryRowHtml('Paid so far', formatCents(view.split.paid)),
    summaryRowHtml('Remaining balance', formatCents(view.split.remaining), true),
  ].join('');
  const next = link
    ? `You can pay the remaining ${h(formatCents(view.split.remaining))} whenever you are ready.<br><br>${buttonHtml(link, PAY_REMAINING_BALANCE)}`
    : `<strong>${h(SPLIT_PAYMENT_EMAIL.paidInFull)}</strong>`;
  const rows = `
          <tr>
            <td style="padding:8px 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${instalmentRows}
              </table>
            </td>
          </tr>
          <tr>
            <td style="padding:0 24px 16px;">
              <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-top:1px solid #eeeeee;">${balanceRows}
              </table>
            </td>
          </tr>${blockRowHtml(next)}`;
  const html = emailLayoutHtml({ subject, store: view.store, heading, lead, rows, footer: 'Questions about your order?' });

  const lines = [heading, '', lead, '', `Amount paid: ${formatCents(view.instalment.amount)}`, `Payment method: ${method}`];
  if (view.instalment.transactionId) lines.push(`Transaction ID: ${view.instalment.transactionId}`);
  lines.push('', `Order total: ${formatCents(view.split.total)}`, `Paid so far: ${formatCents(view.split.paid)}`, `Remaining balance: ${formatCents(view.split.remaining)}`, '');
  lines.push(link ? `${PAY_REMAINING_BALANCE}: ${link}` : SPLIT_PAYMENT_EMAIL.paidInFull, '');
  lines.push(...footerText(view.store, 'Questions about your order?'));
  return { subject, html, text: lines.join('\n') };
}
