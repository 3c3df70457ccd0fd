import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  ADMIN_MESSAGES,
  ADMIN_PATHS,
  adminApi,
  adminQuotePath,
  call,
  orderApi,
  type AdminCreateQuoteRequest,
  type AdminQuoteDetail,
  type AdminQuoteEditRequest,
} from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, EmptyState, ErrorState, Link, LoadingState, useBrowserCall, useNavigate, useParams } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import { handOverPaymentLink, PaymentLinkNotice, useHandedOverLink } from './PaymentLinkNotice.js';
import { QuoteForm } from './QuoteForm.js';
import { emptyQuoteValues, quoteValuesOf } from './quote-form-values.js';
import { QuotePdfButton } from './QuotePdfButton.js';
import { QuoteStatePanel } from './QuoteStatePanel.js';
import './quotes.css';

/** Why a quote's form is shown but cannot be changed (the detail's `editable` is false). */
export const QUOTE_LOCKED_MESSAGE =
  'This quote can no longer be changed: a payment was started on it, so its amounts are the ones the customer is paying. Its links and PDF are still here.';

/**
 * /admin/quotes/new (a new quote) and /admin/quotes/:quote (one quote by its number). A new quote
 * is sent to the server, which prices it and answers its first payment link: the editor goes to
 * the quote's page, which shows that link once to copy. A saved quote's page shows where it stands,
 * its links and order, its PDF, and the same form prefilled (locked once a payment was started).
 */
export default function QuoteEditorPage() {
  const { quote } = useParams();
  return <StaffScreen title={quote ? `Quote ${quote}` : 'New quote'}>{quote ? <EditQuote key={quote} number={quote} /> : <NewQuote />}</StaffScreen>;
}

/** The site's countries and states for the addresses, as the checkout offers them. */
function useLocations() {
  return useBrowserCall((signal) => call(orderApi.checkoutLocations, { signal }), 'checkout-locations');
}

function BackToQuotes() {
  return (
    <p className="bo-quote-back">
      <Link to={ADMIN_PATHS.quotes}>← All quotes</Link>
    </p>
  );
}

function NewQuote() {
  const locations = useLocations();
  const navigate = useNavigate();
  const defaultCountry = locations.status === 'ready' ? locations.data.defaultCountry : '';
  const initial = useMemo(() => emptyQuoteValues(defaultCountry), [defaultCountry]);

  let body;
  if (locations.status === 'failed') body = <ErrorState title="The quote editor could not be loaded" message={locations.message} onRetry={locations.reload} />;
  else if (locations.status !== 'ready') body = <LoadingState label="Loading the quote editor…" />;
  else {
    body = (
      <QuoteForm
        mode="create"
        initial={initial}
        locations={locations.data}
        save={(request, send, idempotencyKey) => call(adminApi.createQuote, { body: { ...request, ...(send && { send: true }) } as AdminCreateQuoteRequest, idempotencyKey })}
        onSaved={(link) => {
          handOverPaymentLink(link);
          navigate(adminQuotePath(link.quoteIncrementId), { replace: true });
        }}
      />
    );
  }
  return (
    <div className="bo-quote-page">
      <BackToQuotes />
      {body}
    </div>
  );
}

function EditQuote({ number }: { number: string }) {
  const detail = useBrowserCall((signal) => call(adminApi.quoteDetail, { params: { quote: number }, signal }), `quote:${number}`);
  const locations = useLocations();
  const handedOver = useHandedOverLink(number);
  const [showHandedOver, setShowHandedOver] = useState(true);
  // a save draws the form again from the server's quote (its values as stored)
  const [saves, setSaves] = useState(0);
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saves > 0) savedRef.current?.focus();
  }, [saves]);
  const data = detail.status === 'ready' ? detail.data : null;
  const defaultCountry = locations.status === 'ready' ? locations.data.defaultCountry : '';
  const initial = useMemo(() => (data ? quoteValuesOf(data.quote, defaultCountry) : null), [data, defaultCountry]);

  if (detail.status === 'failed' && detail.httpStatus === 404) {
    return (
      <div className="bo-quote-page">
        <EmptyState title="Quote not found" message={`There is no quote ${number}. ${detail.message === ADMIN_MESSAGES.quoteNotFound ? '' : detail.message}`.trim()} action={<Link to={ADMIN_PATHS.quotes}>Back to the quotes</Link>} />
      </div>
    );
  }
  if (detail.status === 'failed') return <ErrorState title="The quote could not be loaded" message={detail.message} onRetry={detail.reload} />;
  if (locations.status === 'failed') return <ErrorState title="The quote editor could not be loaded" message={locations.message} onRetry={locations.reload} />;
  if (!data || !initial || locations.status !== 'ready') return <LoadingState label="Loading the quote…" />;

  return (
    <div className="bo-quote-page">
      <BackToQuotes />
      {handedOver && showHandedOver && <PaymentLinkNotice link={handedOver} lead={`Quote ${number} was created.`} onDone={() => setShowHandedOver(false)} />}
      <div className="bo-quote-page__overview">
        <QuoteStatePanel detail={data} onChanged={(next) => detail.update(() => next)} onLinksChanged={detail.refresh} />
        <SavedTotals detail={data} />
      </div>
      <div ref={savedRef} tabIndex={-1} className="bo-quote-page__saved">
        {saves > 0 && <Alert type="success">The quote was saved. The server priced it again: the totals above are its own.</Alert>}
      </div>
      <h2 className="bo-quote-page__form-title">Edit the quote</h2>
      <QuoteForm
        key={saves}
        mode="edit"
        initial={initial}
        locations={locations.data}
        lockedReason={data.editable ? undefined : QUOTE_LOCKED_MESSAGE}
        save={(request) => call(adminApi.updateQuote, { params: { quote: number }, body: request as AdminQuoteEditRequest })}
        onSaved={(next) => {
          detail.update(() => next);
          setSaves((count) => count + 1);
        }}
      />
    </div>
  );
}

/** The quote's totals as the server computed them when it was last saved, and its PDF. */
function SavedTotals({ detail }: { detail: AdminQuoteDetail }) {
  const { quote } = detail;
  const headingId = useId();
  return (
    <section className="bo-quote-totals bo-quote-totals--saved" aria-labelledby={headingId} data-testid="quote-saved-totals">
      <h2 id={headingId}>Totals</h2>
      <p className="bo-muted">As the server priced the saved quote: what the customer pays.</p>
      <dl className="bo-quote-totals__list">
        <dt>Subtotal</dt>
        <dd>{formatCents(quote.subtotal)}</dd>
        <dt>Shipping ({quote.shippingLabel || quote.shippingMethod})</dt>
        <dd>{formatCents(quote.shippingAmount)}</dd>
        <dt>Tax</dt>
        <dd>{formatCents(quote.taxAmount)}</dd>
        <dt>Discount</dt>
        <dd>−{formatCents(quote.discountAmount)}</dd>
        <dt className="bo-quote-totals__grand">Total</dt>
        <dd className="bo-quote-totals__grand">{formatCents(quote.total)}</dd>
      </dl>
      <p>
        {quote.splitPaymentEnabled
          ? `Split payment: at least ${quote.minimumSplitAmount === null ? 'any amount' : formatCents(quote.minimumSplitAmount)} first, the balance later.`
          : 'Paid in full (no split payment).'}
      </p>
      <QuotePdfButton detail={detail} />
    </section>
  );
}
