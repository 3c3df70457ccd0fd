import { ORDER_VIEW_MESSAGES, TEST_PAYMENT_MESSAGES, apiUrl, call, orderApi, orderViewPath, type Order, type OrderResponse } from '@storefront/contracts';
import {
  Alert,
  EmptyState,
  ErrorState,
  Link,
  LoadingState,
  PageContainer,
  StatusBadge,
  usePageData,
  useParams,
  useSearchParams,
} from '@storefront/ui';
import { loginPathFor } from '../account/shared/browser-call.js';
import { useOwnerView } from '../account/shared/owner-view.js';
import { AddressBlock, MaskedCard, RecordDate, RecordItemsTable, RecordSection, RecordTotalsList } from '../record-view/RecordView.js';

/** The order's URL for whoever holds its proof: the view token of the e-mail link (?token=). */
export function orderViewUrl(orderId: string, token: string): string {
  return apiUrl(orderApi.view, { params: { id: orderId }, query: { token } });
}

/**
 * The order view page (spec 2, "order view page": the route takes an order id): order number, date,
 * status badge, the product table, totals, addresses, shipping and payment method. A guest reaches
 * it from the link in the order confirmation e-mail, whose view token (?token=) proves the order is
 * theirs; without a matching token the page says it cannot find the order, as the API answers 404.
 * With a token it is server-rendered with its data, like every page. Without one (My Orders links
 * here) the signed-in owner's session is the proof: the server renders no cookies into its requests,
 * so it draws the loading state and the browser asks after hydration; 401/404 read like an unknown
 * order.
 */
export default function OrderViewPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const byToken = usePageData<OrderResponse>(orderId && token ? orderViewUrl(orderId, token) : null);
  const byOwner = useOwnerView(orderId && !token ? (signal) => call(orderApi.view, { params: { id: orderId }, signal }) : null, orderId);
  const answer = token ? byToken : byOwner;

  if (!orderId) {
    return (
      <PageContainer title="Your order">
        <Alert type="error">{ORDER_VIEW_MESSAGES.idRequired}</Alert>
      </PageContainer>
    );
  }
  // spec 8: the order page reads 'Order not found.' (what proves the order is theirs follows)
  if (answer.status === 'not-found') {
    return (
      <PageContainer title="Your order">
        <EmptyState
          title={ORDER_VIEW_MESSAGES.notFound}
          message={
            token
              ? 'Please open the link in your order confirmation e-mail again: it carries what proves the order is yours.'
              : 'Sign in to the account the order was placed with, or open the link in your order confirmation e-mail again.'
          }
          action={token ? undefined : <Link to={loginPathFor(orderViewPath(orderId))}>Sign in</Link>}
        />
      </PageContainer>
    );
  }
  // spec 8: 'Failed to fetch order' with the server's message if it gave one, else 'Failed to fetch order. Please try again.'; Retry kept
  if (answer.status === 'error') {
    return (
      <PageContainer title="Your order">
        <ErrorState title={ORDER_VIEW_MESSAGES.fetchFailed} message={answer.error || ORDER_VIEW_MESSAGES.fetchFailedRetry} onRetry={answer.reload} />
      </PageContainer>
    );
  }
  if (answer.status !== 'ready' || !answer.data) {
    return (
      <PageContainer>
        <LoadingState label="Loading your order…" />
      </PageContainer>
    );
  }
  return <OrderDetails order={answer.data.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const billing = order.addresses.find((address) => address.type === 'billing');
  const shipping = order.addresses.find((address) => address.type === 'shipping');
  const payment = latestPayment(order);
  const testPayment = order.payments.some((entry) => entry.status === 'completed' && entry.additionalData?.sandbox === true);
  return (
    <PageContainer title={`Order #${order.orderIncrementId}`}>
      <div className="sf-record-view">
        {testPayment && <Alert type="info">{TEST_PAYMENT_MESSAGES.testPayment}</Alert>}
        <p className="sf-record-view__meta">
          Placed on <RecordDate iso={order.createdAt} />
          <StatusBadge kind="order" status={order.status} />
        </p>
        {order.items.length > 0 ? <RecordItemsTable caption="Products in this order" items={order.items} /> : <EmptyState title={ORDER_VIEW_MESSAGES.noItems} />}
        <RecordTotalsList totals={order} />
        <div className="sf-record-view__columns">
          <AddressBlock idPrefix="order-view" title="Shipping address" address={shipping} />
          <AddressBlock idPrefix="order-view" title="Billing address" address={billing} />
          <RecordSection idPrefix="order-view" title="Shipping method">
            <p>{order.shippingLabel || '—'}</p>
          </RecordSection>
          <RecordSection idPrefix="order-view" title="Payment method">
            <p>
              {paymentMethodText(order, payment)} {payment && <StatusBadge kind="payment" status={payment.status} />}
            </p>
            {payment && <MaskedCard additionalData={payment.additionalData} />}
          </RecordSection>
        </div>
      </div>
    </PageContainer>
  );
}

type OrderPayment = Order['payments'][number];

/** The completed payment, else the newest (what the e-mail shows too). */
function latestPayment(order: Order): OrderPayment | undefined {
  return order.payments.find((payment) => payment.status === 'completed') ?? order.payments.at(-1);
}

/** Spec 2: with split payment enabled and a balance above zero, the method reads 'Split Payment'. */
function paymentMethodText(order: Order, payment: OrderPayment | undefined): string {
  const paid = order.payments.filter((entry) => entry.status === 'completed').reduce((sum, entry) => sum + entry.amountPaid, 0);
  if (order.splitPaymentEnabled && order.total - paid > 0) return 'Split Payment';
  return payment?.methodLabel || '—';
}
