/** What a badge is about: each has its own vocabulary (commerce spec, "Status badges"). */
export type StatusBadgeKind = 'order' | 'quote' | 'payment' | 'address';
/** The look of a badge; the colours live in styles.css (`sf-status--{tone}`). */
export type StatusBadgeTone = 'success' | 'danger' | 'warning' | 'info' | 'primary' | 'neutral';

export interface StatusBadgeLook {
  label: string;
  tone: StatusBadgeTone;
}

type Rule = { statuses: readonly string[]; tone: StatusBadgeTone; label?: string };

// Order: the spec names danger, success, info and primary groups; "holded" reads "On Hold". It
// names the waiting statuses without a style: they share the warning look, since each one asks
// someone (the shopper or the back office) to act.
const ORDER_RULES: readonly Rule[] = [
  { statuses: ['canceled', 'closed', 'fraud', 'paypal_canceled_reversal', 'paypal_reversed'], tone: 'danger' },
  { statuses: ['complete', 'completed', 'ordered'], tone: 'success' },
  { statuses: ['holded'], tone: 'warning', label: 'On Hold' },
  { statuses: ['payment_review', 'pending', 'pending_payment', 'pending_paypal', 'partially_paid'], tone: 'warning' },
  { statuses: ['processing', 'synced'], tone: 'info' },
  { statuses: ['shipped'], tone: 'primary' },
];

// Quote: the spec lists ordered and ready_to_order without styles; ordered is done (success),
// ready_to_order waits for the customer (info).
const QUOTE_RULES: readonly Rule[] = [
  { statuses: ['ordered'], tone: 'success' },
  { statuses: ['ready_to_order'], tone: 'info' },
];

const PAYMENT_RULES: readonly Rule[] = [
  { statuses: ['paid', 'completed', 'successful'], tone: 'success', label: 'Paid' },
  { statuses: ['failed', 'declined', 'error'], tone: 'danger', label: 'Failed' },
  { statuses: ['pending', 'processing'], tone: 'warning', label: 'Pending' },
  { statuses: ['refunded', 'cancelled'], tone: 'neutral', label: 'Refunded' },
];

const ADDRESS_RULES: readonly Rule[] = [
  { statuses: ['verified', 'validated'], tone: 'success', label: 'Verified' },
  { statuses: ['invalid', 'undeliverable'], tone: 'danger', label: 'Invalid' },
  { statuses: ['pending', 'unverified'], tone: 'warning', label: 'Unverified' },
  { statuses: ['active', 'primary'], tone: 'primary', label: 'Primary' },
];

const RULES: Record<StatusBadgeKind, readonly Rule[]> = {
  order: ORDER_RULES,
  quote: QUOTE_RULES,
  payment: PAYMENT_RULES,
  address: ADDRESS_RULES,
};

export const UNKNOWN_STATUS_LABEL = 'Unknown';

/** "pending_payment" -> "Pending Payment". */
export function statusText(status: string): string {
  return status
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * The label and tone of a status badge. Statuses are matched case-insensitively; an unknown status
 * shows its own text (neutral), and a missing one 'Unknown'.
 */
export function statusBadgeLook(kind: StatusBadgeKind, status: string | null | undefined): StatusBadgeLook {
  const key = (status ?? '').trim().toLowerCase();
  if (!key) return { label: UNKNOWN_STATUS_LABEL, tone: 'neutral' };
  const rule = RULES[kind].find((candidate) => candidate.statuses.includes(key));
  if (!rule) return { label: statusText(key) || UNKNOWN_STATUS_LABEL, tone: 'neutral' };
  return { label: rule.label ?? statusText(key), tone: rule.tone };
}
