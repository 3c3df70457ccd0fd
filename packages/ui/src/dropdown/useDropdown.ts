import { useId, useRef, useState } from 'react';
import { useDismiss } from '../useDismiss.js';

export interface DropdownOptions {
  /**
   * After Escape, focus goes back to the toggle: 'always', or only 'from-inside' when focus was in
   * the dropdown (one opened by hovering must not pull focus from elsewhere on the page).
   */
  escapeFocus?: 'always' | 'from-inside';
}

/**
 * A toggle button and the panel it shows (a submenu, a list of downloads): the toggle's ARIA wiring,
 * and closing on a press outside `rootRef` (which holds both) or Escape.
 */
export function useDropdown<Root extends HTMLElement>({ escapeFocus = 'always' }: DropdownOptions = {}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<Root>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(
    rootRef,
    (reason) => {
      const focusWasInside = rootRef.current?.contains(document.activeElement) === true;
      setOpen(false);
      if (reason === 'escape' && (escapeFocus === 'always' || focusWasInside)) toggleRef.current?.focus();
    },
    { enabled: open },
  );

  /** spread on the toggle <button>; add its class, label and content */
  const toggleProps = {
    ref: toggleRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((value) => !value),
  };
  return { open, setOpen, rootRef, toggleProps, panelId };
}
