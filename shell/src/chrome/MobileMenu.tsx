import type { MenuItem } from '@storefront/contracts';
import { Drawer, useDrawer } from '@storefront/ui';
import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { drawerSubmenu } from './site-data';
import { MenuLinks } from './MenuLinks';

export const MOBILE_MENU_TITLE = 'Our Offerings';

const DRAWER_CLASSES = { panel: 'shell-drawer', overlay: 'shell-overlay', header: 'shell-drawer__header', title: 'shell-drawer__title', close: 'shell-drawer__close' };

/** Mobile and tablet navigation: a drawer over an overlay, one submenu open at a time. */
export function MobileMenu({ items }: { items: MenuItem[] }) {
  const [openSubmenu, setOpenSubmenu] = useState<number | null>(null);
  const { setOpen, openerProps, drawerProps } = useDrawer(() => setOpenSubmenu(null));
  const drawerId = drawerProps.id;
  const { pathname } = useLocation();

  // Following a link closes the drawer.
  useEffect(() => {
    setOpen(false);
    setOpenSubmenu(null);
  }, [pathname, setOpen]);

  return (
    // Shown below desktop width by CSS (shell-mobile-menu), so the server's HTML fits every screen.
    <div className="shell-mobile-menu">
      <button {...openerProps} className="sf-control-button shell-menu-button">
        <span className="shell-burger" aria-hidden="true" />
        Menu
      </button>
      <Drawer {...drawerProps} title={MOBILE_MENU_TITLE} classNames={DRAWER_CLASSES} closeContent="Close">
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
