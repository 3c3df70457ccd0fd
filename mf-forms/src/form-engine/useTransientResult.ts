import { useCallback, useEffect, useRef, useState } from 'react';

/** Form result and error messages clear after 5000 ms (spec 9). */
export const RESULT_MESSAGE_MS = 5000;

/** Holds a message that removes itself after `durationMs`; showing a new one restarts the clock. */
export function useTransientResult<T>(durationMs = RESULT_MESSAGE_MS) {
  const [result, setResult] = useState<T | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: T) => {
      clearTimeout(timer.current);
      setResult(next);
      timer.current = setTimeout(() => setResult(undefined), durationMs);
    },
    [durationMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setResult(undefined);
  }, []);
  return { result, show, clear };
}
