import {
  SEARCH_KIND_LABELS,
  SEARCH_MESSAGES,
  isSearchableQuery,
  normaliseSearchQuery,
  searchResultsPath,
  type SearchHit,
} from '@storefront/contracts';
import { Button } from '@storefront/ui';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSiteData } from '../site-data';
import { useSearchSuggestions } from './useSearchSuggestions';

export const SEARCH_INPUT_LABEL = 'Search products and articles';

/** The results page's address for a query (the form's GET gives the same one without scripts). */
export function resultsHref(resultsPath: string, query: string): string {
  return `${resultsPath}?${new URLSearchParams({ query }).toString()}`;
}

/**
 * The suggestion arrow keys move to: down from the field goes to the first, past the last (or up
 * from the first) back to the field (-1), up from the field to the last.
 */
export function nextActiveIndex(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = current + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The header's search (spec §2 "Search popup"): a combobox that opens its popup on focus. Under 3
 * characters the popup says so and the form does not submit; from 3 it suggests up to 6 styles,
 * products and articles (name, title, description, sku) with "See all Result" linking to the results
 * page. The form submits by GET to the results path (site.search.resultsPath, default /search) with
 * `query`, also without scripts. Arrow keys move through the suggestions, Enter opens one, Escape or
 * a click elsewhere closes the popup. On phones an icon button opens the search under the header.
 */
export function HeaderSearch() {
  const siteData = useSiteData();
  const resultsPath = searchResultsPath(siteData.data?.site.search);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [compactOpen, setCompactOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const formId = `${ids}-form`;
  const inputId = `${ids}-input`;
  const popupId = `${ids}-popup`;
  const listboxId = `${ids}-listbox`;
  const optionId = (index: number) => `${ids}-option-${index}`;

  const suggestions = useSearchSuggestions(text, open);
  const hits: SearchHit[] = suggestions.status === 'ready' ? suggestions.response.items : [];
  const query = normaliseSearchQuery(text);

  function close() {
    setOpen(false);
    setCompactOpen(false);
    setActiveIndex(-1);
  }

  // Following any link (a suggestion, See all, the menu) closes the search.
  useEffect(() => {
    setOpen(false);
    setCompactOpen(false);
    setActiveIndex(-1);
  }, [location.pathname, location.search]);

  // New suggestions start with none chosen.
  useEffect(() => setActiveIndex(-1), [suggestions.status, query]);

  // A click or tap outside closes the popup.
  useEffect(() => {
    if (!open && !compactOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, compactOpen]);

  // The phone's search button shows the form; the field takes the focus (which opens the popup).
  useEffect(() => {
    if (compactOpen) inputRef.current?.focus();
  }, [compactOpen]);

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isSearchableQuery(query)) {
      // the popup shows why nothing happened
      setOpen(true);
      inputRef.current?.focus();
      return;
    }
    navigate(resultsHref(resultsPath, query));
  }

  function openHit(hit: SearchHit) {
    navigate(hit.url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (open || compactOpen) {
        event.preventDefault();
        const wasCompact = compactOpen;
        close();
        if (wasCompact) toggleRef.current?.focus();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((current) => nextActiveIndex(current, step, hits.length));
      return;
    }
    if (event.key === 'Enter' && open && activeIndex >= 0 && hits[activeIndex]) {
      event.preventDefault();
      openHit(hits[activeIndex]);
    }
  }

  return (
    <div
      ref={rootRef}
      className={`shell-search${compactOpen ? ' is-open' : ''}`}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) close();
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="shell-search__toggle"
        aria-label="Open search"
        aria-expanded={compactOpen}
        aria-controls={formId}
        onClick={() => (compactOpen ? close() : setCompactOpen(true))}
      >
        <SearchIcon />
      </button>
      <form id={formId} role="search" className="shell-search__form" action={resultsPath} method="get" onSubmit={submit}>
        <label htmlFor={inputId} className="sf-visually-hidden">
          {SEARCH_INPUT_LABEL}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="shell-search__input"
          type="search"
          name="query"
          role="combobox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-haspopup="listbox"
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          autoComplete="off"
          maxLength={100}
          placeholder="Search styles, SKUs, articles"
          value={text}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="shell-search__submit" aria-label="Submit search">
          <SearchIcon />
        </button>
      </form>
      <div id={popupId} className="shell-search__popup" hidden={!open}>
        <SuggestionStatus state={suggestions.status} count={hits.length} onRetry={suggestions.retry} />
        <ul id={listboxId} role="listbox" aria-label="Suggestions" className="shell-search__list">
          {hits.map((hit, index) => (
            <li
              key={`${hit.kind}:${hit.url}:${hit.sku ?? ''}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`shell-search__option${index === activeIndex ? ' is-active' : ''}`}
              // keep the focus in the field, so the popup stays a combobox popup
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openHit(hit)}
            >
              {hit.image ? (
                <img className="shell-search__thumb" src={hit.image.src} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span className="shell-search__thumb" aria-hidden="true" />
              )}
              <span className="shell-search__text">
                <span className="shell-search__title">{hit.title}</span>
                <span className="shell-search__meta">
                  {SEARCH_KIND_LABELS[hit.kind]}
                  {hit.sku && hit.kind === 'product' ? ` · ${hit.sku}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {suggestions.status === 'ready' && hits.length > 0 && (
          <Link className="shell-search__all" to={resultsHref(resultsPath, query)}>
            {SEARCH_MESSAGES.seeAll}
          </Link>
        )}
      </div>
    </div>
  );
}

function SuggestionStatus({ state, count, onRetry }: { state: string; count: number; onRetry(): void }) {
  if (state === 'error') {
    return (
      <div className="shell-search__message shell-search__message--error" role="alert">
        {SEARCH_MESSAGES.unavailable}{' '}
        <Button variant="link" onClick={onRetry} onMouseDown={(event) => event.preventDefault()}>
          Retry
        </Button>
      </div>
    );
  }
  const message =
    state === 'too-short' ? SEARCH_MESSAGES.tooShort : state === 'loading' ? 'Searching…' : count === 0 ? SEARCH_MESSAGES.noResults : `${count} suggestions`;
  return (
    <p className={`shell-search__message${state === 'ready' && count > 0 ? ' sf-visually-hidden' : ''}`} role="status" aria-busy={state === 'loading'}>
      {state === 'loading' && <span className="sf-spinner shell-search__spinner" aria-hidden="true" />}
      {message}
    </p>
  );
}
