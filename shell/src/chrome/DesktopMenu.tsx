import type { MegaSubmenu, MenuItem } from '@storefront/contracts';
import { ResponsiveImage, useDropdown } from '@storefront/ui';
import { useEffect, type FocusEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { MenuLinks } from './MenuLinks';

/** §2: a mega menu has 2 columns of groups unless the content says otherwise. */
export const MEGA_MENU_DEFAULT_COLUMNS = 2;

function MegaMenuPanel({ id, menu, hidden }: { id: string; menu: MegaSubmenu; hidden: boolean }) {
  const columns = Math.min(4, Math.max(1, menu.columns ?? MEGA_MENU_DEFAULT_COLUMNS));
  return (
    <div id={id} className="shell-mega" hidden={hidden}>
      <div className={`shell-mega__groups shell-mega__groups--cols-${columns}`}>
        {menu.menuGroups.map((group) => (
          <div key={group.title} className="shell-mega__group">
            <p className="shell-mega__title">{group.title}</p>
            <ul className="shell-mega__list">
              <MenuLinks links={group.items} linkClassName="shell-submenu__link" />
            </ul>
          </div>
        ))}
        {menu.action && (
          <NavLink to={menu.action.url} className="shell-mega__action">
            {menu.action.text}
          </NavLink>
        )}
      </div>
      {/* 563x375 (§9) from the content's width and height; CSS scales it down inside the panel. */}
      {menu.image && <ResponsiveImage image={menu.image} className="shell-mega__image" />}
    </div>
  );
}

function DropdownItem({ item }: { item: MenuItem }) {
  // Escape or a press outside closes it; it opens on hover too, so only an Escape from inside takes
  // focus back to its toggle.
  const { open, setOpen, rootRef, toggleProps, panelId: submenuId } = useDropdown<HTMLLIElement>({ escapeFocus: 'from-inside' });
  const { pathname } = useLocation();
  const mega = item.displayAs === 'mega-menu' && item.megasubmenu ? item.megasubmenu : undefined;

  // Following a link closes the dropdown.
  useEffect(() => setOpen(false), [pathname, setOpen]);

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li
      ref={rootRef}
      className={`shell-menu__item shell-menu__item--dropdown${mega ? ' shell-menu__item--mega' : ''}${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={onBlur}
    >
      <NavLink to={item.path} className="shell-menu__link">
        {item.text}
      </NavLink>
      <button {...toggleProps} className="shell-menu__toggle" aria-label={`${item.text} submenu`}>
        <span aria-hidden="true" className="shell-chevron" />
      </button>
      {mega ? (
        <MegaMenuPanel id={submenuId} menu={mega} hidden={!open} />
      ) : (
        <ul id={submenuId} className="shell-submenu" hidden={!open}>
          <MenuLinks links={item.submenu ?? []} linkClassName="shell-submenu__link" />
        </ul>
      )}
    </li>
  );
}

/** Desktop navigation: plain links, dropdowns and mega menus (hover, click or keyboard; Escape closes). */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav className="shell-desktop-nav" aria-label="Main">
      <ul className="shell-menu">
        {items.map((item) =>
          item.submenu?.length || (item.displayAs === 'mega-menu' && item.megasubmenu) ? (
            <DropdownItem key={item.path} item={item} />
          ) : (
            <li key={item.path} className={`shell-menu__item${item.alignment === 'right' ? ' shell-menu__item--right' : ''}`}>
              <NavLink to={item.path} className="shell-menu__link">
                {item.text}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
