import type { MenuItem } from '@storefront/contracts';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

function DropdownItem({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  const submenuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Following a link closes the dropdown.
  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  function onBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li
      className={`shell-menu__item shell-menu__item--dropdown${open ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <NavLink to={item.path} className="shell-menu__link">
        {item.text}
      </NavLink>
      <button
        ref={toggleRef}
        type="button"
        className="shell-menu__toggle"
        aria-expanded={open}
        aria-controls={submenuId}
        aria-label={`${item.text} submenu`}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="shell-chevron" />
      </button>
      <ul id={submenuId} className="shell-submenu" hidden={!open}>
        {(item.submenu ?? []).map((child) => (
          <li key={child.path}>
            <NavLink to={child.path} className="shell-submenu__link">
              {child.text}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Desktop navigation: plain links and dropdowns (hover, click or keyboard; Escape closes). */
export function DesktopMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav className="shell-desktop-nav" aria-label="Main">
      <ul className="shell-menu">
        {items.map((item) =>
          item.submenu?.length ? (
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
