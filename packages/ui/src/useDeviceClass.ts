import { useSyncExternalStore } from 'react';
import type { DeviceClass } from '@storefront/contracts';

/** Breakpoints shared by every screen: mobile < 768, tablet 768–1200, desktop ≥ 1201. */
export const MOBILE_MAX_WIDTH = 767;
export const TABLET_MAX_WIDTH = 1200;

export function deviceClassFor(width: number): DeviceClass {
  if (width <= MOBILE_MAX_WIDTH) return 'mobile';
  if (width <= TABLET_MAX_WIDTH) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The current device class, updated on resize (only re-renders when the class changes). */
export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(
    subscribe,
    () => deviceClassFor(window.innerWidth),
    () => 'desktop',
  );
}

/**
 * The device class once the page runs in a browser; undefined in the server's HTML and in the
 * hydration that must match it, where the width is not known. A screen whose tree differs by device
 * then draws what CSS can choose between (media queries on the same breakpoints), so its first paint
 * is right at every width and hydration moves nothing on screen (useDeviceClass guesses 'desktop').
 */
export function useBrowserDeviceClass(): DeviceClass | undefined {
  return useSyncExternalStore(subscribe, () => deviceClassFor(window.innerWidth), () => undefined);
}
