import type { MenuItem } from '@storefront/contracts';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

export const MOBILE_MENU_TITLE = 'Our Offerings';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(
    container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])'),
  ).filter((element) => !element.closest('[hidden]'));
}

/** Mobile and tablet navigation: a drawer over an overlay, one submenu open at a time. */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [openSubmenu, setOpenSubmenu] = useState<number | null>(null);
  const drawerId = useId();
  const titleId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  function close() {
    setOpen(false);
    setOpenSubmenu(null);
    menuButtonRef.current?.focus();
  }

  useEffect(() => {
    setOpen(false);
    setOpenSubmenu(null);
  }, [pathname]);

  // The page behind the drawer must not scroll while it is open.
  useEffect(() => {
    if (!open) return;
    closeButtonRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      close();
      return;
    }
    // Keep Tab inside the drawer (it is modal).
    if (event.key === 'Tab' && drawerRef.current) {
      const focusable = focusableIn(drawerRef.current);
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
    }
  }

  return (
    <>
      <button
        ref={menuButtonRef}
        type="button"
        className="shell-menu-button"
        aria-expanded={open}
        aria-controls={drawerId}
        onClick={() => setOpen(true)}
      >
        <span className="shell-burger" aria-hidden="true" />
        Menu
      </button>
      {open && <div className="shell-overlay" aria-hidden="true" onClick={close} />}
      <div
        ref={drawerRef}
        id={drawerId}
        className="shell-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={onKeyDown}
      >
        <div className="shell-drawer__header">
          <h2 id={titleId} className="shell-drawer__title">
            {MOBILE_MENU_TITLE}
          </h2>
          <button ref={closeButtonRef} type="button" className="shell-drawer__close" onClick={close}>
            Close
          </button>
        </div>
        <nav aria-label="Main">
          <ul className="shell-drawer__list">
            {items.map((item, index) => {
              if (!item.submenu?.length) {
                return (
                  <li key={item.path}>
                    <NavLink to={item.path} className="shell-drawer__link">
                      {item.text}
                    </NavLink>
                  </li>
                );
              }
              const expanded = openSubmenu === index;
              const submenuId = `${drawerId}-sub-${index}`;
              return (
                <li key={item.path}>
                  <button
                    type="button"
                    className="shell-drawer__link shell-drawer__toggle"
                    aria-expanded={expanded}
                    aria-controls={submenuId}
                    onClick={() => setOpenSubmenu(expanded ? null : index)}
                  >
                    {item.text}
                    <span aria-hidden="true" className="shell-chevron" />
                  </button>
                  <ul id={submenuId} className="shell-drawer__submenu" hidden={!expanded}>
                    <li>
                      <NavLink to={item.path} className="shell-drawer__sublink">
                        {item.text}
                      </NavLink>
                    </li>
                    {item.submenu.map((child) => (
                      <li key={child.path}>
                        <NavLink to={child.path} className="shell-drawer__sublink">
                          {child.text}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </>
  );
}
