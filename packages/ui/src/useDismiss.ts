import { useEffect, useRef, type RefObject } from 'react';

/** Why an open menu, dropdown or drawer is asked to close. */
export type DismissReason = 'outside' | 'escape';

export interface DismissOptions {
  /** Listen only while the thing is open; true when absent. */
  enabled?: boolean;
}

type ElementRef = RefObject<HTMLElement | null>;

/**
 * Closes an open dropdown, menu or drawer the way shoppers expect: a pointer pressed down outside it
 * (mouse, touch or pen: one `pointerdown`) or Escape anywhere on the page. `refs` is the open part and
 * anything that counts as inside it, such as the button that toggles it (pressing that button must
 * not close and reopen it). The caller decides what closing means, e.g. giving focus back to the
 * toggle after Escape.
 *
 * The outside press is listened for in the capture phase, so a handler inside the page that stops the
 * event cannot keep a menu open; Escape in the bubble phase, so a dialog that has used an Escape
 * (useFocusTrap stops it) does not also close what lies behind it.
 */
export function useDismiss(
  refs: ElementRef | readonly ElementRef[],
  onDismiss: (reason: DismissReason, event: Event) => void,
  { enabled = true }: DismissOptions = {},
): void {
  // The latest callback and refs, so callers may pass inline functions and arrays without re-subscribing.
  const latest = useRef({ refs, onDismiss });
  useEffect(() => {
    latest.current = { refs, onDismiss };
  });

  useEffect(() => {
    if (!enabled) return;
    const isInside = (target: EventTarget | null): boolean => {
      const { refs: current } = latest.current;
      const list: readonly ElementRef[] = Array.isArray(current) ? current : [current as ElementRef];
      return target instanceof Node && list.some((ref) => ref.current?.contains(target) === true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) latest.current.onDismiss('outside', event);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) latest.current.onDismiss('escape', event);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [enabled]);
}
