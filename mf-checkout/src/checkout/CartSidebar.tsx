import { useDismiss, useFocusTrap, useScrollLock } from '@storefront/ui';
import { useId, useRef, useState, type ReactNode } from 'react';
import { checkoutText } from './messages.js';

export interface CartSidebarProps {
  count: number;
  /** e.g. the total, shown in the sticky header once the server has priced the cart */
  headerExtra?: ReactNode;
  children: ReactNode;
}

/**
 * Mobile and tablet: a sticky 'Shopping Cart' header with a count badge opens the summary in a
 * sidebar. While open the page behind does not scroll, Tab stays inside, Escape closes, and focus
 * goes back to the header button.
 */
export function CartSidebar({ count, headerExtra, children }: CartSidebarProps) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const panelId = useId();

  useScrollLock(open);
  const trap = useFocusTrap(panelRef, {
    active: open,
    initialFocus: closeRef,
    returnFocusTo: toggleRef,
  });
  // Escape or a press outside closes it. The overlay closes it on click, not on pointer-down: gone at
  // pointer-down, the press would land on whatever is under it.
  useDismiss([panelRef, overlayRef, toggleRef], () => setOpen(false), { enabled: open });

  const itemsLabel = `${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <>
      <div className="sf-cart-bar">
        <button
          ref={toggleRef}
          type="button"
          className="sf-cart-bar__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${checkoutText.cartTitle}, ${itemsLabel}`}
          onClick={() => setOpen(true)}
        >
          <span className="sf-cart-bar__title">{checkoutText.cartTitle}</span>
          <span className="sf-badge sf-cart-bar__badge" aria-hidden="true">
            {count}
          </span>
          {headerExtra && <span className="sf-cart-bar__extra">{headerExtra}</span>}
        </button>
      </div>
      {open && <div ref={overlayRef} className="sf-cart-overlay" aria-hidden="true" onClick={() => setOpen(false)} />}
      <div
        ref={panelRef}
        id={panelId}
        className={`sf-cart-drawer${open ? ' sf-cart-drawer--open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={trap.onKeyDown}
      >
        <div className="sf-cart-drawer__header">
          <h2 id={titleId}>
            {checkoutText.cartTitle} <span className="sf-badge">{count}</span>
          </h2>
          <button ref={closeRef} type="button" className="sf-cart-drawer__close" aria-label="Close cart" onClick={() => setOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </>
  );
}
