import type { MenuItem } from '@storefront/contracts';
import { Drawer } from '@storefront/ui';
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
  const menuButtonRef = useRef<HTMLButtonElement>(null);
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
      <Drawer
        open={open}
        onClose={close}
        opener={menuButtonRef}
        id={drawerId}
        title={MOBILE_MENU_TITLE}
        className="shell-drawer"
        overlayClassName="shell-overlay"
        headerClassName="shell-drawer__header"
        titleClassName="shell-drawer__title"
        closeClassName="shell-drawer__close"
        closeContent="Close"
      >
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
      </Drawer>
    </div>
  );
}
