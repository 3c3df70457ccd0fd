import { ORDER_SUCCESS_STORAGE_KEY, RETAINED_ORDER_STORAGE_KEY, isPayableMethodName, type PaymentInFlight, type RetainedOrder } from '@storefront/contracts';

/**
 * The order kept after a payment that did not complete (spec 4: the next submit updates it instead of
 * creating another). sessionStorage: it belongs to this tab's checkout and dies with it. Only ever
 * called from event handlers and effects (never during render: the server has no storage).
 */
function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRetainedOrder(): RetainedOrder | null {
  const raw = session()?.getItem(RETAINED_ORDER_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RetainedOrder>;
    if (typeof value.id === 'string' && typeof value.orderIncrementId === 'string' && typeof value.orderToken === 'string') {
      const inFlight = paymentInFlightOf(value.paymentInFlight);
      return { id: value.id, orderIncrementId: value.orderIncrementId, orderToken: value.orderToken, ...(inFlight ? { paymentInFlight: inFlight } : {}) };
    }
  } catch {
    // unreadable: treated as none
  }
  session()?.removeItem(RETAINED_ORDER_STORAGE_KEY);
  return null;
}

function paymentInFlightOf(value: unknown): PaymentInFlight | undefined {
  const candidate = value as Partial<PaymentInFlight> | undefined;
  if (!candidate || typeof candidate.idempotencyKey !== 'string' || !isPayableMethodName(candidate.paymentMethod)) return undefined;
  return {
    idempotencyKey: candidate.idempotencyKey,
    paymentMethod: candidate.paymentMethod,
    ...(typeof candidate.paymentToken === 'string' ? { paymentToken: candidate.paymentToken } : {}),
  };
}

export function retainOrder(order: RetainedOrder): void {
  session()?.setItem(RETAINED_ORDER_STORAGE_KEY, JSON.stringify(order));
}

/** Keeps (or, with undefined, drops) the retained order's payment in flight. */
export function setPaymentInFlight(payment: PaymentInFlight | undefined): void {
  const order = readRetainedOrder();
  if (!order) return;
  const { paymentInFlight: _previous, ...rest } = order;
  retainOrder(payment ? { ...rest, paymentInFlight: payment } : rest);
}

export function clearRetainedOrder(): void {
  session()?.removeItem(RETAINED_ORDER_STORAGE_KEY);
}

/** What /order/success shows: the order number (spec: local storage key order-success). */
export function writeOrderSuccessMarker(orderIncrementId: string, { paymentPending = false, testPayment = false, partialPayment, remainingBalance }: OrderSuccessFlags = {}): void {
  // the spec's marker is the order number; a payment still being confirmed, a test payment or a
  // part payment says so (the success page words it)
  const flags = {
    ...(paymentPending ? { paymentPending: true } : {}),
    ...(testPayment ? { testPayment: true } : {}),
    ...(partialPayment ? { partialPayment } : {}),
    ...(remainingBalance ? { remainingBalance } : {}),
  };
  local()?.setItem(ORDER_SUCCESS_STORAGE_KEY, Object.keys(flags).length > 0 ? JSON.stringify({ orderIncrementId, ...flags }) : orderIncrementId);
}

/** What the success page says beside the order number. */
export interface OrderSuccessFlags {
  /** the provider is still confirming the payment */
  paymentPending?: boolean;
  /** the payment was taken on the sandbox: no money moved */
  testPayment?: boolean;
  /** a split payment: what this payment took, formatted ("$500.00") */
  partialPayment?: string;
  /** a split payment: what is left to pay, formatted; set only while something is left */
  remainingBalance?: string;
}

/** Reads and removes the marker (the success page shows it once). */
export function takeOrderSuccessMarker(): string | null {
  const storage = local();
  const value = storage?.getItem(ORDER_SUCCESS_STORAGE_KEY) ?? null;
  storage?.removeItem(ORDER_SUCCESS_STORAGE_KEY);
  return value;
}
