import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9: checkout error banners clear after 10 s; form results and other messages after 5 s. */
export const CHECKOUT_MESSAGE_MS = 10_000;
export const RESULT_MESSAGE_MS = 5_000;

/**
 * A value (a banner, a form result) that removes itself after `durationMs`. One at a time: showing a
 * new one replaces the old and restarts the clock.
 */
export function useTransientValue<T>(durationMs: number) {
  const [value, setValue] = useState<T | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setValue(next);
      timer.current = setTimeout(() => setValue(undefined), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setValue(undefined);
  }, []);
  return { value, show, clear };
}
