import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TAB_SCROLL_STEP_PX, type CategoryTabLayout } from '@storefront/contracts';
import { nextTabIndex } from '@storefront/ui';

export interface CategoryTab {
  id: string;
  label: string;
  /** drawn 30 x 30 in the v3 (icon card) layout */
  icon?: string;
}

export interface CategoryTabStripProps {
  tabs: CategoryTab[];
  active: string;
  onSelect: (id: string) => void;
  layout: CategoryTabLayout;
  /** the tab list's accessible name */
  label: string;
  /** ids for aria-controls / aria-labelledby */
  tabId: (id: string) => string;
  panelId: string;
}

/** An arrow button (36 px) and a little air: the end of the strip an arrow covers. */
const ARROW_ROOM_PX = 44;

/** How far one press of a scroll arrow moves the strip (spec §9: 200 px). */
export function scrollOffset(direction: 'left' | 'right'): number {
  return direction === 'left' ? -TAB_SCROLL_STEP_PX : TAB_SCROLL_STEP_PX;
}

/**
 * The handler's filter tabs: WAI-ARIA tabs whose selection lives in the address, so unlike the kit's
 * Tabs (which keeps its own state and renders every panel) the choice is the caller's; the kit's
 * `nextTabIndex` gives the same keys (arrows wrap, Home/End). Automatic activation: an arrow key
 * selects. When the tabs overflow, arrow buttons scroll the strip by 200 px.
 */
export function CategoryTabStrip({ tabs, active, onSelect, layout, label, tabId, panelId }: CategoryTabStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  // Known only in the browser: the server renders no arrows, so hydration matches.
  const [overflow, setOverflow] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setOverflow((before) => (before.left === left && before.right === right ? before : { left, right }));
  }, []);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, tabs.length]);

  // Keep the chosen tab in view inside the strip (a shared link may open on the last tab). Only the
  // strip scrolls: scrollIntoView would also move the page to the strip.
  useEffect(() => {
    const element = strip.current;
    const tab = tabRefs.current.get(active);
    if (!element || !tab) return;
    // The arrows lie over the strip's ends once it overflows: keep the tab clear of them.
    const room = element.scrollWidth > element.clientWidth ? ARROW_ROOM_PX : 0;
    const start = tab.offsetLeft - element.offsetLeft;
    const end = start + tab.offsetWidth;
    if (start < element.scrollLeft + room) element.scrollLeft = Math.max(0, start - room);
    else if (end > element.scrollLeft + element.clientWidth - room) element.scrollLeft = end - element.clientWidth + room;
  }, [active]);

  const scroll = (direction: 'left' | 'right') => {
    strip.current?.scrollBy?.({ left: scrollOffset(direction), behavior: 'smooth' });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.id === active);
    const next = nextTabIndex(event.key, Math.max(0, current), tabs.length);
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  return (
    <div className={`sf-category-tabs sf-category-tabs--${layout}`}>
      {overflow.left && (
        <button type="button" className="sf-category-tabs__arrow sf-category-tabs__arrow--left" aria-label="Scroll categories left" onClick={() => scroll('left')}>
          ‹
        </button>
      )}
      <div ref={strip} role="tablist" aria-label={label} className="sf-category-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`sf-category-tabs__tab${selected ? ' sf-category-tabs__tab--active' : ''}`}
              onClick={() => onSelect(tab.id)}
            >
              {layout === 'v3' &&
                (tab.icon ? (
                  <img className="sf-category-tabs__icon" src={tab.icon} alt="" width={30} height={30} />
                ) : (
                  <span className="sf-category-tabs__icon sf-category-tabs__icon--all" aria-hidden="true">
                    ▦
                  </span>
                ))}
              <span className="sf-category-tabs__label">{tab.label}</span>
            </button>
          );
        })}
      </div>
      {overflow.right && (
        <button type="button" className="sf-category-tabs__arrow sf-category-tabs__arrow--right" aria-label="Scroll categories right" onClick={() => scroll('right')}>
          ›
        </button>
      )}
    </div>
  );
}
