import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../Button.js';
import { pageNumberItems } from './page-numbers.js';

/** Spec §9: the three ways a listing pages through its items. */
export type PaginationType = 'page-numbers' | 'load-more' | 'infinite-scroll';

export const LOAD_MORE_LABEL = 'Load More';
/** Infinite scroll asks for the next page this far before the end of the list (§9). */
export const INFINITE_SCROLL_OFFSET_PX = 100;

export interface PageNumberNavProps {
  page: number;
  totalPages: number;
  /** The address of a page: every page is a real link, so a reload or a shared link shows it. */
  hrefForPage: (page: number) => string;
  /** What is being paged, for screen readers: "Blog pages", "Product pages". */
  label: string;
  /** Keep the scroll position when the list changes in place (react-router `preventScrollReset`). */
  preventScrollReset?: boolean;
}

/**
 * Previous, the §9 page numbers with ellipsis gaps, Next. Nothing when there is one page. On a page
 * past the end (an old or typed address) no number is current and Previous leads to the last page.
 */
export function PageNumberNav({ page, totalPages, hrefForPage, label, preventScrollReset }: PageNumberNavProps) {
  if (totalPages <= 1) return null;
  const beyondEnd = page > totalPages;
  const current = Math.min(Math.max(1, page), totalPages);
  const previous = beyondEnd ? totalPages : current - 1;
  return (
    <nav className="sf-pagination" aria-label={label}>
      {previous >= 1 ? (
        <Link className="sf-pagination__step" to={hrefForPage(previous)} preventScrollReset={preventScrollReset} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="sf-pagination__step" aria-hidden="true" />
      )}
      <ol className="sf-pagination__pages">
        {pageNumberItems(current, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="sf-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === current && !beyondEnd ? (
                <span className="sf-pagination__page" aria-current="page" aria-label={`Page ${item.page}, current page`}>
                  {item.page}
                </span>
              ) : (
                <Link className="sf-pagination__page" to={hrefForPage(item.page)} preventScrollReset={preventScrollReset} aria-label={`Page ${item.page}`}>
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {current < totalPages && !beyondEnd ? (
        <Link className="sf-pagination__step" to={hrefForPage(current + 1)} preventScrollReset={preventScrollReset} rel="next">
          Next
        </Link>
      ) : (
        <span className="sf-pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}

export interface LoadMoreButtonProps {
  onLoadMore: () => void;
  loading?: boolean;
  label?: string;
}

/** The load-more pagination type: one button that appends the next page. */
export function LoadMoreButton({ onLoadMore, loading = false, label = LOAD_MORE_LABEL }: LoadMoreButtonProps) {
  return (
    <div className="sf-pagination sf-pagination--more">
      <Button variant="secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading…' : label}
      </Button>
    </div>
  );
}

export interface InfiniteScrollTriggerProps {
  onLoadMore: () => void;
  /** False while a page is loading or when there is nothing more, so the trigger fires once per page. */
  enabled: boolean;
  /** A keyboard and no-IntersectionObserver fallback shown under the list. */
  fallbackLabel?: string;
}

/**
 * The infinite-scroll pagination type: a sentinel under the list asks for the next page when it comes
 * within 100 px of the viewport. It also renders a Load More button, so keyboard users and browsers
 * without IntersectionObserver can still reach every item.
 */
export function InfiniteScrollTrigger({ onLoadMore, enabled, fallbackLabel = LOAD_MORE_LABEL }: InfiniteScrollTriggerProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);

  return (
    <div ref={sentinel} className="sf-pagination sf-pagination--infinite">
      {enabled && (
        <Button variant="link" onClick={() => latest.current()}>
          {fallbackLabel}
        </Button>
      )}
    </div>
  );
}
