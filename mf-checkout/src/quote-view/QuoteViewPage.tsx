import { splitPaymentDue } from '@storefront/commerce-rules';
import { QUOTE_MESSAGES, apiUrl, call, quoteApi, quotePaymentPath, splitPaymentPath, type Quote, type QuoteResponse } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  LoadingState,
  PageContainer,
  StatusBadge,
  usePageData,
  useParams,
  useSearchParams,
} from '@storefront/ui';
import { useOwnerView } from '../account/shared/owner-view.js';
import { AddressBlock, MaskedCard, RecordDate, RecordItemsTable, RecordSection, RecordTotalsList } from '../record-view/RecordView.js';

/** Spec 8 (views): what a missing customer detail reads. */
const NOT_PROVIDED = 'Not provided';

/** The quote's URL for whoever holds its payment link's token (?token=). */
export function quoteViewUrl(quoteId: string, token: string): string {
  return apiUrl(quoteApi.view, { params: { id: quoteId }, query: { token } });
}

/**
 * The quote view page (spec 2, "quote view page"; `/quote/view/:quoteId?token=`): quote number, date,
 * status badge, items with their notes, totals, addresses, shipping method, payment method once
 * paid, and the customer's details. The token of the quote's payment link proves the quote is the
 * reader's; without a current one the API answers 404 and the page says 'Quote not found.'.
 * Server-rendered with its data, like the order view page. Without a token (My Quotes links here)
 * the signed-in owner's session is the proof: the server, which sends no cookies with its requests,
 * draws the loading state and the browser asks after hydration; 401/404 read 'Quote not found.'.
 */
export default function QuoteViewPage() {
  const { quoteId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const byToken = usePageData<QuoteResponse>(quoteId && token ? quoteViewUrl(quoteId, token) : null);
  const byOwner = useOwnerView(quoteId && !token ? (signal) => call(quoteApi.view, { params: { id: quoteId }, signal }) : null, quoteId);
  const answer = token ? byToken : byOwner;

  if (!quoteId) {
    return (
      <PageContainer title="Your quote">
        <Alert type="error">{QUOTE_MESSAGES.idRequired}</Alert>
      </PageContainer>
    );
  }
  if (answer.status === 'not-found') {
    return (
      <PageContainer title="Your quote">
        <EmptyState title={QUOTE_MESSAGES.notFound} />
      </PageContainer>
    );
  }
  if (answer.status === 'error') {
    return (
      <PageContainer title="Your quote">
        <Alert type="error">
          <p>
            <strong>{QUOTE_MESSAGES.fetchFailed}</strong>
          </p>
          <p>{answer.error || QUOTE_MESSAGES.fetchFailedRetry}</p>
          <Button variant="secondary" onClick={answer.reload}>
            Try Again
          </Button>
        </Alert>
      </PageContainer>
    );
  }
  if (answer.status !== 'ready' || !answer.data) {
    return (
      <PageContainer>
        <LoadingState label="Loading your quote…" />
      </PageContainer>
    );
  }
  return <QuoteDetails quote={answer.data.data} token={token} />;
}

/**
 * A way to pay a quote that still has something to pay, with the proof the server takes for it
 * (review "a quote opened from My Quotes has no Pay button"): the reader holding the link's token
 * goes to the quote payment page with it; a quote already ordered whose order takes split payment
 * goes to the split-payment page (the order and its e-mail are that page's proof); the signed-in
 * owner of a quote not yet paid has no token in hand (the server keeps only its hash, and issuing a
 * new one would revoke the e-mailed link), so they are pointed to that e-mail. The amount is the
 * server's (total minus completed payments).
 */
export function QuotePayAction({ quote, token }: { quote: Quote; token: string }) {
  const due = splitPaymentDue(quote.total, quote.payments);
  if (due <= 0) return null;
  if (quote.status === 'ready_to_order' && token) {
    return (
      <p className="sf-record-view__pay">
        <ButtonLink to={quotePaymentPath(quote.id, token)}>{`Pay this quote (${formatCents(due)})`}</ButtonLink>
      </p>
    );
  }
  if (quote.status === 'ordered' && quote.orderId && quote.splitPaymentEnabled) {
    return (
      <p className="sf-record-view__pay">
        <ButtonLink to={splitPaymentPath(quote.orderId, quote.email)}>{`Pay the remaining balance (${formatCents(due)})`}</ButtonLink>
      </p>
    );
  }
  if (quote.status === 'ready_to_order') {
    return <Alert type="info">{`${formatCents(due)} is due. To pay this quote, open the payment link in the e-mail we sent to ${quote.email || 'you'}.`}</Alert>;
  }
  return null;
}

function QuoteDetails({ quote, token }: { quote: Quote; token: string }) {
  const billing = quote.addresses.find((address) => address.type === 'billing');
  const shipping = quote.addresses.find((address) => address.type === 'shipping');
  const payment = quote.payments.find((entry) => entry.status === 'completed') ?? quote.payments.at(-1);
  return (
    <PageContainer title={`Quote #${quote.quoteIncrementId}`}>
      <div className="sf-record-view">
        <p className="sf-record-view__meta">
          Created on <RecordDate iso={quote.createdAt} />
          <StatusBadge kind="quote" status={quote.status} />
        </p>
        <QuotePayAction quote={quote} token={token} />
        {quote.items.length > 0 ? (
          <RecordItemsTable caption="Items in this quote" items={quote.items} />
        ) : (
          <EmptyState title={QUOTE_MESSAGES.noItems} />
        )}
        <RecordTotalsList totals={quote} />
        <div className="sf-record-view__columns">
          <RecordSection idPrefix="quote-view" title="Customer details">
            <dl>
              <dt>Name</dt>
              <dd>{`${quote.firstName} ${quote.lastName}`.trim() || NOT_PROVIDED}</dd>
              <dt>Email</dt>
              <dd>{quote.email || NOT_PROVIDED}</dd>
              <dt>Phone</dt>
              <dd>{quote.phone || NOT_PROVIDED}</dd>
            </dl>
          </RecordSection>
          <AddressBlock idPrefix="quote-view" title="Shipping address" address={shipping} />
          <AddressBlock idPrefix="quote-view" title="Billing address" address={billing} />
          <RecordSection idPrefix="quote-view" title="Shipping method">
            <p>{quote.shippingLabel || quote.shippingMethod || '—'}</p>
          </RecordSection>
          {payment && (
            <RecordSection idPrefix="quote-view" title="Payment method">
              <p>
                {payment.methodLabel || payment.method} <StatusBadge kind="payment" status={payment.status} />
              </p>
              <MaskedCard additionalData={payment.additionalData} />
            </RecordSection>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
