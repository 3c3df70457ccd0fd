import { amountReceived, maskCardNumber, splitPaymentDue } from '@storefront/commerce-rules';
import { splitPaymentPath, type RecordTotals } from '@storefront/contracts';
import type { OrderAddressEntity, OrderEntity, OrderPaymentEntity } from '../../entities/index.js';

/** The method label an order with a remaining split-payment balance shows (spec §2, order view page). */
export const SPLIT_PAYMENT_LABEL = 'Split Payment';

export interface EmailAddressView {
  name: string;
  lines: string[];
  phone: string;
}

export interface EmailItemView {
  name: string;
  sku: string;
  /** "Snow White (Paint)", or null for an item without a finish */
  finish: string | null;
  qty: number;
  unitPrice: number;
  rowTotal: number;
}

/** Who the e-mail says it is from, for its header and footer. */
export interface StoreView {
  name: string;
  email?: string;
  phone?: string;
}

/**
 * An order paid in instalments (splitPaymentEnabled; spec §7 send-email's split data: enabled,
 * totalAmount, paidAmount, remainingAmount, paymentMethod, completePaymentLink). Cents.
 */
export interface SplitPaymentView {
  total: number;
  /** completed payments' amountPaid */
  paid: number;
  /** total minus paid, never below zero */
  remaining: number;
  /** the split-payment page for this order (absolute); null once nothing remains */
  completePaymentLink: string | null;
}

/** Everything an order e-mail shows, taken from the stored order (never from the browser). */
export interface OrderEmailView extends RecordTotals {
  orderNumber: string;
  placedAt: Date;
  customer: { name: string; email: string; phone: string | null };
  items: EmailItemView[];
  /** shown beside Tax when every item was taxed at the same rate */
  taxPercent: number | null;
  billing: EmailAddressView | null;
  shipping: EmailAddressView | null;
  payment: { label: string; card: string | null } | null;
  /** the order was paid on the sandbox gateway: the e-mail says no money was taken */
  testPayment: boolean;
  /** the customer's link to their order (with its view token); null in the staff's e-mail */
  viewUrl: string | null;
  additionalNotes: string | null;
  store: StoreView;
  /** null for an order without split payment */
  split: SplitPaymentView | null;
}

/** The order's billing e-mail, else the order's own: where the customer's confirmation goes. */
export function customerEmailOf(order: Pick<OrderEntity, 'email' | 'addresses'>): string {
  return order.addresses?.find((address) => address.type === 'billing')?.email || order.email;
}

/**
 * The split-payment figures of an order with split payment enabled, else null. `siteUrl` (PUBLIC_SITE_URL,
 * no trailing slash) makes the complete-payment link absolute: the split-payment page with the order's
 * number and e-mail (the customer's proof there, spec §6).
 */
export function splitPaymentView(
  order: Pick<OrderEntity, 'splitPaymentEnabled' | 'total' | 'orderIncrementId' | 'email'> & { payments?: Pick<OrderPaymentEntity, 'status' | 'amountPaid'>[] },
  siteUrl: string,
): SplitPaymentView | null {
  if (!order.splitPaymentEnabled) return null;
  const payments = order.payments ?? [];
  const remaining = splitPaymentDue(order.total, payments);
  return {
    total: order.total,
    paid: amountReceived(payments),
    remaining,
    completePaymentLink: remaining > 0 ? `${siteUrl.replace(/\/+$/, '')}${splitPaymentPath(order.orderIncrementId, order.email)}` : null,
  };
}

/** `siteUrl` is needed for the complete-payment link of a split-payment order (none: no split block). */
export function orderEmailView(order: OrderEntity, store: StoreView, siteUrl?: string): OrderEmailView {
  const split = siteUrl === undefined ? null : splitPaymentView(order, siteUrl);
  const billing = order.addresses?.find((address) => address.type === 'billing');
  const shipping = order.addresses?.find((address) => address.type === 'shipping');
  const items = [...(order.items ?? [])].sort((a, b) => a.position - b.position);
  const rates = new Set(items.map((item) => item.taxPercent));
  const [onlyRate] = [...rates];
  return {
    orderNumber: order.orderIncrementId,
    placedAt: order.createdAt,
    customer: {
      name: `${order.firstName} ${order.lastName}`.trim(),
      email: customerEmailOf(order),
      phone: billing?.phoneNumber ?? null,
    },
    items: items.map((item) => ({
      name: item.name,
      sku: item.sku,
      finish: finishOf(item.customOptions),
      qty: item.qty,
      unitPrice: item.price,
      rowTotal: item.rowTotal,
    })),
    subtotal: order.subtotal,
    shippingLabel: order.shippingLabel,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    taxPercent: rates.size === 1 && onlyRate !== undefined && onlyRate > 0 ? onlyRate : null,
    discountAmount: order.discountAmount,
    total: order.total,
    billing: billing ? addressView(billing) : null,
    shipping: shipping ? addressView(shipping) : null,
    payment: paymentView(order, split),
    testPayment: paidOnSandbox(order),
    viewUrl: null,
    additionalNotes: order.additionalNotes,
    store,
    split,
  };
}

function finishOf(options: { type: string; label: string; value?: string }[] | undefined): string | null {
  const parts = (options ?? []).filter((option) => option.label).map((option) => (option.type ? `${option.label} (${capitalise(option.type)})` : option.label));
  return parts.length > 0 ? parts.join(', ') : null;
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function addressView(address: OrderAddressEntity): EmailAddressView {
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    lines: [address.street1, address.street2 ?? '', `${address.city}, ${address.state} ${address.zipCode}`, address.countryId].filter(Boolean),
    phone: address.phoneNumber,
  };
}

/**
 * The latest payment: its method label and, when the gateway reported one, the masked card. While a
 * split-payment balance remains the method reads 'Split Payment' (as on the order view page).
 */
function paymentView(order: OrderEntity, split: SplitPaymentView | null): OrderEmailView['payment'] {
  if (split && split.remaining > 0) return { label: SPLIT_PAYMENT_LABEL, card: null };
  const payments = [...(order.payments ?? [])].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const payment = payments.find((candidate) => candidate.status === 'completed') ?? payments.at(-1);
  if (!payment) return null;
  return paymentEntryLabel(payment);
}

/** One payment's method label and masked card (when its additionalData has the last 4 digits). */
export function paymentEntryLabel(payment: Pick<OrderPaymentEntity, 'methodLabel' | 'additionalData'>): { label: string; card: string | null } {
  const last4 = cardLast4(payment.additionalData);
  return { label: payment.methodLabel, card: last4 ? maskCardNumber(last4) : null };
}

/** A completed payment the payments service reported from its sandbox gateway (additionalData.sandbox). */
function paidOnSandbox(order: OrderEntity): boolean {
  return (order.payments ?? []).some((payment) => payment.status === 'completed' && payment.additionalData?.sandbox === true);
}

/**
 * The card's last 4 digits from a payment's additionalData. Gateways put them in different places
 * (spec §3): last4 / cardLast4 at the top, card.last4 (Stripe-style), or accountNumber "XXXX1111"
 * (Authorize-style). Only exactly four digits are accepted, so nothing else can leak into an e-mail.
 */
export function cardLast4(additionalData: Record<string, unknown> | null | undefined): string | null {
  if (!additionalData) return null;
  const card = additionalData.card && typeof additionalData.card === 'object' ? (additionalData.card as Record<string, unknown>) : {};
  const candidates = [additionalData.last4, additionalData.cardLast4, card.last4, additionalData.accountNumber];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' && typeof candidate !== 'number') continue;
    const match = /(\d{4})$/.exec(String(candidate).trim());
    if (match?.[1]) return match[1];
  }
  return null;
}
