import { useCallback, useEffect, useRef, useState } from 'react';

/** Checkout banners clear after 10 s (spec 4 and 9: checkout error 10 s). */
export const CHECKOUT_MESSAGE_MS = 10_000;

export interface TransientMessage {
  type: 'error' | 'warning' | 'info' | 'success';
  text: string;
}

/** One banner at a time (spec 9: alerts one at a time); showing a new one restarts the clock. */
export function useTransientMessage(durationMs = CHECKOUT_MESSAGE_MS) {
  const [message, setMessage] = useState<TransientMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: TransientMessage) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return { message, show, clear };
}
