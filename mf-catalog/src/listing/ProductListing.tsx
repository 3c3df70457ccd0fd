import './listing.css';
import {
  apiUrl,
  catalogApi,
  type BlockComponentProps,
  type CatalogListingResponse,
  type CatalogSamplesResponse,
  type ProductListingBlock,
  type ProductStyleCard as Card,
} from '@storefront/contracts';
import {
  EmptyState,
  ErrorState,
  InfiniteScrollTrigger,
  LoadingState,
  LoadMoreButton,
  LOAD_MORE_LABEL,
  PageNumberNav,
  usePageData,
  type JsonResult,
  useSearchParams,
  TitledSection,
} from '@storefront/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { LOADING_SAMPLES_TEXT } from '../samples/sample-ordering';
import { StyleSamplesOrder } from '../samples/StyleSamplesOrder';
import { ListingFilters, SelectionChips, selectionOf, type FilterSelection } from './ListingFilters';
import { listingApiUrl, listingPageSize, requestedPage, searchHref, withFilterValue, withPage, withSelections, withSort } from './listing-address';
import { ProductStyleCard } from './ProductStyleCard';

/** Spec §8, as written. */
export const NO_DATA_TITLE = 'No Data Found';
export const NO_DATA_MESSAGE = 'We are sorry, but we could not find any data.';
export const NO_ITEMS_TEXT = 'No items available';

type Show = NonNullable<ProductListingBlock['show']>;

/**
 * A product listing (spec §2, §9) over GET /api/catalog/styles: the catalog filters, sorts and pages,
 * the browser receives one page of cards at a time. All state is in the address (page, sort, one
 * repeated parameter per filter), so the server renders the same list a reload or a shared link asks
 * for. page-numbers shows the address's page; load-more and infinite-scroll show pages 1 to `page`,
 * each page its own page-data entry, so "Load More" fetches only the new page and a reload of
 * ?page=3 renders all three on the server.
 */
export default function ProductListing({ block }: BlockComponentProps<ProductListingBlock>) {
  const [search, setSearch] = useSearchParams();
  const pageSize = listingPageSize(block.pageSize);
  const pagination = block.paginationType ?? 'page-numbers';
  const show: Show = block.show ?? 'cards';
  const page = requestedPage(search);
  const appends = pagination !== 'page-numbers';
  const first = usePageData<CatalogListingResponse>(listingApiUrl(search, appends ? 1 : page, pageSize));

  // While another selection loads, the list it replaces stays on screen (marked busy), so the filters
  // the shopper is using do not vanish under the pointer.
  const [shown, setShown] = useState(first.data);
  if (first.status === 'ready' && first.data && first.data !== shown) setShown(first.data);
  const listing = first.status === 'ready' ? first.data : shown;

  const navigate = (next: URLSearchParams, options: { replace?: boolean } = {}) => setSearch(next, { preventScrollReset: true, ...options });
  const filterNames = listing?.filters.map((filter) => filter.name) ?? [];
  const applySelection = (selection: FilterSelection) => navigate(withSelections(search, filterNames, selection));

  let body;
  if (!listing) {
    body =
      first.status === 'loading' ? (
        <LoadingState label="Loading styles…" />
      ) : (
        <ErrorState title="The cabinet styles could not be loaded." message={first.error ?? 'Please try again in a moment.'} onRetry={first.reload} />
      );
  } else {
    const chosen = selectionOf(listing.filters, search);
    const anyChosen = [...chosen.values()].some((values) => values.length > 0);
    // pages shown: one (page-numbers), or 1..page capped at the last (a page past the end shows page 1)
    const lastShown = appends ? (page <= listing.totalPages ? page : 1) : listing.page;
    body = (
      <div className={`sf-listing__layout sf-listing__layout--${block.filterLayout ?? 'sidebar'}`}>
        {listing.filters.length > 0 && (
          <ListingFilters
            filters={listing.filters}
            selection={chosen}
            layout={block.filterLayout ?? 'sidebar'}
            onToggle={(name, value, on) => navigate(withFilterValue(search, name, value, on))}
            onApply={applySelection}
          />
        )}
        <div className="sf-listing__main" aria-busy={first.status === 'loading' || undefined}>
          <div className="sf-cluster sf-listing__toolbar">
            <ResultCount listing={listing} lastShown={lastShown} appends={appends} />
            <SortSelect listing={listing} asked={search.get('sort')} onSort={(sort) => navigate(withSort(search, sort))} />
          </div>
          <SelectionChips
            filters={listing.filters}
            selection={chosen}
            onRemove={(name, value) => navigate(withFilterValue(search, name, value, false))}
            onClearAll={() => applySelection(new Map())}
          />
          {listing.total === 0 ? (
            anyChosen ? (
              <EmptyState title={NO_ITEMS_TEXT} message="No style matches every filter you chose. Remove a filter to see more." />
            ) : (
              <EmptyState title={NO_DATA_TITLE} message={NO_DATA_MESSAGE} />
            )
          ) : (
            <>
              <ul className={`sf-card-grid sf-listing__cards sf-listing__cards--${show}`}>
                <CardItems cards={listing.items} show={show} eagerFirst />
                {appends &&
                  Array.from({ length: lastShown - 1 }, (_, i) => i + 2).map((n) => (
                    <AppendedPage key={n} url={listingApiUrl(search, n, pageSize)} page={n} show={show} focusOnArrival={n === lastShown} />
                  ))}
              </ul>
              {pagination === 'page-numbers' && (
                <PageNumberNav
                  page={listing.page}
                  totalPages={listing.totalPages}
                  hrefForPage={(n) => searchHref(withPage(search, n))}
                  label="Product pages"
                  preventScrollReset
                />
              )}
              {appends && lastShown < listing.totalPages && (
                <MoreLoader
                  kind={pagination}
                  label={block.loadMoreLabel ?? LOAD_MORE_LABEL}
                  pageUrl={listingApiUrl(search, lastShown, pageSize)}
                  onLoadMore={() => navigate(withPage(search, lastShown + 1), { replace: true })}
                />
              )}
            </>
          )}
        </div>
      </div>
    );
  }

  return (
    <TitledSection className="sf-container sf-section sf-listing" title={block.title} headingClassName="sf-section__heading sf-listing__heading" fallbackLabel="Cabinet styles" intro={block.description} introClassName="sf-section__intro sf-listing__intro">
      {body}
    </TitledSection>
  );
}

function ResultCount({ listing, lastShown, appends }: { listing: CatalogListingResponse; lastShown: number; appends: boolean }) {
  if (listing.total === 0) return <p className="sf-listing__count" role="status" />;
  const from = appends ? 1 : (listing.page - 1) * listing.pageSize + 1;
  const to = Math.min(listing.total, (appends ? lastShown : listing.page) * listing.pageSize);
  return (
    <p className="sf-listing__count" role="status">
      Showing {from}–{to} of {listing.total} {listing.total === 1 ? 'style' : 'styles'}
    </p>
  );
}

/** The sort in the address when the catalog knows it (shown at once on change), else the one applied. */
function SortSelect({ listing, asked, onSort }: { listing: CatalogListingResponse; asked: string | null; onSort: (sort: string) => void }) {
  const id = useId();
  const value = listing.sortOptions.some((option) => option.value === asked) ? asked! : listing.sort;
  return (
    <div className="sf-listing__sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} className="sf-input" value={value} onChange={(event) => onSort(event.target.value)}>
        {listing.sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The cards of one page. On /order-samples each card carries the style's sample doors, read for the
 * whole page in one call (GET /api/catalog/samples?style=a&style=b...).
 */
function CardItems({ cards, show, eagerFirst = false }: { cards: Card[]; show: Show; eagerFirst?: boolean }) {
  const samplesUrl = show === 'samples' && cards.length > 0 ? apiUrl(catalogApi.samples, { query: { style: cards.map((card) => card.code) } }) : null;
  const samples = usePageData<CatalogSamplesResponse>(samplesUrl);
  return (
    <>
      {cards.map((card, index) => (
        <li key={card.code} className="sf-listing__item" data-style-code={card.code}>
          <ProductStyleCard card={card} eager={eagerFirst && index === 0}>
            {show === 'samples' && <CardSamples code={card.code} samples={samples} />}
          </ProductStyleCard>
        </li>
      ))}
    </>
  );
}

function CardSamples({ code, samples }: { code: string; samples: JsonResult<CatalogSamplesResponse> }) {
  if (samples.status === 'loading') return <p className="sf-samples__loading" role="status">{LOADING_SAMPLES_TEXT}</p>;
  const group = samples.data?.styles.find((style) => style.code === code);
  if (!group) return <ErrorState title="The samples could not be loaded." message="Please try again in a moment." onRetry={samples.reload} />;
  return <StyleSamplesOrder group={group} />;
}

/**
 * A page added by Load More or infinite scroll. When it arrives, focus moves to its first card's link,
 * so a keyboard or screen-reader user goes on where the new cards start.
 */
function AppendedPage({ url, page, show, focusOnArrival }: { url: string; page: number; show: Show; focusOnArrival: boolean }) {
  const result = usePageData<CatalogListingResponse>(url);
  const marker = useRef<HTMLLIElement>(null);
  const wasLoading = useRef(result.status === 'loading');
  useEffect(() => {
    if (result.status === 'loading') {
      wasLoading.current = true;
      return;
    }
    if (wasLoading.current && focusOnArrival) {
      marker.current?.nextElementSibling?.querySelector<HTMLAnchorElement>('h3 a')?.focus();
    }
    wasLoading.current = false;
  }, [result.status, focusOnArrival]);

  if (result.status === 'loading') {
    return (
      <li className="sf-listing__item sf-listing__item--status">
        <LoadingState label={`Loading page ${page}…`} />
      </li>
    );
  }
  // the catalog answers a page past the end with page 1: nothing to add then
  if (result.status !== 'ready' || !result.data) {
    return (
      <li className="sf-listing__item sf-listing__item--status">
        <ErrorState title={`Page ${page} could not be loaded.`} message={result.error ?? 'Please try again in a moment.'} onRetry={result.reload} />
      </li>
    );
  }
  if (result.data.page !== page) return null;
  return (
    <>
      <li ref={marker} className="sf-listing__page-start" aria-hidden="true" />
      <CardItems cards={result.data.items} show={show} />
    </>
  );
}

/** Load More, or the infinite-scroll sentinel; neither asks again while the last page is still on its way. */
function MoreLoader({ kind, label, pageUrl, onLoadMore }: { kind: 'load-more' | 'infinite-scroll'; label: string; pageUrl: string; onLoadMore: () => void }) {
  const last = usePageData<CatalogListingResponse>(pageUrl);
  const ready = last.status !== 'loading';
  if (kind === 'load-more') return <LoadMoreButton onLoadMore={onLoadMore} loading={!ready} label={label} />;
  return <InfiniteScrollTrigger onLoadMore={onLoadMore} enabled={ready} fallbackLabel={label} />;
}
