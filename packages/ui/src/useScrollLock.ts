import { useEffect } from 'react';

/**
 * While `active`, the page behind a drawer or dialog does not scroll. The page's own overflow style
 * comes back when it closes or unmounts.
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [active]);
}
