import type { MenuItem, SiteData, DeviceClass } from '@storefront/contracts';
import type { JsonResult } from '@storefront/ui';
import { createContext, useContext } from 'react';

export const SiteDataContext = createContext<JsonResult<SiteData> | null>(null);

export function useSiteData(): JsonResult<SiteData> {
  const value = useContext(SiteDataContext);
  if (!value) throw new Error('useSiteData must be used inside SiteDataContext');
  return value;
}

/** Menu items meant for this device class (an item without `devices` shows everywhere). */
export function itemsForDevice(items: MenuItem[], device: DeviceClass): MenuItem[] {
  return items.filter((item) => !item.devices || item.devices.includes(device));
}

/**
 * The links under a menu item for the mobile drawer: its submenu, or for a mega menu without one,
 * the links of its groups in order (the drawer has no room for columns and images).
 */
export function drawerSubmenu(item: MenuItem): MenuItem[] {
  if (item.submenu?.length) return item.submenu;
  return item.megasubmenu?.menuGroups.flatMap((group) => group.items) ?? [];
}
