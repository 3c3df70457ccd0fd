import type { CatalogFilter } from '@storefront/contracts';
import { Button, useDropdown, useFocusTrap, useScrollLock } from '@storefront/ui';
import { useId, useRef, useState } from 'react';

/** Per filter (its query parameter), the chosen option values. */
export type FilterSelection = ReadonlyMap<string, readonly string[]>;

export const YOUR_SELECTION_TITLE = 'Your Selection';
export const FILTER_BUTTON_TEXT = 'Filter';
export const APPLY_TEXT = 'Apply';
export const CLEAR_ALL_TEXT = 'Clear All';

/**
 * The selection as the address has it, limited to the catalog's options (an unknown value in the
 * address was never selected). Read from the address rather than from the last answer, so a box
 * shows ticked the moment it is clicked, while the new list is on its way.
 */
export function selectionOf(filters: readonly CatalogFilter[], search: URLSearchParams): Map<string, string[]> {
  return new Map(
    filters.map((filter) => {
      const asked = new Set(search.getAll(filter.name));
      return [filter.name, filter.options.filter((option) => asked.has(option.value)).map((option) => option.value)];
    }),
  );
}

function toggled(selection: FilterSelection, name: string, value: string, chosen: boolean): Map<string, string[]> {
  const next = new Map([...selection].map(([key, values]) => [key, [...values]]));
  const values = (next.get(name) ?? []).filter((existing) => existing !== value);
  next.set(name, chosen ? [...values, value] : values);
  return next;
}

function chipsOf(filters: readonly CatalogFilter[], selection: FilterSelection) {
  return filters.flatMap((filter) =>
    filter.options
      .filter((option) => selection.get(filter.name)?.includes(option.value))
      .map((option) => ({ name: filter.name, value: option.value, label: option.label, filterLabel: filter.label })),
  );
}

interface FilterOptionsProps {
  filter: CatalogFilter;
  selection: FilterSelection;
  onToggle: (name: string, value: string, chosen: boolean) => void;
  /** the mobile panel stages choices: counts there describe the applied list, so they are left out */
  showCounts?: boolean;
}

/** One filter's options as checkboxes with their counts; an option nothing matches cannot be chosen. */
function FilterOptions({ filter, selection, onToggle, showCounts = true }: FilterOptionsProps) {
  const chosen = selection.get(filter.name) ?? [];
  return (
    <ul className="sf-listing-filter__options">
      {filter.options.map((option) => {
        const checked = chosen.includes(option.value);
        const empty = showCounts && option.count === 0 && !checked;
        return (
          <li key={option.value}>
            <label className={`sf-listing-filter__option${empty ? ' sf-listing-filter__option--empty' : ''}`}>
              <input type="checkbox" name={filter.name} value={option.value} checked={checked} disabled={empty} onChange={(event) => onToggle(filter.name, option.value, event.target.checked)} />
              <span>{option.label}</span>
              {showCounts && <span className="sf-listing-filter__count">({option.count})</span>}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

export interface SelectionChipsProps {
  filters: readonly CatalogFilter[];
  selection: FilterSelection;
  onRemove: (name: string, value: string) => void;
  onClearAll?: () => void;
}

/** "Your Selection": each chosen option as a chip that removes it, and Clear All. */
export function SelectionChips({ filters, selection, onRemove, onClearAll }: SelectionChipsProps) {
  const headingId = useId();
  const chips = chipsOf(filters, selection);
  if (chips.length === 0) return null;
  return (
    <div className="sf-cluster sf-listing-chips" role="group" aria-labelledby={headingId}>
      <span id={headingId} className="sf-listing-chips__title">
        {YOUR_SELECTION_TITLE}
      </span>
      <ul className="sf-listing-chips__list">
        {chips.map((chip) => (
          <li key={`${chip.name}:${chip.value}`}>
            <button type="button" className="sf-listing-chip" aria-label={`Remove ${chip.filterLabel}: ${chip.label}`} onClick={() => onRemove(chip.name, chip.value)}>
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {onClearAll && (
        <Button variant="link" onClick={onClearAll}>
          {CLEAR_ALL_TEXT}
        </Button>
      )}
    </div>
  );
}

export interface ListingFiltersProps {
  filters: readonly CatalogFilter[];
  /** what is chosen now (selectionOf the address) */
  selection: FilterSelection;
  layout: 'top' | 'sidebar';
  /** one option chosen or dropped (desktop and tablet: applied at once) */
  onToggle: (name: string, value: string, chosen: boolean) => void;
  /** the phone panel's Apply: the whole staged selection */
  onApply: (selection: FilterSelection) => void;
}

/**
 * The listing's filters. Tablet and desktop: a sidebar of checkbox groups, or a row of menus over the
 * list (top), each choice applied at once. Phones (CSS decides, so the server's HTML fits every width):
 * a Filter button opens a slide-in panel whose choices are staged, with removable "Your Selection"
 * chips, Clear All and Apply.
 */
export function ListingFilters({ filters, selection: applied, layout, onToggle, onApply }: ListingFiltersProps) {
  const chosenCount = [...applied.values()].reduce((sum, values) => sum + values.length, 0);
  return (
    <>
      {layout === 'sidebar' ? (
        <aside className="sf-listing-filters sf-listing-filters--sidebar" aria-label="Filters">
          {filters.map((filter) => (
            <FilterGroup key={filter.name} filter={filter} selection={applied} onToggle={onToggle} />
          ))}
        </aside>
      ) : (
        <div className="sf-listing-filters sf-listing-filters--top" role="group" aria-label="Filters">
          {filters.map((filter) => (
            <FilterMenu key={filter.name} filter={filter} selection={applied} onToggle={onToggle} />
          ))}
        </div>
      )}
      <MobileFilterPanel filters={filters} applied={applied} chosenCount={chosenCount} onApply={onApply} />
    </>
  );
}

function FilterGroup({ filter, selection, onToggle }: FilterOptionsProps) {
  const legendId = useId();
  return (
    <fieldset className="sf-listing-filter" aria-labelledby={legendId}>
      <legend id={legendId} className="sf-listing-filter__label">
        {filter.label}
      </legend>
      <FilterOptions filter={filter} selection={selection} onToggle={onToggle} />
    </fieldset>
  );
}

/** The top layout's menu: a disclosure button over the same checkbox group; outside press or Escape closes it. */
function FilterMenu({ filter, selection, onToggle }: FilterOptionsProps) {
  // from inside: Escape on a checkbox in the panel hands focus to the button rather than to nothing
  const { open, rootRef, toggleProps, panelId } = useDropdown<HTMLDivElement>({ escapeFocus: 'from-inside' });
  const chosen = selection.get(filter.name)?.length ?? 0;
  return (
    <div ref={rootRef} className="sf-listing-menu">
      <button {...toggleProps} className="sf-control-button sf-listing-menu__button">
        {filter.label}
        {chosen > 0 && <span className="sf-listing-menu__badge"> ({chosen})</span>}
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id={panelId} className="sf-listing-menu__panel" hidden={!open}>
        <fieldset className="sf-listing-filter">
          <legend className="sf-visually-hidden">{filter.label}</legend>
          <FilterOptions filter={filter} selection={selection} onToggle={onToggle} />
        </fieldset>
      </div>
    </div>
  );
}

interface MobileFilterPanelProps {
  filters: readonly CatalogFilter[];
  applied: FilterSelection;
  chosenCount: number;
  onApply: (selection: FilterSelection) => void;
}

function MobileFilterPanel({ filters, applied, chosenCount, onApply }: MobileFilterPanelProps) {
  const [open, setOpen] = useState(false);
  const [staged, setStaged] = useState<FilterSelection>(applied);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => setOpen(false);
  const trap = useFocusTrap(panelRef, { active: open, onEscape: close, returnFocusTo: buttonRef });
  useScrollLock(open);

  const openPanel = () => {
    setStaged(applied);
    setOpen(true);
  };
  const stage = (name: string, value: string, chosen: boolean) => setStaged((before) => toggled(before, name, value, chosen));

  return (
    <div className="sf-listing-mobile">
      <Button ref={buttonRef} variant="secondary" className="sf-listing-mobile__open" aria-haspopup="dialog" aria-expanded={open} onClick={openPanel}>
        {FILTER_BUTTON_TEXT}
        {chosenCount > 0 && ` (${chosenCount})`}
      </Button>
      {open && (
        <>
          <div className="sf-listing-mobile__overlay" aria-hidden="true" onClick={close} />
          <div ref={panelRef} className="sf-listing-mobile__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={trap.onKeyDown}>
            <div className="sf-listing-mobile__header">
              <h2 id={titleId} className="sf-listing-mobile__title">
                {FILTER_BUTTON_TEXT}
              </h2>
              <Button variant="link" onClick={close} aria-label="Close filters">
                ×
              </Button>
            </div>
            <SelectionChips filters={filters} selection={staged} onRemove={(name, value) => stage(name, value, false)} />
            <div className="sf-listing-mobile__groups">
              {filters.map((filter) => (
                <FilterGroupStaged key={filter.name} filter={filter} selection={staged} onToggle={stage} />
              ))}
            </div>
            <div className="sf-listing-mobile__actions">
              <Button variant="secondary" onClick={() => setStaged(new Map())}>
                {CLEAR_ALL_TEXT}
              </Button>
              <Button
                onClick={() => {
                  onApply(staged);
                  close();
                }}
              >
                {APPLY_TEXT}
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function FilterGroupStaged(props: FilterOptionsProps) {
  const legendId = useId();
  return (
    <fieldset className="sf-listing-filter" aria-labelledby={legendId}>
      <legend id={legendId} className="sf-listing-filter__label">
        {props.filter.label}
      </legend>
      <FilterOptions {...props} showCounts={false} />
    </fieldset>
  );
}
