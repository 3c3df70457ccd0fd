import { NavLink } from 'react-router-dom';

/** A submenu's links, one list item each; the desktop dropdown, mega-menu groups and mobile drawer style them apart. */
export function MenuLinks({ links, linkClassName }: { links: readonly { path: string; text: string }[]; linkClassName: string }) {
  return (
    <>
      {links.map((link) => (
        <li key={link.path}>
          <NavLink to={link.path} className={linkClassName}>
            {link.text}
          </NavLink>
        </li>
      ))}
    </>
  );
}
