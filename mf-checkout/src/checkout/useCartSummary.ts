import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiUrl, call, cartLinesText, orderApi, SERVER_UNREACHABLE_MESSAGE, statusMessage, type CartSummary, type CartSummaryRequest, type SelectedSample, type ShippingDestination } from '@storefront/contracts';

export const CART_SUMMARY_URL = apiUrl(orderApi.cartSummary);
/** Typing a zip should not send a request per key: the destination settles for this long first. */
export const DESTINATION_DEBOUNCE_MS = 400;

export type CartSummaryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartSummaryResult {
  status: CartSummaryStatus;
  /** the last answer; kept while a newer request is on its way so totals do not flicker away */
  summary?: CartSummary;
  error?: string;
  /** a new shipping destination is waiting for its debounce or its answer ('Calculating shipping rate…') */
  calculating: boolean;
  retry(): void;
}

/** Only what was chosen goes to the server; it answers with prices (the browser never sends any). */
export function toCartSummaryRequest(items: SelectedSample[], destination?: ShippingDestination): CartSummaryRequest {
  return {
    ...(destination ? { destination } : {}),
    items: items.map((item) => ({
      sku: item.sku,
      qty: item.qty,
      finish: { type: item.finish.type, value: item.finish.value, ...(item.finish.label ? { label: item.finish.label } : {}) },
    })),
  };
}


/** A summary the server priced into the page (from the cart's lines cookie), and the lines it priced. */
export interface CartSummaryPreview {
  lines: string;
  summary: CartSummary;
}

/**
 * POSTs the cart (and, once the shopper has entered one, the shipping destination) to the orders
 * service whenever either changes; the destination is debounced, a newer request aborts the older.
 *
 * `items` is null until the browser has read the cart (in the server's render and hydration): nothing
 * is asked then. A `preview` (the first render's) is the answer until then, and stands for the first
 * one as well when the cart read is the cart it priced (same lines text, no destination yet), so the
 * page does not ask the server again for what it already drew.
 */
export function useCartSummary(items: SelectedSample[] | null, destination?: ShippingDestination, preview?: CartSummaryPreview): CartSummaryResult {
  const destinationKey = destination ? JSON.stringify(destination) : null;
  const [settledKey, setSettledKey] = useState(destinationKey);
  useEffect(() => {
    if (destinationKey === settledKey) return;
    const timer = setTimeout(() => setSettledKey(destinationKey), DESTINATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [destinationKey, settledKey]);

  // undefined: the cart is not read yet; null: it is empty
  const body = useMemo(() => {
    if (items === null) return undefined;
    if (items.length === 0) return null;
    return JSON.stringify(toCartSummaryRequest(items, settledKey ? (JSON.parse(settledKey) as ShippingDestination) : undefined));
  }, [items, settledKey]);
  const lines = useMemo(() => (items === null ? null : cartLinesText(items)), [items]);
  const [previewed] = useState(preview);
  const previewUnused = useRef(previewed !== undefined);
  const [state, setState] = useState<Omit<CartSummaryResult, 'retry' | 'calculating'>>(() =>
    previewed ? { status: 'ready', summary: previewed.summary } : { status: 'idle' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (body === undefined) return;
    if (body === null) {
      setState({ status: 'idle' });
      return;
    }
    if (previewUnused.current) {
      previewUnused.current = false;
      // the server already priced exactly this cart into the page
      if (settledKey === null && lines === previewed?.lines) return;
    }
    const controller = new AbortController();
    setState((before) => ({ status: 'loading', summary: before.summary }));
    (async () => {
      try {
        const answer = await call(orderApi.cartSummary, { body: JSON.parse(body) as CartSummaryRequest, signal: controller.signal });
        if (controller.signal.aborted) return;
        if (!answer.ok) {
          setState({ status: 'error', error: answer.error.message ?? statusMessage(answer.status) });
          return;
        }
        setState({ status: 'ready', summary: answer.data });
      } catch {
        if (!controller.signal.aborted) {
          setState({ status: 'error', error: SERVER_UNREACHABLE_MESSAGE });
        }
      }
    })();
    return () => controller.abort();
    // `lines` and `settledKey` change only with `body` (it is made of them): no extra requests
  }, [body, attempt, lines, settledKey, previewed]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const calculating = destinationKey !== settledKey || (settledKey !== null && state.status === 'loading');
  return { ...state, calculating, retry };
}
