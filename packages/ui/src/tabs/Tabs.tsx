import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  /** stable key, unique among the tabs */
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  /** the tab list's accessible name */
  label: string;
  /** the tab open at first (e.g. the group of a finish chosen by the address); 0 when absent */
  initialIndex?: number;
  className?: string;
}

/** The tab index a key moves to (arrows wrap, Home/End jump), or null for keys tabs ignore. */
export function nextTabIndex(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (roving tabindex), arrow keys move and select,
 * Home/End jump to the ends. Every panel is rendered (inactive ones `hidden`) so the server's HTML
 * holds all the content.
 */
export function Tabs({ tabs, label, initialIndex = 0, className }: TabsProps) {
  const baseId = useId();
  const [active, setActive] = useState(initialIndex);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, Math.max(0, tabs.length - 1));

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextTabIndex(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className={['sf-tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="sf-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            className="sf-tabs__tab"
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setActive(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          className="sf-tabs__panel"
          tabIndex={0}
          hidden={index !== current}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
