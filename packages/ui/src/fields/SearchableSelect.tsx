import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { controlAria, fieldMessageIds, type FieldBaseProps } from './FieldShell.js';
import { OptionsFieldShell, type OptionsLoadState } from './options-state.js';
import { OPTIONS_LOADING, type FieldChoice } from './Select.js';
import { useServerTypedText } from './server-typed-text.js';

/** A long list (a state's cities) shows this many matches; typing narrows it. */
export const SEARCHABLE_SELECT_MAX_SHOWN = 100;

export interface SearchableSelectProps extends FieldBaseProps, OptionsLoadState {
  options: readonly FieldChoice[];
  /** the chosen option's value ('' for none) */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

function matches(options: readonly FieldChoice[], query: string): FieldChoice[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [...options];
  const starts: FieldChoice[] = [];
  const contains: FieldChoice[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(wanted)) starts.push(option);
    else if (label.includes(wanted)) contains.push(option);
  }
  return [...starts, ...contains];
}

/**
 * `isDropdownSearchable`: a text box you type into to narrow the options (ARIA 1.2 combobox with a
 * listbox popup). Down/Up open and move, Enter picks, Escape closes and puts the chosen label back,
 * leaving the box with text that names exactly one option picks it; emptied, it clears the choice.
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const { id, label, required, error, describedBy, hint, labelLengthLimit, className, options, value, onChange, onBlur, name, placeholder, disabled, loading, loadError, onRetry, ref } = props;
  const ids = fieldMessageIds(id);
  const listId = `${id}-listbox`;
  const optionIdBase = `${useId().replace(/[^A-Za-z0-9]/g, '')}-option`;
  const chosen = options.find((option) => option.value === value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const boxRef = useRef<HTMLInputElement | null>(null);
  const boxRefs = useCallback(
    (element: HTMLInputElement | null) => {
      boxRef.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  const found = useMemo(() => matches(options, query ?? ''), [options, query]);
  const shown = found.slice(0, SEARCHABLE_SELECT_MAX_SHOWN);
  const unavailable = disabled || loading || loadError !== undefined;
  const text = loading ? OPTIONS_LOADING : query ?? chosen?.label ?? '';

  // a search typed into the server's box before hydration is the first search, never erased
  useServerTypedText(boxRef, text, (typed, focused) => {
    setQuery(typed);
    if (focused) {
      setOpen(true);
      setActive(typed.trim() === '' ? -1 : 0);
    }
  });

  function close() {
    setOpen(false);
    setActive(-1);
    setQuery(null);
  }

  function pick(option: FieldChoice) {
    onChange(option.value);
    close();
  }

  function moveTo(index: number) {
    setOpen(true);
    setActive(index);
    listRef.current?.querySelector(`#${CSS.escape(`${optionIdBase}-${index}`)}`)?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        const current = shown.findIndex((option) => option.value === value);
        moveTo(current >= 0 ? current : 0);
      } else moveTo(Math.min(active + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) moveTo(Math.max(active - 1, 0));
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      moveTo(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      moveTo(shown.length - 1);
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted option instead of sending the form.
      if (open && active >= 0 && shown[active]) {
        event.preventDefault();
        pick(shown[active]);
      }
    } else if (event.key === 'Escape') {
      if (open || query !== null) {
        event.preventDefault();
        close();
      }
    }
  }

  function onInputBlur() {
    if (query !== null) {
      const typed = query.trim().toLowerCase();
      if (typed === '') onChange('');
      else {
        const exact = options.find((option) => option.label.toLowerCase() === typed);
        if (exact) onChange(exact.value);
      }
    }
    close();
    onBlur?.();
  }

  const activeId = open && active >= 0 && shown[active] ? `${optionIdBase}-${active}` : undefined;
  return (
    <OptionsFieldShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} loadError={loadError} onRetry={onRetry}>
      <div className="sf-combobox">
        <input
          {...controlAria({ id, required, error, describedBy, hint }, loadError !== undefined ? ids.notice : undefined)}
          ref={boxRefs}
          id={id}
          name={name}
          type="text"
          role="combobox"
          className="sf-input sf-combobox__input"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-busy={loading || undefined}
          placeholder={loadError ?? placeholder}
          disabled={unavailable}
          value={text}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(event.target.value.trim() === '' ? -1 : 0);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onInputBlur}
        />
        <ul ref={listRef} id={listId} role="listbox" aria-labelledby={ids.label} className="sf-combobox__list" hidden={!open}>
          {open && shown.length === 0 && (
            <li className="sf-combobox__empty" role="presentation">
              No matches
            </li>
          )}
          {open &&
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${optionIdBase}-${index}`}
                role="option"
                aria-selected={option.value === value}
                className={['sf-combobox__option', index === active ? 'sf-combobox__option--active' : ''].filter(Boolean).join(' ')}
                // keep focus in the box: the pick happens before blur would close the list
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {option.label}
              </li>
            ))}
          {open && found.length > shown.length && (
            <li className="sf-combobox__more" role="presentation">
              Keep typing to narrow {found.length} matches
            </li>
          )}
        </ul>
      </div>
    </OptionsFieldShell>
  );
}
