import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useDismiss } from '../useDismiss.js';
import { useFocusTrap } from '../useFocusTrap.js';
import { useScrollLock } from '../useScrollLock.js';

/** The caller's classes for the drawer's parts (each app draws its own drawer). */
export interface DrawerClassNames {
  panel: string;
  overlay: string;
  header: string;
  title?: string;
  close: string;
}

export interface DrawerProps {
  open: boolean;
  /** the close button, Escape, and a press outside (the overlay included) */
  onClose(): void;
  /** the button that opens it: focus goes back there on closing, and pressing it is not "outside" */
  opener: RefObject<HTMLElement | null>;
  /** for the opener's aria-controls */
  id?: string;
  /** the drawer's heading, which names the dialog */
  title: ReactNode;
  classNames: DrawerClassNames;
  /** what the close button shows; a symbol wants `closeLabel` as its accessible name */
  closeContent: ReactNode;
  closeLabel?: string;
  children: ReactNode;
}

/**
 * A Drawer's open state and its wiring to the button that opens it: spread `openerProps` on that
 * <button> and `drawerProps` on the Drawer. `onClosed` runs whenever it closes (e.g. to fold submenus).
 */
export function useDrawer(onClosed?: () => void) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    onClosed?.();
  };
  return {
    open,
    setOpen,
    openerProps: { ref: opener, type: 'button' as const, 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen(true) },
    drawerProps: { open, onClose: close, opener, id },
  };
}

/**
 * A modal side drawer over an overlay (the phone menu, the cart): while open the page behind does not
 * scroll, focus starts on the close button and Tab stays inside, Escape or a press outside closes it,
 * and focus goes back to the opener. It stays in the server's HTML, hidden, so the opener's
 * aria-controls always points at something. The overlay closes it on click, not on pointer-down: gone
 * at pointer-down, the press would land on (and follow) a link under it.
 */
export function Drawer({ open, onClose, opener, id, title, classNames, closeContent, closeLabel, children }: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useScrollLock(open);
  const trap = useFocusTrap(panelRef, { active: open, initialFocus: closeRef, returnFocusTo: opener });
  useDismiss([panelRef, overlayRef, opener], onClose, { enabled: open });

  return (
    <>
      {open && <div ref={overlayRef} className={classNames.overlay} aria-hidden="true" onClick={onClose} />}
      <div ref={panelRef} id={id} className={classNames.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} hidden={!open} onKeyDown={trap.onKeyDown}>
        <div className={classNames.header}>
          <h2 id={titleId} className={classNames.title}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className={classNames.close} aria-label={closeLabel} onClick={onClose}>
            {closeContent}
          </button>
        </div>
        {children}
      </div>
    </>
  );
}
