import './search-results.css';
import {
  SEARCH_KIND_LABELS,
  SEARCH_MESSAGES,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
  isSearchableQuery,
  normaliseSearchQuery,
  searchApiUrl,
  type BlockComponentProps,
  type SearchHit,
  type SearchResponse,
  type SearchResultsBlock,
} from '@storefront/contracts';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageNumberNav,
  ResponsiveImage,
  parsePageNumber,
  usePageData,
  Link,
  useSearchParams,
} from '@storefront/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { SearchForm } from '../search-form/SearchForm';

export const DEFAULT_PROMPT = 'Type a style name, a finish, a SKU or a topic, then press Search.';
export const SEARCH_BOX_LABEL = 'Search the site';

function pageSizeOf(block: SearchResultsBlock): number {
  const size = block.pageSize;
  return Number.isInteger(size) && size! >= 1 && size! <= SEARCH_PAGE_SIZE_MAX ? size! : SEARCH_PAGE_SIZE_DEFAULT;
}

/** The results page's address for a query and page (page 1 is left out). */
function resultsSearch(query: string, page: number): string {
  const params = new URLSearchParams({ query });
  if (page > 1) params.set('page', String(page));
  return `?${params.toString()}`;
}

/**
 * The search results page (/search?query=&page=): a search box and the results of GET /api/search as
 * page data, so the server's HTML already holds them. Submitting a non-blank query sets ?query= on
 * this page without scrolling; the button is disabled while the box is blank, and under 3 characters
 * the spec's message shows instead of a search.
 */
export default function SearchResults({ block }: BlockComponentProps<SearchResultsBlock>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = normaliseSearchQuery(searchParams.get('query'));
  const page = Math.min(parsePageNumber(searchParams.get('page')), SEARCH_PAGE_MAX);
  const pageSize = pageSizeOf(block);
  const searchable = isSearchableQuery(query);
  const results = usePageData<SearchResponse>(searchable ? searchApiUrl(query, { page, pageSize }) : null);

  const [text, setText] = useState(query);
  const [tooShort, setTooShort] = useState(false);
  const inputId = useId();
  const messageId = useId();
  // back/forward (or the header's search) changes the query in the address; the box follows it
  useEffect(() => {
    setText(query);
    setTooShort(false);
  }, [query]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = normaliseSearchQuery(text);
    if (next === '') return;
    if (!isSearchableQuery(next)) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setSearchParams({ query: next }, { preventScrollReset: true });
  }

  const showTooShort = tooShort || (query !== '' && !searchable);
  return (
    <section className="sf-container content-search" aria-label={block.title ?? 'Search results'}>
      <SearchForm
        id={inputId}
        label={SEARCH_BOX_LABEL}
        formClassName="content-search__form"
        className="content-search__input"
        name="query"
        maxLength={100}
        value={text}
        placeholder={block.placeholder ?? 'Search styles, SKUs and articles'}
        aria-describedby={showTooShort ? messageId : undefined}
        aria-invalid={showTooShort || undefined}
        onChange={(next) => {
          setText(next);
          setTooShort(false);
        }}
        onSubmit={submit}
        submitDisabled={text.trim() === ''}
      />
      {block.title && <h2 className="content-search__title">{block.title}</h2>}
      {showTooShort ? (
        <p id={messageId} className="content-search__message" role="alert">
          {SEARCH_MESSAGES.tooShort}
        </p>
      ) : query === '' ? (
        <p className="content-search__prompt">{block.prompt ?? DEFAULT_PROMPT}</p>
      ) : results.status === 'loading' ? (
        <LoadingState label="Searching…" />
      ) : results.status !== 'ready' || !results.data ? (
        <ErrorState title={SEARCH_MESSAGES.unavailable} message={results.error ?? 'Please try again in a moment.'} onRetry={results.reload} />
      ) : (
        <Results response={results.data} />
      )}
    </section>
  );
}

function Results({ response }: { response: SearchResponse }) {
  const { query, items, total, page, pageSize, totalPages } = response;
  if (items.length === 0) {
    return (
      <EmptyState
        title={SEARCH_MESSAGES.noResults}
        message={total > 0 ? undefined : 'Check the spelling, or try a style name, a finish or a SKU.'}
        action={total > 0 ? <Link to={resultsSearch(query, 1)}>Back to the first page</Link> : undefined}
      />
    );
  }
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <p className="content-search__summary" role="status">
        {totalPages > 1 ? `Showing ${first}–${first + items.length - 1} of ${total} results for ` : `${total} ${total === 1 ? 'result' : 'results'} for `}
        <strong>“{query}”</strong>
      </p>
      <ol className="content-search__results">
        {items.map((hit) => (
          <li key={`${hit.kind}:${hit.url}:${hit.sku ?? ''}`}>
            <ResultCard hit={hit} />
          </li>
        ))}
      </ol>
      <PageNumberNav page={page} totalPages={totalPages} hrefForPage={(n) => resultsSearch(query, n)} label="Search result pages" />
    </>
  );
}

function ResultCard({ hit }: { hit: SearchHit }) {
  return (
    <article className={`content-search__hit content-search__hit--${hit.kind}`}>
      {hit.image ? (
        <Link to={hit.url} className="content-search__image" tabIndex={-1} aria-hidden="true">
          <ResponsiveImage image={{ ...hit.image, altText: '' }} />
        </Link>
      ) : (
        <span className="content-search__image" aria-hidden="true" />
      )}
      <div className="content-search__body">
        <p className="content-search__kind">
          {SEARCH_KIND_LABELS[hit.kind]}
          {hit.sku && hit.kind === 'product' && <span className="content-search__sku"> · SKU {hit.sku}</span>}
        </p>
        <h3 className="content-search__hit-title">
          <Link to={hit.url}>{hit.name}</Link>
        </h3>
        {/* the spec's search item has both; today they are the same words, so the title shows only when it adds something */}
        {hit.title !== hit.name && <p className="content-search__hit-subtitle">{hit.title}</p>}
        {hit.categories.length > 0 && (
          <p className="content-search__categories">
            <span className="sf-visually-hidden">{hit.categories.length === 1 ? 'Category: ' : 'Categories: '}</span>
            {hit.categories.map((category, index) => (
              <span key={category.url}>
                {index > 0 && ', '}
                <Link to={category.url}>{category.name}</Link>
              </span>
            ))}
          </p>
        )}
        {hit.description && <p className="content-search__description">{hit.description}</p>}
      </div>
    </article>
  );
}

