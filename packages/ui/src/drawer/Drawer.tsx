import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useDismiss } from '../useDismiss.js';
import { useFocusTrap } from '../useFocusTrap.js';
import { useScrollLock } from '../useScrollLock.js';

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
  className: string;
  overlayClassName: string;
  headerClassName: string;
  titleClassName?: string;
  closeClassName: string;
  /** what the close button shows; a symbol wants `closeLabel` as its accessible name */
  closeContent: ReactNode;
  closeLabel?: string;
  children: ReactNode;
}

/**
 * A modal side drawer over an overlay (the phone menu, the cart): while open the page behind does not
 * scroll, focus starts on the close button and Tab stays inside, Escape or a press outside closes it,
 * and focus goes back to the opener. It stays in the server's HTML, hidden, so the opener's
 * aria-controls always points at something. The overlay closes it on click, not on pointer-down: gone
 * at pointer-down, the press would land on (and follow) a link under it.
 */
export function Drawer({
  open,
  onClose,
  opener,
  id,
  title,
  className,
  overlayClassName,
  headerClassName,
  titleClassName,
  closeClassName,
  closeContent,
  closeLabel,
  children,
}: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useScrollLock(open);
  const trap = useFocusTrap(panelRef, { active: open, initialFocus: closeRef, returnFocusTo: opener });
  useDismiss([panelRef, overlayRef, opener], onClose, { enabled: open });

  return (
    <>
      {open && <div ref={overlayRef} className={overlayClassName} aria-hidden="true" onClick={onClose} />}
      <div ref={panelRef} id={id} className={className} role="dialog" aria-modal="true" aria-labelledby={titleId} hidden={!open} onKeyDown={trap.onKeyDown}>
        <div className={headerClassName}>
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className={closeClassName} aria-label={closeLabel} onClick={onClose}>
            {closeContent}
          </button>
        </div>
        {children}
      </div>
    </>
  );
}
