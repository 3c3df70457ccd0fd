import { useCallback, useMemo, useRef, useState } from 'react';
import { amountReceived, quoteSplitAmountProblem, readTypedAmount, remainingAfter, splitPaymentDue } from '@storefront/commerce-rules';
import {
  PAYMENT_MESSAGES,
  QUOTE_MESSAGES,
  apiUrl,
  call,
  paymentApi,
  quoteApi,
  splitPaymentPath,
  type PaymentMethod,
  type PaymentMethodsResponse,
  type Quote,
  type QuoteResponse,
} from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import {
  Alert,
  ButtonLink,
  EmptyState,
  ErrorState,
  LoadingState,
  PageContainer,
  usePageData,
  useLocation,
  useNavigate,
  useSearchParams,
} from '@storefront/ui';
import {
  choosableMethods,
  completeOrder,
  memoryPaymentSession,
  type OrderToPay,
  paymentFailedOf,
  payOrder,
  retainOrder,
  storePaymentReturnContext,
} from '../payment/index.js';
import { PaymentForm, SPLIT_PAYMENT_METHOD, type PaidOutcome } from '../payment-form/PaymentForm.js';
import { PaymentFailedNotice } from '../payment-form/PaymentFailedNotice.js';
import { AddressBlock, RecordItemsTable, RecordSection, RecordTotalsList } from '../record-view/RecordView.js';
import { quotePaymentResult } from './quote-payment-flow.js';
import './QuotePaymentPage.css';

const PAGE_TITLE = 'Pay your quote';
export const HOME_PATH = '/';
export const CONTACT_PATH = '/contact';

/** GET /api/quote?quoteId&token: the quote behind a payment link (page data: in the first HTML). */
export function quoteByLinkUrl(quoteId: string, token: string): string {
  return apiUrl(quoteApi.byLink, { query: { quoteId, token } });
}

/** The methods a quote may be paid with (spec 7: scope convert-to-order). */
export const QUOTE_PAYMENT_METHODS_URL = apiUrl(paymentApi.paymentMethods, { query: { scope: 'convert-to-order' } });

/**
 * The quote payment page (spec 2, 4, 5; `/quote/payment?quoteId=&token=`): the quote behind the
 * link, then the payment methods (split payment when the quote allows it) and Pay Now. An expired
 * link and an unknown one have their own views; a quote already ordered says so, and links to the
 * split-payment page while a balance is left. Paying: the card is tokenised, the quote's order asked
 * for (the link's token is that order's token), the attempt started (an instalment with
 * splitAmount), then convertToOrder tells the balance and the success flow runs.
 */
export default function QuotePaymentPage() {
  const [params] = useSearchParams();
  const quoteId = params.get('quoteId')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const answer = usePageData<QuoteResponse>(quoteId && token ? quoteByLinkUrl(quoteId, token) : null);

  if (!quoteId || !token) return <NotFoundView />;
  if (answer.status === 'loading') {
    return (
      <PageContainer>
        <LoadingState label="Loading your quote…" />
      </PageContainer>
    );
  }
  // spec 8: tokenExpired -> the expired view; quoteNotExist (or no quote) -> not found
  if (answer.errorType === 'tokenExpired') return <ExpiredView />;
  if (answer.status === 'not-found' || answer.httpStatus === 400 || (answer.status === 'ready' && !answer.data?.data)) return <NotFoundView />;
  if (answer.status === 'error' || !answer.data) {
    return (
      <PageContainer title={PAGE_TITLE}>
        <ErrorState title={QUOTE_MESSAGES.fetchFailed} message={answer.error || QUOTE_MESSAGES.fetchFailedRetry} onRetry={answer.reload} />
      </PageContainer>
    );
  }
  return <QuotePayment quote={answer.data.data} quoteId={quoteId} token={token} />;
}

function HomeButton() {
  return <ButtonLink to={HOME_PATH}>Go to Home Page</ButtonLink>;
}

function ExpiredView() {
  return (
    <PageContainer title={PAGE_TITLE}>
      <EmptyState
        title={QUOTE_MESSAGES.linkExpired}
        action={
          <div className="sf-quote-pay__actions">
            <HomeButton />
            <ButtonLink variant="secondary" to={CONTACT_PATH}>
              Contact Us
            </ButtonLink>
          </div>
        }
      />
    </PageContainer>
  );
}

function NotFoundView() {
  return (
    <PageContainer title={PAGE_TITLE}>
      <EmptyState title={QUOTE_MESSAGES.linkNotFound} action={<HomeButton />} />
    </PageContainer>
  );
}

function QuotePayment({ quote, quoteId, token }: { quote: Quote; quoteId: string; token: string }) {
  const due = splitPaymentDue(quote.total, quote.payments);
  // back from the provider's page after a failed payment (the verify page): why, and what is still due
  const failed = paymentFailedOf(useLocation().state);
  const [failureShown, setFailureShown] = useState(true);
  return (
    <PageContainer title={`Quote #${quote.quoteIncrementId}`}>
      <div className="sf-quote-pay">
        <QuoteSummary quote={quote} />
        <section className="sf-quote-pay__payment" aria-labelledby="quote-pay-payment">
          <h2 id="quote-pay-payment">Payment</h2>
          {failed && failureShown && quote.status !== 'ordered' ? <PaymentFailedNotice message={failed} dueCents={due} onDismiss={() => setFailureShown(false)} /> : null}
          {quote.status === 'ordered' ? (
            <Alert type="info">
              <p>{QUOTE_MESSAGES.alreadyOrdered}</p>
              {due > 0 && quote.orderId ? (
                <p>
                  {`${formatCents(due)} is left to pay. `}
                  <a href={splitPaymentPath(quote.orderId, quote.email)}>Pay the remaining balance</a>
                </p>
              ) : null}
            </Alert>
          ) : (
            <QuotePaymentStep quote={quote} quoteId={quoteId} token={token} dueCents={due} />
          )}
        </section>
      </div>
    </PageContainer>
  );
}

/** Spec 2: number, PO number, customer, addresses, shipping method, items with notes, additional notes, totals. */
function QuoteSummary({ quote }: { quote: Quote }) {
  const billing = quote.addresses.find((address) => address.type === 'billing');
  const shipping = quote.addresses.find((address) => address.type === 'shipping');
  return (
    <div className="sf-record-view sf-quote-pay__summary">
      <dl className="sf-quote-pay__facts">
        <div>
          <dt>Quote number</dt>
          <dd>{quote.quoteIncrementId}</dd>
        </div>
        <div>
          <dt>PO number</dt>
          <dd>{quote.poNumber || '—'}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {`${quote.firstName} ${quote.lastName}`.trim()}
            {quote.email ? <span className="sf-quote-pay__email">{quote.email}</span> : null}
          </dd>
        </div>
      </dl>
      <div className="sf-record-view__columns">
        <AddressBlock idPrefix="quote-pay" title="Billing address" address={billing} />
        <AddressBlock idPrefix="quote-pay" title="Shipping address" address={shipping} />
        <RecordSection idPrefix="quote-pay" title="Shipping method">
          <p>{quote.shippingLabel || quote.shippingMethod || '—'}</p>
        </RecordSection>
      </div>
      {quote.items.length > 0 ? <RecordItemsTable caption="Items in this quote" items={quote.items} /> : <EmptyState title={QUOTE_MESSAGES.noItems} />}
      {quote.additionalNotes ? (
        <RecordSection idPrefix="quote-pay" title="Additional notes">
          <p className="sf-quote-pay__notes">{quote.additionalNotes}</p>
        </RecordSection>
      ) : null}
      <RecordTotalsList totals={quote} />
    </div>
  );
}

function QuotePaymentStep({ quote, quoteId, token, dueCents }: { quote: Quote; quoteId: string; token: string; dueCents: number }) {
  const navigate = useNavigate();
  const methodsAnswer = usePageData<PaymentMethodsResponse>(QUOTE_PAYMENT_METHODS_URL);
  // one session per page: a Pay whose outcome was never learned is sent again as it was
  const session = useMemo(() => memoryPaymentSession(), []);
  const order = useRef<OrderToPay | null>(null);
  const methods = useMemo(
    () => choosableMethods(methodsAnswer.data?.paymentMethods).filter((method) => method.name !== SPLIT_PAYMENT_METHOD || quote.splitPaymentEnabled),
    [methodsAnswer.data, quote.splitPaymentEnabled],
  );
  const minimumCents = quote.minimumSplitAmount ?? 0;
  const amountProblem = useCallback(
    (value: unknown) => quoteSplitAmountProblem(readTypedAmount(value), { totalCents: quote.total, minimumCents: quote.minimumSplitAmount }),
    [quote.total, quote.minimumSplitAmount],
  );

  const pay = useCallback(
    (method: PaymentMethod, card: Parameters<typeof payOrder>[1], splitAmountCents: number | undefined) =>
      payOrder(method, card, {
        session,
        ...(splitAmountCents !== undefined ? { splitAmount: splitAmountCents / 100 } : {}),
        // the order this link pays (drafted from the quote, the same on every call); its token is the link's
        order: async () => {
          try {
            const answer = await call(quoteApi.paymentOrder, { body: { quoteId, token } });
            if (answer.ok && answer.data?.data) {
              const made = answer.data.data;
              order.current = { id: made.id, orderIncrementId: made.orderIncrementId, orderToken: token };
              return order.current;
            }
            if (!answer.ok && answer.status === 409 && answer.error.errorType === 'quoteOrdered') return { kind: 'failed', message: QUOTE_MESSAGES.alreadyOrdered };
            return { kind: 'failed', message: (!answer.ok && answer.error.message) || PAYMENT_MESSAGES.failed };
          } catch {
            return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
          }
        },
      }),
    [session, quoteId, token],
  );

  const onPaid = useCallback(
    async (outcome: PaidOutcome, splitAmountCents: number | undefined) => {
      const result = await quotePaymentResult({ quoteId, token, transactionId: outcome.transactionId, splitAmountCents }, { dueCents });
      const { orderIncrementId = outcome.orderIncrementId, ...amounts } = result;
      completeOrder(orderIncrementId, navigate, false, { paymentPending: outcome.paymentPending, testPayment: outcome.testPayment, ...amounts });
      return 'leaving' as const;
    },
    [quoteId, token, dueCents, navigate],
  );

  const beforeRedirect = useCallback(
    (splitAmountCents: number | undefined) => {
      const paying = order.current;
      if (!paying) return;
      // the verify page proves a PayPal return with the retained order's token: the link's
      retainOrder({ id: paying.id, orderIncrementId: paying.orderIncrementId, orderToken: token });
      storePaymentReturnContext({ kind: 'quote', quoteId, token, orderIncrementId: paying.orderIncrementId, ...(splitAmountCents !== undefined ? { splitAmountCents } : {}) });
    },
    [quoteId, token],
  );

  const summary = useCallback(
    (enteredCents: number | null) => (
      <dl className="sf-pay-amounts" aria-label="Amounts">
        <dt>Total</dt>
        <dd>{formatCents(quote.total)}</dd>
        {quote.payments.length > 0 && (
          <>
            <dt>Amount received</dt>
            <dd>{formatCents(amountReceived(quote.payments))}</dd>
          </>
        )}
        {enteredCents !== null && (
          <>
            <dt>Minimum split amount</dt>
            <dd>{formatCents(minimumCents)}</dd>
            <dt className="sf-pay-amounts__remaining">Remaining</dt>
            <dd className="sf-pay-amounts__remaining">{formatCents(remainingAfter(dueCents, enteredCents))}</dd>
          </>
        )}
      </dl>
    ),
    [quote.total, quote.payments, minimumCents, dueCents],
  );

  if (methodsAnswer.status === 'loading') return <LoadingState label="Loading payment methods…" />;
  if (methodsAnswer.status !== 'ready') {
    return <ErrorState title="Payment methods could not be loaded" message={methodsAnswer.error ?? 'Please try again.'} onRetry={methodsAnswer.reload} />;
  }
  return (
    <PaymentForm
      methods={methods}
      amountLabel="Split amount"
      amountProblem={amountProblem}
      minCents={minimumCents}
      maxCents={quote.total}
      summary={summary}
      submitText="Pay Now"
      pay={pay}
      onPaid={onPaid}
      beforeRedirect={beforeRedirect}
    />
  );
}
