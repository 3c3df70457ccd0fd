import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `container`; closed parts (a collapsed submenu) do not count. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.closest('[hidden]'));
}

export interface FocusTrapOptions {
  /** The dialog is open: focus moves in and Tab stays inside. */
  active: boolean;
  /** Escape pressed inside the dialog (normally: close it); or leave it out and close with useDismiss. */
  onEscape?: () => void;
  /** What gets focus on opening (e.g. the Close button); the first focusable element by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes back to once the dialog closes: the button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export interface FocusTrap {
  /** Put on the dialog element: Escape and Tab are handled there. */
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * The modal part of a drawer or dialog: focus moves into `container` when it opens, Tab and
 * Shift+Tab wrap around inside it, Escape calls `onEscape`, and focus returns to `returnFocusTo`
 * when it closes.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, options: FocusTrapOptions): FocusTrap {
  const { active, initialFocus, returnFocusTo } = options;
  const onEscape = useRef(options.onEscape);
  useEffect(() => {
    onEscape.current = options.onEscape;
  });

  const wasActive = useRef(false);
  useEffect(() => {
    if (active) {
      const first = initialFocus?.current ?? (container.current ? focusableIn(container.current)[0] : undefined);
      first?.focus();
      wasActive.current = true;
    } else if (wasActive.current) {
      wasActive.current = false;
      returnFocusTo?.current?.focus();
    }
  }, [active, container, initialFocus, returnFocusTo]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!active) return;
      if (event.key === 'Escape' && onEscape.current) {
        // The dialog has used this Escape; nothing behind it should act on it too. Without onEscape the
        // Escape is left to bubble (a dialog closed through useDismiss hears it on the document).
        event.stopPropagation();
        onEscape.current?.();
        return;
      }
      if (event.key !== 'Tab' || !container.current) return;
      const focusable = focusableIn(container.current);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [active, container],
  );

  return { onKeyDown };
}
