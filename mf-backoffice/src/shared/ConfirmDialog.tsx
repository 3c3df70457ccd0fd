import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, useFocusTrap, useScrollLock } from '@storefront/ui';

export interface ConfirmDialogProps {
  open: boolean;
  /** the question, which names the dialog: "Disable Ann Lee?" */
  title: string;
  /** what happens if confirmed (and any warning) */
  children: ReactNode;
  /** the confirming button's text: "Disable", "Sign out everywhere" */
  confirmLabel: string;
  /** its text while the write runs */
  busyLabel: string;
  busy: boolean;
  /** the server's refusal, shown in the dialog (it stays open to try again or cancel) */
  problem?: string | null | undefined;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The confirm step before a write that cannot be taken back (disable, a role, new codes, sign out
 * everywhere): a modal dialog drawn with the kit's dialog look and its focus trap. Focus starts on
 * Cancel (the safe choice), Tab stays inside, Escape or the backdrop cancel, and focus goes back to
 * the button that opened it. While the write runs it cannot be dismissed; a refusal is shown inside
 * it, announced, and the dialog stays open. Cancel and the action sit side by side (the kit's
 * Dialog has a Close button only).
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, busy, problem, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // before the trap moves focus in: remember what had it, to give it back
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  // taken off the page while open (its write is done and the screen moved on): focus still goes back
  // to the opener, unless the screen puts it somewhere on purpose afterwards (its effects run later)
  const openNow = useRef(open);
  openNow.current = open;
  useEffect(
    () => () => {
      if (openNow.current && opener.current?.isConnected) opener.current.focus();
    },
    [],
  );
  const dismiss = () => {
    if (!busy) onCancel();
  };
  const trap = useFocusTrap(box, { active: open, onEscape: dismiss, initialFocus: cancel, returnFocusTo: opener });
  useScrollLock(open);

  if (!open) return null;
  return (
    <div className="sf-dialog">
      <div className="sf-dialog__backdrop" aria-hidden="true" onClick={dismiss} />
      <div ref={box} role="alertdialog" aria-modal="true" aria-labelledby={titleId} className="sf-dialog__box" onKeyDown={trap.onKeyDown}>
        <h2 id={titleId} className="sf-dialog__title">
          {title}
        </h2>
        <div className="sf-dialog__body">{children}</div>
        {problem && <Alert type="error">{problem}</Alert>}
        <div className="sf-dialog__actions bo-actions">
          <Button ref={cancel} variant="secondary" onClick={dismiss} aria-disabled={busy || undefined}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
