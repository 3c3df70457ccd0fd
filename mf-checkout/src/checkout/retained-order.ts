import { ORDER_SUCCESS_STORAGE_KEY, RETAINED_ORDER_STORAGE_KEY, type RetainedOrder } from '@storefront/contracts';

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
      return { id: value.id, orderIncrementId: value.orderIncrementId, orderToken: value.orderToken };
    }
  } catch {
    // unreadable: treated as none
  }
  session()?.removeItem(RETAINED_ORDER_STORAGE_KEY);
  return null;
}

export function retainOrder(order: RetainedOrder): void {
  session()?.setItem(RETAINED_ORDER_STORAGE_KEY, JSON.stringify(order));
}

export function clearRetainedOrder(): void {
  session()?.removeItem(RETAINED_ORDER_STORAGE_KEY);
}

/** What /order/success shows: the order number (spec: local storage key order-success). */
export function writeOrderSuccessMarker(orderIncrementId: string, { paymentPending = false }: { paymentPending?: boolean } = {}): void {
  // the spec's marker is the order number; a payment still being confirmed says so (the success page words it)
  local()?.setItem(ORDER_SUCCESS_STORAGE_KEY, paymentPending ? JSON.stringify({ orderIncrementId, paymentPending: true }) : orderIncrementId);
}

/** Reads and removes the marker (the success page shows it once). */
export function takeOrderSuccessMarker(): string | null {
  const storage = local();
  const value = storage?.getItem(ORDER_SUCCESS_STORAGE_KEY) ?? null;
  storage?.removeItem(ORDER_SUCCESS_STORAGE_KEY);
  return value;
}
