import type { MenuItem } from '@storefront/contracts';
import { useDismiss, useFocusTrap, useScrollLock } from '@storefront/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { drawerSubmenu } from './site-data';
import { MenuLinks } from './MenuLinks';

export const MOBILE_MENU_TITLE = 'Our Offerings';

/** Mobile and tablet navigation: a drawer over an overlay, one submenu open at a time. */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [openSubmenu, setOpenSubmenu] = useState<number | null>(null);
  const drawerId = useId();
  const titleId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  function close() {
    setOpen(false);
    setOpenSubmenu(null);
  }

  // Following a link closes the drawer.
  useEffect(() => {
    setOpen(false);
    setOpenSubmenu(null);
  }, [pathname]);

  // The drawer is modal: the page behind does not scroll, Tab stays inside, Escape or a press outside
  // closes, and focus goes back to the Menu button. The overlay closes it on click, not on pointer-down:
  // gone at pointer-down, the press would land on (and follow) a link under it.
  useScrollLock(open);
  const trap = useFocusTrap(drawerRef, {
    active: open,
    initialFocus: closeButtonRef,
    returnFocusTo: menuButtonRef,
  });
  useDismiss([drawerRef, overlayRef, menuButtonRef], close, { enabled: open });

  return (
    // Shown below desktop width by CSS (shell-mobile-menu), so the server's HTML fits every screen.
    <div className="shell-mobile-menu">
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
      {open && <div ref={overlayRef} className="shell-overlay" aria-hidden="true" onClick={close} />}
      <div
        ref={drawerRef}
        id={drawerId}
        className="shell-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={trap.onKeyDown}
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
              const submenu = drawerSubmenu(item);
              if (!submenu.length) {
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
                    <MenuLinks links={submenu} linkClassName="shell-drawer__sublink" />
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
