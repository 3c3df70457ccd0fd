import { splitPaymentDue } from '@storefront/commerce-rules';
import { QUOTE_MESSAGES, apiUrl, call, quoteApi, quotePaymentPath, splitPaymentPath, type Quote, type QuoteResponse } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, Button, ButtonLink, EmptyState, PageContainer, StatusBadge } from '@storefront/ui';
import { AddressBlock, MaskedCard, RecordDate, RecordItemsTable, RecordSection, RecordTotalsList } from '../record-view/RecordView.js';
import { recordPageState, recordParts, useRecordPage } from '../record-view/record-page.js';

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
 * Without a token (My Quotes links here) the signed-in owner's session is the proof (useRecordPage);
 * 401/404 read 'Quote not found.'.
 */
export default function QuoteViewPage() {
  const page = useRecordPage<QuoteResponse>('quoteId', quoteViewUrl, (id, signal) => call(quoteApi.view, { params: { id }, signal }));
  const state = recordPageState(page, {
    title: 'Your quote',
    idRequired: QUOTE_MESSAGES.idRequired,
    loadingLabel: 'Loading your quote…',
    notFound: <EmptyState title={QUOTE_MESSAGES.notFound} />,
    error: (answer) => (
      <Alert type="error">
        <p>
          <strong>{QUOTE_MESSAGES.fetchFailed}</strong>
        </p>
        <p>{answer.error || QUOTE_MESSAGES.fetchFailedRetry}</p>
        <Button variant="secondary" onClick={answer.reload}>
          Try Again
        </Button>
      </Alert>
    ),
  });
  return 'page' in state ? state.page : <QuoteDetails quote={state.record.data} token={page.token} />;
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
  const { billing, shipping, payment } = recordParts(quote);
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
