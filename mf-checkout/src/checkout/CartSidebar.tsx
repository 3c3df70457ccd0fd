import { Drawer, useDrawer } from '@storefront/ui';
import type { ReactNode } from 'react';
import { checkoutText } from './messages.js';

export interface CartSidebarProps {
  count: number;
  /** e.g. the total, shown in the sticky header once the server has priced the cart */
  headerExtra?: ReactNode;
  children: ReactNode;
  /** before hydration (width unknown): the bar is drawn for every width and CSS hides it on a desktop */
  untilDesktop?: boolean;
}

const DRAWER_CLASSES = { panel: 'sf-cart-drawer', overlay: 'sf-cart-overlay', header: 'sf-cart-drawer__header', close: 'sf-cart-drawer__close' };

/**
 * Mobile and tablet: a sticky 'Shopping Cart' header with a count badge opens the summary in the
 * kit's Drawer (the page behind does not scroll, Tab stays inside, Escape or a press outside closes,
 * and focus goes back to the header button).
 */
export function CartSidebar({ count, headerExtra, children, untilDesktop = false }: CartSidebarProps) {
  const { openerProps, drawerProps } = useDrawer();
  const itemsLabel = `${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <>
      <div className={untilDesktop ? 'sf-cart-bar sf-cart-bar--until-desktop' : 'sf-cart-bar'}>
        <button {...openerProps} className="sf-cart-bar__toggle" aria-label={`${checkoutText.cartTitle}, ${itemsLabel}`}>
          <span className="sf-cart-bar__title">{checkoutText.cartTitle}</span>
          <span className="sf-badge sf-cart-bar__badge" aria-hidden="true">
            {count}
          </span>
          {headerExtra && <span className="sf-cart-bar__extra">{headerExtra}</span>}
        </button>
      </div>
      <Drawer
        {...drawerProps}
        title={
          <>
            {checkoutText.cartTitle} <span className="sf-badge">{count}</span>
          </>
        }
        classNames={DRAWER_CLASSES}
        closeContent={<span aria-hidden="true">×</span>}
        closeLabel="Close cart"
      >
        {children}
      </Drawer>
    </>
  );
}
