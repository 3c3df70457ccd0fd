import { ORDER_VIEW_MESSAGES, TEST_PAYMENT_MESSAGES, apiUrl, call, orderApi, orderViewPath, type Order, type OrderResponse } from '@storefront/contracts';
import { Alert, EmptyState, ErrorState, Link, PageContainer, StatusBadge } from '@storefront/ui';
import { loginPathFor } from '../account/shared/browser-call.js';
import { AddressBlock, MaskedCard, RecordDate, RecordItemsTable, RecordSection, RecordTotalsList } from '../record-view/RecordView.js';
import { recordPageState, recordParts, useRecordPage } from '../record-view/record-page.js';

/** The order's URL for whoever holds its proof: the view token of the e-mail link (?token=). */
export function orderViewUrl(orderId: string, token: string): string {
  return apiUrl(orderApi.view, { params: { id: orderId }, query: { token } });
}

/**
 * The order view page (spec 2, "order view page": the route takes an order id): order number, date,
 * status badge, the product table, totals, addresses, shipping and payment method. A guest reaches
 * it from the link in the order confirmation e-mail, whose view token (?token=) proves the order is
 * theirs; without a matching token the page says it cannot find the order, as the API answers 404.
 * Without one (My Orders links here) the signed-in owner's session is the proof (useRecordPage);
 * 401/404 read like an unknown order.
 */
export default function OrderViewPage() {
  const page = useRecordPage<OrderResponse>('orderId', orderViewUrl, (id, signal) => call(orderApi.view, { params: { id }, signal }));
  const { id: orderId, token } = page;
  const state = recordPageState(page, {
    title: 'Your order',
    idRequired: ORDER_VIEW_MESSAGES.idRequired,
    loadingLabel: 'Loading your order…',
    // spec 8: the order page reads 'Order not found.' (what proves the order is theirs follows)
    notFound: (
      <EmptyState
        title={ORDER_VIEW_MESSAGES.notFound}
        message={
          token
            ? 'Please open the link in your order confirmation e-mail again: it carries what proves the order is yours.'
            : 'Sign in to the account the order was placed with, or open the link in your order confirmation e-mail again.'
        }
        action={token ? undefined : <Link to={loginPathFor(orderViewPath(orderId))}>Sign in</Link>}
      />
    ),
    // spec 8: 'Failed to fetch order' with the server's message if it gave one, else 'Failed to fetch order. Please try again.'; Retry kept
    error: (answer) => <ErrorState title={ORDER_VIEW_MESSAGES.fetchFailed} message={answer.error || ORDER_VIEW_MESSAGES.fetchFailedRetry} onRetry={answer.reload} />,
  });
  return 'page' in state ? state.page : <OrderDetails order={state.record.data} />;
}

function OrderDetails({ order }: { order: Order }) {
  const { billing, shipping, payment } = recordParts(order);
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

/** Spec 2: with split payment enabled and a balance above zero, the method reads 'Split Payment'. */
function paymentMethodText(order: Order, payment: OrderPayment | undefined): string {
  const paid = order.payments.filter((entry) => entry.status === 'completed').reduce((sum, entry) => sum + entry.amountPaid, 0);
  if (order.splitPaymentEnabled && order.total - paid > 0) return 'Split Payment';
  return payment?.methodLabel || '—';
}
