import type { DeviceClass } from '@storefront/contracts';
import { deviceClassFor } from '@storefront/ui';
import { useEffect, useState, type RefObject } from 'react';

/** §9: the desktop header sticks after 200 px of scrolling; the scroll-to-top button shows after 200 px. */
export const STICKY_HEADER_THRESHOLD_PX = 200;
export const SCROLL_TO_TOP_THRESHOLD_PX = 200;

export interface StickyState {
  sticky: boolean;
  /** the scroll position last seen, for the direction on phones and tablets */
  lastY: number;
}

export const INITIAL_STICKY_STATE: StickyState = { sticky: false, lastY: 0 };

/**
 * §4's sticky-header rules as a pure step, so they are tested without scrolling a browser.
 * Desktop: sticky past 200 px, not sticky back above it. Below desktop (where the header holds the
 * Menu button): sticky when scrolling up past the header's height, gone again when scrolling down,
 * reset at the top. While scrolling up below the header height it stays as it was, so it does not
 * jump out of view just before the page top.
 */
export function nextStickyState(previous: StickyState, scrollY: number, device: DeviceClass, headerHeight: number): StickyState {
  const y = Math.max(0, scrollY);
  if (device === 'desktop') return { sticky: y > STICKY_HEADER_THRESHOLD_PX, lastY: y };
  if (y === 0) return { sticky: false, lastY: 0 };
  if (y > previous.lastY) return { sticky: false, lastY: y };
  if (y < previous.lastY && y > headerHeight) return { sticky: true, lastY: y };
  return { sticky: previous.sticky, lastY: y };
}

/**
 * Whether the header should stick now. The server and the first browser render say "not sticky"
 * (the page starts at the top), so hydration matches; scroll events do the rest.
 */
export function useStickyHeader(header: RefObject<HTMLElement | null>): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    let state: StickyState = { sticky: false, lastY: window.scrollY };
    let frame = 0;
    const update = () => {
      frame = 0;
      state = nextStickyState(state, window.scrollY, deviceClassFor(window.innerWidth), header.current?.offsetHeight ?? 0);
      setSticky(state.sticky);
    };
    // One update per frame however many scroll events arrive.
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [header]);
  return sticky;
}

/** Whether the page has scrolled far enough to offer "Back to top" (false on the server). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
