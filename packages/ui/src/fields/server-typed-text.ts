import { useLayoutEffect, type RefObject } from 'react';

/**
 * Hands what the shopper typed into the server's copy of a text box, before the page hydrated, to
 * `onTyped` once, just after hydration (with whether they are still in the box).
 *
 * Hydration leaves a box's text as the shopper left it, but a box whose text React keeps in its own
 * state (a searchable select's search) has it written back from that state at the next render: what
 * was typed would be erased. Starting the state from the DOM during hydration is no way out either
 * (the first render must match the server's HTML, or React throws the tree away). So the text is
 * read in the first layout effect, after hydration and before paint. A box mounted by the browser
 * (no server HTML) holds exactly what it was given, and nothing happens.
 */
export function useServerTypedText(box: RefObject<HTMLInputElement | null>, rendered: string, onTyped: (typed: string, focused: boolean) => void): void {
  useLayoutEffect(() => {
    const element = box.current;
    // a disabled box (its options were loading on the server) cannot have been typed into
    if (!element || element.disabled || element.value === rendered) return;
    onTyped(element.value, element.ownerDocument.activeElement === element);
    // once, on the first commit: later renders write the box themselves
  }, []);
}
