import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CartSummary, CartSummaryRequest, SelectedSample } from '@storefront/contracts';

export const CART_SUMMARY_URL = '/api/order/cart-summary';

export type CartSummaryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartSummaryResult {
  status: CartSummaryStatus;
  /** the last answer; kept while a newer request is on its way so totals do not flicker away */
  summary?: CartSummary;
  error?: string;
  retry(): void;
}

/** Only what was chosen goes to the server; it answers with prices (the browser never sends any). */
export function toCartSummaryRequest(items: SelectedSample[]): CartSummaryRequest {
  return {
    items: items.map((item) => ({
      sku: item.sku,
      qty: item.qty,
      finish: { type: item.finish.type, value: item.finish.value, ...(item.finish.label ? { label: item.finish.label } : {}) },
    })),
  };
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return `The server answered ${response.status}.`;
}

/** POSTs the cart to the orders service whenever its contents change; a newer cart aborts the older request. */
export function useCartSummary(items: SelectedSample[]): CartSummaryResult {
  const body = useMemo(() => (items.length > 0 ? JSON.stringify(toCartSummaryRequest(items)) : null), [items]);
  const [state, setState] = useState<Omit<CartSummaryResult, 'retry'>>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (body === null) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState((before) => ({ status: 'loading', summary: before.summary }));
    (async () => {
      try {
        const response = await fetch(CART_SUMMARY_URL, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body,
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        if (!response.ok) {
          const error = await errorMessage(response);
          if (!controller.signal.aborted) setState({ status: 'error', error });
          return;
        }
        const summary = (await response.json()) as CartSummary;
        if (!controller.signal.aborted) setState({ status: 'ready', summary });
      } catch {
        if (!controller.signal.aborted) {
          setState({ status: 'error', error: 'Could not reach the server. Check your connection and try again.' });
        }
      }
    })();
    return () => controller.abort();
  }, [body, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
