import type { QuoteState } from '@storefront/contracts';
import type { StatusBadgeTone } from '@storefront/ui';

/** Where a quote stands, in words staff read at a glance: a badge label, its look and one sentence. */
export const QUOTE_STATE_LOOK: Record<QuoteState, { label: string; tone: StatusBadgeTone; meaning: string }> = {
  draft: { label: 'Draft', tone: 'neutral', meaning: 'No payment link has been made yet.' },
  sent: { label: 'Sent', tone: 'info', meaning: 'A payment link is live; the customer has not opened it yet.' },
  viewed: { label: 'Viewed', tone: 'primary', meaning: 'The customer opened the live payment link.' },
  paid_in_part: { label: 'Paid in part', tone: 'warning', meaning: 'The customer paid a first instalment; a balance is still due.' },
  ordered: { label: 'Ordered', tone: 'success', meaning: 'Paid in full: the quote is an order.' },
  expired: { label: 'Expired', tone: 'danger', meaning: 'No link works any more (each expired or was revoked) and nothing was paid.' },
};
