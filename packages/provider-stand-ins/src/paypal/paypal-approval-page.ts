import type { StandInOrder } from './paypal-order.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The stand-in's version of PayPal's approval page (the order's approve link): the payer pays with a
 * funding source that works, one the processor will decline at capture, or one PayPal holds for
 * review (a PENDING capture), or cancels. Without JavaScript: a form posted back to the same URL.
 */
export function approvalPage(order: StandInOrder, { popup, waiting }: { popup: boolean; waiting: boolean }): string {
  const action = `/checkoutnow?token=${encodeURIComponent(order.id)}${popup ? '&popup=1' : ''}`;
  const body = waiting
    ? `<p>Pay <strong data-testid="paypal-amount">${escape(order.amount.value)} ${escape(order.amount.currency_code)}</strong> to the merchant.</p>
<form method="post" action="${escape(action)}">
  <button name="answer" value="approve" data-testid="paypal-approve">Pay Now</button>
  <button name="answer" value="decline" data-testid="paypal-approve-declined">Pay with a card that will be declined</button>
  <button name="answer" value="pending" data-testid="paypal-approve-pending">Pay (held for review: pending)</button>
  <button name="answer" value="cancel" data-testid="paypal-cancel">Cancel and return to merchant</button>
</form>`
    : `<p data-testid="paypal-not-waiting">This order is ${escape(order.status)}: nothing to approve.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout (stand-in)</title></head>
<body><h1>PayPal (stand-in)</h1><p>Order ${escape(order.id)}</p>${body}</body></html>`;
}

/** After the payer answered in the popup the JS SDK opened: tell the opener (the merchant's page) and close, as PayPal's popup does. */
export function approvalAnsweredPopupPage(order: StandInOrder, approved: boolean): string {
  const message = JSON.stringify({ source: 'paypal-stand-in', event: approved ? 'approve' : 'cancel', orderID: order.id, payerID: order.payerId ?? null });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal Checkout (stand-in)</title></head>
<body><p>${approved ? 'Approved' : 'Canceled'}. You can close this window.</p>
<script>
  if (window.opener) window.opener.postMessage(${message}, '*');
  window.close();
</script></body></html>`;
}
