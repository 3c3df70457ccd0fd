import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SPLIT_PAYMENT_MESSAGES, instalmentProblem, readTypedAmount, remainingAfter } from '@storefront/commerce-rules';
import { SPLIT_PAYMENT_PATH, apiUrl, paymentApi, type PaymentMethod, type PaymentMethodsResponse, type SplitPaymentOrder } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import {
  Alert,
  Button,
  ErrorState,
  LoadingState,
  PageContainer,
  RESULT_MESSAGE_MS,
  usePageData,
  useTransientValue,
  Link,
  useLocation,
  useNavigate,
  useSearchParams,
} from '@storefront/ui';
import { TextInput } from '@storefront/ui/fields';
import { choosableMethods, completeOrder, memoryPaymentSession, paymentFailedOf, payOrder, storePaymentReturnContext } from '../payment/index.js';
import { lazyResolver, usePreloadOnFirstInput } from '../shared/lazy-resolver.js';
import { PaymentForm, SPLIT_PAYMENT_METHOD, type PaidOutcome } from '../payment-form/PaymentForm.js';
import { PaymentFailedNotice } from '../payment-form/PaymentFailedNotice.js';
import { RecordTotalsList } from '../record-view/RecordView.js';
import { confirmSplitPayment, lookupOrder } from './split-payment-flow.js';
import './SplitPaymentPage.css';

const PAGE_TITLE = 'Split Payment';

/** The methods an order's balance may be paid with (spec 7: scope complete-order-payment). */
export const SPLIT_PAYMENT_METHODS_URL = apiUrl(paymentApi.paymentMethods, { query: { scope: 'complete-order-payment' } });

/** Router state the verify page leaves after a redirected instalment that left a balance. */
export interface SplitPaymentLocationState {
  paymentSuccessful?: boolean;
}

type Lookup = { kind: 'idle' } | { kind: 'loading' } | { kind: 'order'; order: SplitPaymentOrder } | { kind: 'error'; notFound: boolean };

/**
 * The split-payment page (spec 2, 4, 5, 8; `/order/split-payment?orderId=&email=`): with both values
 * the order is looked up (its e-mail is the proof, no login); without them, or when the lookup fails,
 * the lookup form (a real GET form, so it works before the scripts run). The lookup answers only an
 * order with split payment enabled and a balance, and only its figures (no items or addresses): it shows total, minimum split amount, amount received and remaining,
 * and the payment form; each instalment is paid through the checkout's payOrder (the order's e-mail
 * instead of a token), then confirmed with the split-payment call, whose re-read order is shown with
 * 'Payment successful!'. The last instalment runs the success flow. The server renders the form or
 * the loading state (the order is private and looked up in the browser).
 */
export default function SplitPaymentPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const orderId = params.get('orderId')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const both = orderId !== '' && email !== '';
  const [lookup, setLookup] = useState<Lookup>(both ? { kind: 'loading' } : { kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  // spec 8, 9: lookup and payment messages clear after 5 s
  const notice = useTransientValue<{ type: 'error' | 'success'; text: string }>(RESULT_MESSAGE_MS);
  const showNotice = notice.show;

  useEffect(() => {
    if (!both) {
      setLookup({ kind: 'idle' });
      return;
    }
    let current = true;
    setLookup({ kind: 'loading' });
    void lookupOrder(orderId, email).then((result) => {
      if (!current) return;
      if (result.kind === 'error') {
        setLookup({ kind: 'error', notFound: result.notFound });
        showNotice({ type: 'error', text: result.message });
        return;
      }
      const { order } = result;
      if (!order.splitPaymentEnabled) {
        setLookup({ kind: 'error', notFound: false });
        showNotice({ type: 'error', text: SPLIT_PAYMENT_MESSAGES.notEnabled });
      } else if (order.amountDue <= 0) {
        setLookup({ kind: 'error', notFound: false });
        showNotice({ type: 'error', text: SPLIT_PAYMENT_MESSAGES.alreadyPaid });
      } else {
        setLookup({ kind: 'order', order });
      }
    });
    return () => {
      current = false;
    };
  }, [both, orderId, email, attempt, showNotice]);

  // back from the provider's page with a balance left (the verify page confirmed the instalment)
  const returned = (location.state as SplitPaymentLocationState | null)?.paymentSuccessful === true;
  // back after a failed payment on the provider's page: why, with the balance the server reads now
  const failed = paymentFailedOf(location.state);
  const [failureShown, setFailureShown] = useState(true);
  useEffect(() => {
    if (returned) showNotice({ type: 'success', text: SPLIT_PAYMENT_MESSAGES.paymentSuccessful });
  }, [returned, showNotice]);

  const onLookup = useCallback(
    (values: LookupValues) => {
      // spec 2: the address's query string is replaced with both values
      setParams({ orderId: values.orderId.trim(), email: values.email.trim() }, { replace: true });
      setAttempt((n) => n + 1);
    },
    [setParams],
  );

  const onPaidOrder = useCallback(
    (order: SplitPaymentOrder, outcome: PaidOutcome) => {
      if (order.amountDue <= 0) {
        completeOrder(order.orderIncrementId, navigate, false, { paymentPending: outcome.paymentPending, testPayment: outcome.testPayment });
        return 'leaving' as const;
      }
      setLookup({ kind: 'order', order });
      setFailureShown(false);
      showNotice({ type: 'success', text: SPLIT_PAYMENT_MESSAGES.paymentSuccessful });
      return 'stay' as const;
    },
    [navigate, showNotice],
  );

  const message = notice.value ? (
    <Alert type={notice.value.type} onDismiss={notice.clear}>
      {notice.value.text}
      {lookup.kind === 'error' && lookup.notFound ? (
        <>
          {' '}
          <Link to={SPLIT_PAYMENT_PATH} onClick={() => notice.clear()}>
            Go Back
          </Link>
        </>
      ) : null}
    </Alert>
  ) : null;

  return (
    <PageContainer title={PAGE_TITLE}>
      <div className="sf-split-pay">
        {message}
        {failed && failureShown && lookup.kind === 'order' ? (
          <PaymentFailedNotice message={failed} dueCents={lookup.order.amountDue} onDismiss={() => setFailureShown(false)} />
        ) : null}
        {lookup.kind === 'loading' ? (
          <LoadingState label="Loading your order…" />
        ) : lookup.kind === 'order' ? (
          <SplitPaymentOrder order={lookup.order} email={email} onPaidOrder={onPaidOrder} onError={(text) => showNotice({ type: 'error', text })} />
        ) : (
          <LookupForm orderId={orderId} email={email} onLookup={onLookup} />
        )}
      </div>
    </PageContainer>
  );
}

interface LookupValues {
  orderId: string;
  email: string;
}

/** Fetched with the first check (see lazy-resolver.ts): the lookup page's first load carries no yup. */
const lookupResolver = lazyResolver<LookupValues>(() => import('./lookup-resolver.js').then(({ lookupFormResolver }) => lookupFormResolver<LookupValues>()));

/** Order ID, Email, Fetch Order: a GET form to this page, so it works before hydration too. */
function LookupForm({ orderId, email, onLookup }: { orderId: string; email: string; onLookup(values: LookupValues): void }) {
  usePreloadOnFirstInput(lookupResolver);
  const { register, handleSubmit, formState } = useForm<LookupValues>({ resolver: lookupResolver, defaultValues: { orderId, email }, mode: 'onTouched' });
  const message = (name: keyof LookupValues) => {
    const text = formState.errors[name]?.message;
    return typeof text === 'string' ? text : undefined;
  };
  return (
    <form className="sf-split-pay__lookup" method="get" action={SPLIT_PAYMENT_PATH} noValidate aria-label="Find your order" onSubmit={handleSubmit(onLookup)}>
      <TextInput {...register('orderId')} id="split-payment-orderId" label="Order ID" required error={message('orderId')} autoComplete="off" />
      <TextInput {...register('email')} id="split-payment-email" label="Email" type="email" required error={message('email')} autoComplete="email" />
      <div className="sf-split-pay__actions">
        <Button type="submit">Fetch Order</Button>
      </div>
    </form>
  );
}

interface SplitPaymentOrderProps {
  order: SplitPaymentOrder;
  email: string;
  onPaidOrder(order: SplitPaymentOrder, outcome: PaidOutcome): 'leaving' | 'stay';
  onError(message: string): void;
}

function SplitPaymentOrder({ order, email, onPaidOrder, onError }: SplitPaymentOrderProps) {
  const methodsAnswer = usePageData<PaymentMethodsResponse>(SPLIT_PAYMENT_METHODS_URL);
  const session = useMemo(() => memoryPaymentSession(), []);
  const due = order.amountDue;
  const received = order.amountReceived;
  const minimumCents = order.minimumSplitAmount ?? 0;
  const orderRef = useRef(order);
  orderRef.current = order;
  const methods = useMemo(
    () => choosableMethods(methodsAnswer.data?.paymentMethods).filter((method) => method.name !== SPLIT_PAYMENT_METHOD || order.splitPaymentEnabled),
    [methodsAnswer.data, order.splitPaymentEnabled],
  );
  const amountProblem = useCallback((value: unknown) => instalmentProblem(readTypedAmount(value), { dueCents: due, minimumCents: order.minimumSplitAmount }), [due, order.minimumSplitAmount]);

  const pay = useCallback(
    (method: PaymentMethod, card: Parameters<typeof payOrder>[1], splitAmountCents: number | undefined) =>
      payOrder(method, card, {
        session,
        ...(splitAmountCents !== undefined ? { splitAmount: splitAmountCents / 100 } : {}),
        // no order token on this page: the order's e-mail is the proof (spec 6)
        order: async () => ({ id: orderRef.current.id, orderIncrementId: orderRef.current.orderIncrementId, orderEmail: email }),
      }),
    [session, email],
  );

  const onPaid = useCallback(
    async (outcome: PaidOutcome) => {
      const current = orderRef.current;
      if (!outcome.transactionId) {
        // an answer without the transaction (paid meanwhile): the order as it is now
        const again = await lookupOrder(current.id, email);
        if (again.kind === 'order') return onPaidOrder(again.order, outcome);
        onError(again.message);
        return 'stay' as const;
      }
      const confirmed = await confirmSplitPayment(current.id, email, outcome.transactionId);
      if (!confirmed.ok) {
        onError(confirmed.message);
        return 'stay' as const;
      }
      return onPaidOrder(confirmed.order, outcome);
    },
    [email, onPaidOrder, onError],
  );

  const beforeRedirect = useCallback(() => {
    storePaymentReturnContext({ kind: 'split', orderId: orderRef.current.id, email, orderIncrementId: orderRef.current.orderIncrementId });
  }, [email]);

  const summary = useCallback(
    (enteredCents: number | null) => (
      <dl className="sf-pay-amounts" aria-label="Amounts">
        <dt>Total</dt>
        <dd>{formatCents(order.total)}</dd>
        <dt>Minimum split amount</dt>
        <dd>{formatCents(minimumCents)}</dd>
        <dt>Amount received</dt>
        <dd>{formatCents(received)}</dd>
        <dt className="sf-pay-amounts__remaining">Remaining</dt>
        {/* any other method pays the whole balance */}
        <dd className="sf-pay-amounts__remaining">{formatCents(remainingAfter(due, enteredCents ?? due))}</dd>
      </dl>
    ),
    [order.total, minimumCents, received, due],
  );

  let form;
  if (methodsAnswer.status === 'loading') form = <LoadingState label="Loading payment methods…" />;
  else if (methodsAnswer.status !== 'ready') {
    form = <ErrorState title="Payment methods could not be loaded" message={methodsAnswer.error ?? 'Please try again.'} onRetry={methodsAnswer.reload} />;
  } else {
    form = (
      <PaymentForm
        // a new payment (the order re-read) starts from an empty form
        key={order.amountReceived}
        methods={methods}
        amountLabel="Payment amount"
        amountProblem={amountProblem}
        minCents={Math.min(minimumCents, due)}
        maxCents={due}
        summary={summary}
        submitText="Pay"
        pay={pay}
        onPaid={onPaid}
        beforeRedirect={beforeRedirect}
      />
    );
  }

  return (
    <div className="sf-split-pay__order">
      <section aria-labelledby="split-pay-order" className="sf-record-view">
        <h2 id="split-pay-order">Order #{order.orderIncrementId}</h2>
        <RecordTotalsList totals={order} />
      </section>
      <section aria-labelledby="split-pay-payment" className="sf-split-pay__payment">
        <h2 id="split-pay-payment">Make a payment</h2>
        {form}
      </section>
    </div>
  );
}
