import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from '../Button.js';
import { useFocusTrap } from '../useFocusTrap.js';
import { useScrollLock } from '../useScrollLock.js';

// useLayoutEffect warns when rendered on the server; a dialog is never open there.
const useBrowserLayoutEffect = typeof document === 'undefined' ? () => undefined : useLayoutEffect;

export interface DialogProps {
  open: boolean;
  /** the dialog's heading, which names it (aria-labelledby) */
  title: string;
  /** Close button, Escape and a press on the backdrop */
  onClose(): void;
  children: ReactNode;
  /**
   * Where focus goes back to once it closes. Default: whatever had focus when it opened (a submit
   * button disabled while sending has none, so forms pass their button).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** the Close button's visible text */
  closeText?: string;
  /** extra class on the dialog box, e.g. a tone */
  className?: string;
}

/**
 * The kit's modal dialog: role="dialog" with aria-modal, named by its heading; focus moves to its
 * Close button on opening, Tab stays inside, Escape, Close and the backdrop close it, the page behind
 * does not scroll, and focus returns where it came from. Nothing is drawn while it is closed (so the
 * server never draws it).
 */
export function Dialog({ open, title, onClose, children, returnFocusTo, closeText = 'Close', className }: DialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const previous = useRef<HTMLElement | null>(null);
  const returnTo = returnFocusTo ?? previous;
  // before the trap moves focus in: remember what had it
  useBrowserLayoutEffect(() => {
    if (open && !returnFocusTo) previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open, returnFocusTo]);
  const trap = useFocusTrap(dialogRef, { active: open, onEscape: onClose, initialFocus: closeRef, returnFocusTo: returnTo });
  useScrollLock(open);

  if (!open) return null;
  return (
    <div className="sf-dialog">
      <div className="sf-dialog__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={['sf-dialog__box', className].filter(Boolean).join(' ')} onKeyDown={trap.onKeyDown}>
        <h2 id={titleId} className="sf-dialog__title">
          {title}
        </h2>
        <div className="sf-dialog__body">{children}</div>
        <div className="sf-dialog__actions">
          <Button ref={closeRef} className="sf-dialog__close" onClick={onClose}>
            {closeText}
          </Button>
        </div>
      </div>
    </div>
  );
}
