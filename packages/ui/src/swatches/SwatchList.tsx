import { useId, useState, type ReactNode } from 'react';

/** §9: swatches show at most 11 by default, 10 in the style page's swatch wrapper, 9 in product cards. */
export const SWATCH_MAX_VISIBLE = 11;
export const STYLE_SWATCH_MAX_VISIBLE = 10;
export const CARD_SWATCH_MAX_VISIBLE = 9;
/** §9 collapse label ("-" is the other allowed spelling). */
export const SWATCH_LESS_LABEL = 'Less';

/** How many swatches show and how many wait behind "+n", collapsed or expanded. */
export function swatchOverflow(count: number, maxVisible: number, expanded: boolean): { shown: number; hidden: number } {
  const limit = Math.max(1, Math.floor(maxVisible));
  if (expanded || count <= limit) return { shown: count, hidden: 0 };
  return { shown: limit, hidden: count - limit };
}

export interface SwatchListProps<T> {
  items: T[];
  getKey: (item: T) => string;
  /** one swatch: a radio in a label, a link, a picture... the list only decides how many show */
  renderItem: (item: T, index: number) => ReactNode;
  maxVisible?: number;
  /**
   * The chosen item: when it sits beyond maxVisible the list opens expanded, so the shopper's
   * choice (e.g. from a shared link) is never hidden on arrival.
   */
  selectedIndex?: number;
  lessLabel?: string;
  /** names the hidden things in the button's accessible name: "Show 3 more finishes" */
  itemNoun?: string;
  className?: string;
}

/**
 * A row of swatches with overflow: the first `maxVisible` show, the rest wait behind a "+n" button
 * that expands the row; "Less" collapses it again.
 */
export function SwatchList<T>({
  items,
  getKey,
  renderItem,
  maxVisible = SWATCH_MAX_VISIBLE,
  selectedIndex,
  lessLabel = SWATCH_LESS_LABEL,
  itemNoun = 'swatches',
  className,
}: SwatchListProps<T>) {
  const listId = useId();
  const [expanded, setExpanded] = useState(selectedIndex !== undefined && selectedIndex >= maxVisible);
  const { shown, hidden } = swatchOverflow(items.length, maxVisible, expanded);
  const overflows = items.length > swatchOverflow(items.length, maxVisible, false).shown;

  return (
    <div className={['sf-swatch-list', className].filter(Boolean).join(' ')}>
      <ul id={listId} className="sf-swatch-list__items">
        {items.slice(0, shown).map((item, index) => (
          <li key={getKey(item)} className="sf-swatch-list__item">
            {renderItem(item, index)}
          </li>
        ))}
      </ul>
      {overflows && (
        <button
          type="button"
          className="sf-control-button sf-swatch-list__more"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={expanded ? `Show fewer ${itemNoun}` : `Show ${hidden} more ${itemNoun}`}
          onClick={() => setExpanded((before) => !before)}
        >
          {expanded ? lessLabel : `+${hidden}`}
        </button>
      )}
    </div>
  );
}
