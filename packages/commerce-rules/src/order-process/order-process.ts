import type { PaymentStatus } from '@storefront/contracts';
import { formatCents, type Cents } from '@storefront/money';

/**
 * How an order gets paid, in one place. The statuses are closed unions; the transitions a payment
 * outcome causes are one table (PAYMENT_OUTCOME_TABLE), read by one pure function
 * (applyPaymentOutcome) that says what changes: the order's status, how the payment entry is
 * recorded, the history entries and the e-mails to queue. The orders service writes what it answers
 * and asks the predicates below instead of comparing status strings (like Vendure's order process:
 * states as data, code that asks).
 */

/** What the storefront sets an order's status to (the badges know more: spec §4 status badges). */
export const ORDER_STATUSES = ['pending', 'pending_payment', 'partially_paid', 'ordered'] as const;
export type OrderProcessStatus = (typeof ORDER_STATUSES)[number];

/** An order's state: new until it is paid, then processing (being made and shipped). */
export const ORDER_PROCESS_STATES = ['new', 'processing'] as const;
export type OrderProcessState = (typeof ORDER_PROCESS_STATES)[number];

/** A payment's outcome as the payments service verified it with the gateway (`success` reads as completed). */
export type PaymentOutcomeStatus = Exclude<PaymentStatus, 'success'>;
export const PAYMENT_OUTCOME_STATUSES: readonly PaymentOutcomeStatus[] = ['completed', 'pending', 'on_hold', 'failed'];

/** Spec §4 payment outcome recording: the history comments, word for word where the spec gives them. */
export const PAYMENT_HISTORY = {
  paid: (orderIncrementId: string, transactionId: string) => `Order ${orderIncrementId} has been paid with transaction id ${transactionId}`,
  /**
   * Spec: 'Payment failed for order ...: message', and a refused payment's note names the transaction
   * (review row 12.9): staff match it to the provider's record. The transaction id goes inside the
   * spec's "...", worded as the paid note words it; a failure with none (transport error) keeps the plain form.
   */
  failed: (orderIncrementId: string, message: string, transactionId?: string | null) =>
    transactionId ? `Payment failed for order ${orderIncrementId} with transaction id ${transactionId}: ${message}` : `Payment failed for order ${orderIncrementId}: ${message}`,
  waiting: (orderIncrementId: string, status: string) => `Payment for order ${orderIncrementId} is ${status}`,
  underpaid: (orderIncrementId: string, transactionId: string, remaining: Cents) =>
    `Order ${orderIncrementId} received a payment with transaction id ${transactionId}; ${formatCents(remaining)} is still due`,
  instalment: (orderIncrementId: string, transactionId: string, amount: Cents, remaining: Cents) =>
    `Order ${orderIncrementId} received a split payment of ${formatCents(amount)} with transaction id ${transactionId}; ${formatCents(remaining)} remains`,
  paidAgain: (orderIncrementId: string, transactionId: string) =>
    `Order ${orderIncrementId} was already paid; an additional payment with transaction id ${transactionId} was recorded and needs a refund`,
} as const;

export const DEFAULT_PAYMENT_FAILURE = 'Payment failed';

/** Is the order paid in full (nothing more may be charged, nothing may change)? */
export function isPaid(status: string): boolean {
  return status === 'ordered';
}

/**
 * Is a payment of the order still being decided at the provider (reported pending, or held for
 * review)? A new order's payment entry is 'pending' too, before any payment was tried: the order's
 * own status tells them apart (it is 'pending_payment' only once a payment outcome was reported).
 */
export function paymentInProgress(status: string, paymentStatus: string): boolean {
  return status === 'pending_payment' && (paymentStatus === 'pending' || paymentStatus === 'on_hold');
}

/**
 * May the shopper still change the order (items, addresses) before paying it? Not once it is paid,
 * and not while a payment of it is still being decided: that payment was for the order as it was.
 */
export function acceptsChanges(status: string, paymentStatus: string): 'yes' | 'paid' | 'payment-in-progress' {
  // money taken (in full, or an instalment) fixes the order as it was paid for
  if (isPaid(status) || status === 'partially_paid') return 'paid';
  if (paymentInProgress(status, paymentStatus)) return 'payment-in-progress';
  return 'yes';
}

/** What is still due: the total minus completed payments (spec: completed counts toward the paid total). */
export function amountDue(totalCents: Cents, payments: readonly { status: string; amountPaid: Cents }[]): Cents {
  const paid = payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amountPaid, 0);
  return Math.max(0, totalCents - paid);
}

/** The order as a payment outcome finds it. */
export interface OrderPaymentFacts {
  status: string;
  orderIncrementId: string;
  /** still due before this payment */
  amountDueCents: Cents;
  /** the order is paid in instalments (spec §4 split payment): a part payment is an instalment, not an underpayment */
  splitPaymentEnabled?: boolean;
  /** completed payments before this one (0: this is the order's first payment) */
  paidCents?: Cents;
}

/** A verified payment outcome. */
export interface PaymentOutcome {
  status: PaymentStatus;
  amountCents: Cents;
  transactionId: string | null;
  /** why a payment did not go through */
  message?: string | null | undefined;
}

/** How the payment entry is written: on the order's open entry, as an entry of its own (to refund), or not at all. */
export type PaymentEntryWrite = 'record' | 'record-separately' | 'none';

export interface HistoryEntry {
  status: OrderProcessStatus;
  comment: string;
  isCustomerNotified: boolean;
}

/** What a payment outcome does to an order. `order` undefined: the order stays as it is. */
export interface PaymentOutcomeEffect {
  /** the table row that applied */
  row: PaymentOutcomeRow;
  order?: { status: OrderProcessStatus; paymentStatus: PaymentOutcomeStatus; state?: OrderProcessState };
  entry: PaymentEntryWrite;
  history: HistoryEntry[];
  /** queue the order confirmation (the customer's e-mail and the admins' 'New Order') */
  queueConfirmation: boolean;
  /** queue the split-payment confirmation (a later instalment of a split-payment order) */
  queueSplitConfirmation?: boolean;
}

export type PaymentOutcomeRow =
  | 'paid in full'
  | 'paid in part'
  | 'instalment'
  | 'last instalment'
  | 'failed'
  | 'waiting'
  | 'paid again'
  | 'late outcome on a paid order';

interface TableRow {
  row: PaymentOutcomeRow;
  /** when the row applies */
  applies: (order: OrderPaymentFacts, outcome: PaymentOutcome & { status: PaymentOutcomeStatus }) => boolean;
  effect: (order: OrderPaymentFacts, outcome: PaymentOutcome & { status: PaymentOutcomeStatus }) => Omit<PaymentOutcomeEffect, 'row'>;
}

/** Where an instalment that did not complete leaves the order: money already taken keeps it partly paid. */
const unpaidStatus = (order: OrderPaymentFacts): OrderProcessStatus => ((order.paidCents ?? 0) > 0 ? 'partially_paid' : 'pending_payment');

const note = (status: OrderProcessStatus, comment: string): HistoryEntry => ({ status, comment, isCustomerNotified: false });

/**
 * The table: the first row that applies decides. A paid order never goes back (a late failure of an
 * attempt is ignored; a second completed payment took real money, so it is kept as its own entry to
 * refund). A completed payment covering less than was due (the total changed after the charge began)
 * leaves the order partly paid until the rest is paid.
 */
export const PAYMENT_OUTCOME_TABLE: readonly TableRow[] = [
  {
    row: 'paid again',
    applies: (order, outcome) => isPaid(order.status) && outcome.status === 'completed',
    effect: (order, outcome) => ({
      entry: 'record-separately',
      history: [note('ordered', PAYMENT_HISTORY.paidAgain(order.orderIncrementId, outcome.transactionId ?? ''))],
      queueConfirmation: false,
    }),
  },
  {
    row: 'late outcome on a paid order',
    applies: (order) => isPaid(order.status),
    effect: () => ({ entry: 'none', history: [], queueConfirmation: false }),
  },
  {
    // spec §4 split payment: the first instalment places the order (its confirmation says what remains),
    // each later one gets the split-payment confirmation
    row: 'instalment',
    applies: (order, outcome) => order.splitPaymentEnabled === true && outcome.status === 'completed' && outcome.amountCents < order.amountDueCents,
    effect: (order, outcome) => ({
      order: { status: 'partially_paid', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [
        note(
          'partially_paid',
          PAYMENT_HISTORY.instalment(order.orderIncrementId, outcome.transactionId ?? '', outcome.amountCents, order.amountDueCents - outcome.amountCents),
        ),
      ],
      queueConfirmation: (order.paidCents ?? 0) === 0,
      queueSplitConfirmation: (order.paidCents ?? 0) > 0,
    }),
  },
  {
    row: 'last instalment',
    applies: (order, outcome) => order.splitPaymentEnabled === true && outcome.status === 'completed' && (order.paidCents ?? 0) > 0,
    effect: (order, outcome) => ({
      order: { status: 'ordered', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [note('ordered', PAYMENT_HISTORY.paid(order.orderIncrementId, outcome.transactionId ?? ''))],
      queueConfirmation: false,
      queueSplitConfirmation: true,
    }),
  },
  {
    row: 'paid in part',
    applies: (order, outcome) => outcome.status === 'completed' && outcome.amountCents < order.amountDueCents,
    effect: (order, outcome) => ({
      order: { status: 'partially_paid', paymentStatus: 'completed' },
      entry: 'record',
      history: [
        note('partially_paid', PAYMENT_HISTORY.underpaid(order.orderIncrementId, outcome.transactionId ?? '', order.amountDueCents - outcome.amountCents)),
      ],
      queueConfirmation: false,
    }),
  },
  {
    row: 'paid in full',
    applies: (_order, outcome) => outcome.status === 'completed',
    effect: (order, outcome) => ({
      order: { status: 'ordered', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [note('ordered', PAYMENT_HISTORY.paid(order.orderIncrementId, outcome.transactionId ?? ''))],
      queueConfirmation: true,
    }),
  },
  {
    row: 'failed',
    applies: (_order, outcome) => outcome.status === 'failed',
    effect: (order, outcome) => ({
      order: { status: unpaidStatus(order), paymentStatus: 'failed' },
      entry: 'record',
      history: [note(unpaidStatus(order), PAYMENT_HISTORY.failed(order.orderIncrementId, outcome.message || DEFAULT_PAYMENT_FAILURE, outcome.transactionId))],
      queueConfirmation: false,
    }),
  },
  {
    row: 'waiting',
    applies: () => true,
    effect: (order, outcome) => ({
      order: { status: unpaidStatus(order), paymentStatus: outcome.status },
      entry: 'record',
      history: [note(unpaidStatus(order), PAYMENT_HISTORY.waiting(order.orderIncrementId, outcome.status))],
      queueConfirmation: false,
    }),
  },
];

/** What a verified payment outcome does to an order: the first row of the table that applies. */
export function applyPaymentOutcome(order: OrderPaymentFacts, outcome: PaymentOutcome): PaymentOutcomeEffect {
  const normalised = { ...outcome, status: outcome.status === 'success' ? 'completed' : outcome.status } as PaymentOutcome & { status: PaymentOutcomeStatus };
  const row = PAYMENT_OUTCOME_TABLE.find((candidate) => candidate.applies(order, normalised));
  // the last row applies to anything, so a row is always found
  return { row: row!.row, ...row!.effect(order, normalised) };
}
