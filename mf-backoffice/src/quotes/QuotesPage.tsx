import { useId, useState } from 'react';
import { ADMIN_PATHS, QUOTE_STATUSES, adminApi, adminQuotePath, call, statusMessage, type AdminQuoteListResponse, type Quote, type QuoteStatus } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, ButtonLink, EmptyState, ErrorState, Link, LoadingState, LoadMoreButton, StatusBadge, useBrowserCall, useSearchParams } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import { formatDate } from './quote-dates.js';
import './quotes.css';

/** Quotes a page: enough to see a week's work, few enough to draw at once. */
export const QUOTES_PAGE_SIZE = 25;

const STATUS_LABELS: Record<QuoteStatus, string> = { ready_to_order: 'Ready to order', ordered: 'Ordered' };

/** The address's ?status=, when it is one the list can filter by. */
function statusOf(value: string | null): QuoteStatus | undefined {
  return QUOTE_STATUSES.find((status) => status === value);
}

/**
 * /admin/quotes: every quote, newest first, a page at a time (Load more asks for the page after the
 * last one shown), optionally only those ready to order or ordered (kept in the address as
 * ?status=). Each row opens the quote; New quote starts one.
 */
export default function QuotesPage() {
  return (
    <StaffScreen title="Quotes">
      <QuotesScreen />
    </StaffScreen>
  );
}

function QuotesScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const filterId = useId();
  return (
    <div className="bo-quotes">
      <div className="bo-quotes__bar">
        <div className="bo-filters bo-quotes__filters">
          <label htmlFor={filterId}>
            Status
            <select
              id={filterId}
              className="sf-input"
              value={status ?? ''}
              onChange={(event) => {
                const next = statusOf(event.target.value);
                setParams(next ? { status: next } : {}, { replace: true });
              }}
            >
              <option value="">All quotes</option>
              {QUOTE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ButtonLink to={ADMIN_PATHS.quoteNew}>New quote</ButtonLink>
      </div>
      {/* a new filter starts a new list */}
      <QuoteList key={status ?? 'all'} status={status} />
    </div>
  );
}

function QuoteList({ status }: { status: QuoteStatus | undefined }) {
  const first = useBrowserCall((signal) => call(adminApi.listQuotes, { query: { status, limit: QUOTES_PAGE_SIZE }, signal }), `quotes:${status ?? 'all'}`);
  const [later, setLater] = useState<AdminQuoteListResponse[]>([]);
  const [more, setMore] = useState<{ busy: boolean; problem: string | null }>({ busy: false, problem: null });

  if (first.status === 'failed') return <ErrorState title="The quotes could not be loaded" message={first.message} onRetry={first.reload} />;
  if (first.status !== 'ready') return <LoadingState label="Loading quotes…" />;

  const pages = [first.data, ...later];
  const quotes = pages.flatMap((page) => page.quotes);
  const next = pages[pages.length - 1]?.next ?? null;

  if (quotes.length === 0) {
    return (
      <EmptyState
        title={status ? `No quotes ${STATUS_LABELS[status].toLowerCase()}` : 'No quotes yet'}
        message={status ? 'Choose All quotes to see the others.' : "A quote prices a customer's cabinet order and sends them a link to pay it."}
        action={<ButtonLink to={ADMIN_PATHS.quoteNew}>New quote</ButtonLink>}
      />
    );
  }

  async function loadMore() {
    if (!next || more.busy) return;
    setMore({ busy: true, problem: null });
    try {
      const answer = await call(adminApi.listQuotes, { query: { status, limit: QUOTES_PAGE_SIZE, after: next } });
      if (answer.ok) {
        setLater((pagesSoFar) => [...pagesSoFar, answer.data]);
        setMore({ busy: false, problem: null });
      } else {
        setMore({ busy: false, problem: answer.error.message ?? statusMessage(answer.status) });
      }
    } catch (error) {
      setMore({ busy: false, problem: error instanceof Error ? error.message : 'The server could not be reached.' });
    }
  }

  return (
    <>
      <div className="bo-table-scroll">
        <table className="bo-table bo-quotes__table">
          <caption className="sf-visually-hidden">Quotes, newest first{status ? ` (${STATUS_LABELS[status]})` : ''}</caption>
          <thead>
            <tr>
              <th scope="col">Quote</th>
              <th scope="col">Customer</th>
              <th scope="col">E-mail</th>
              <th scope="col">Created</th>
              <th scope="col" className="bo-num">
                Total
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((quote) => (
              <QuoteRow key={quote.id} quote={quote} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="bo-muted bo-quotes__count" aria-live="polite">
        {quotes.length === 1 ? '1 quote shown' : `${quotes.length} quotes shown`}
        {next ? '; there are more.' : '.'}
      </p>
      {more.problem && <Alert type="error">The next quotes could not be loaded: {more.problem}</Alert>}
      {next && <LoadMoreButton onLoadMore={() => void loadMore()} loading={more.busy} label="Load more quotes" />}
    </>
  );
}

function QuoteRow({ quote }: { quote: Quote }) {
  const customer = [quote.firstName, quote.lastName].filter(Boolean).join(' ');
  return (
    <tr>
      <th scope="row">
        <Link to={adminQuotePath(quote.quoteIncrementId)}>{quote.quoteIncrementId}</Link>
      </th>
      <td>{customer || '—'}</td>
      <td className="bo-quotes__email">{quote.email}</td>
      <td>
        <time dateTime={quote.createdAt}>{formatDate(quote.createdAt)}</time>
      </td>
      <td className="bo-num">{formatCents(quote.total)}</td>
      <td>
        <StatusBadge kind="quote" status={quote.status} />
      </td>
    </tr>
  );
}
