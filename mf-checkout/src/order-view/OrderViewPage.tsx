import { useParams, useSearchParams } from 'react-router-dom';
import { TEST_PAYMENT_MESSAGES, apiUrl, orderRoutes, type Order, type OrderAddress, type OrderResponse } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, EmptyState, ErrorState, LoadingState, PageContainer, StatusBadge, usePageData } from '@storefront/ui';
import '../checkout/CheckoutPage.css';
import './OrderViewPage.css';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** The order's URL for whoever holds its proof: the view token of the e-mail link (?token=). */
export function orderViewUrl(orderId: string, token: string): string {
  return apiUrl(orderRoutes.view, { params: { id: orderId }, query: { token } });
}

/**
 * The order view page (spec 2, "order view page": the route takes an order id): order number, date,
 * status badge, the product table, totals, addresses, shipping and payment method. A guest reaches
 * it from the link in the order confirmation e-mail, whose view token (?token=) proves the order is
 * theirs; without a matching token the page says it cannot find the order, as the API answers 404.
 * Server-rendered with its data, like every page.
 */
export default function OrderViewPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answer = usePageData<OrderResponse>(orderId && token ? orderViewUrl(orderId, token) : null);

  if (!orderId || !token || answer.status === 'not-found') {
    return (
      <PageContainer title="Order not found">
        <EmptyState
          title="We could not find this order"
          message="Please open the link in your order confirmation e-mail again: it carries what proves the order is yours."
        />
      </PageContainer>
    );
  }
  if (answer.status === 'error') {
    return (
      <PageContainer title="Your order">
        <ErrorState title="Your order could not be loaded" message={answer.error ?? 'Please try again.'} onRetry={answer.reload} />
      </PageContainer>
    );
  }
  if (answer.status === 'loading' || !answer.data) {
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
      <div className="sf-order-view">
        {testPayment && <Alert type="info">{TEST_PAYMENT_MESSAGES.testPayment}</Alert>}
        <p className="sf-order-view__meta">
          Placed on <time dateTime={order.createdAt}>{placedOn.format(new Date(order.createdAt))}</time>
          <StatusBadge kind="order" status={order.status} />
        </p>

        <table className="sf-order-view__items">
          <caption className="sf-visually-hidden">Products in this order</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={`${item.sku}-${item.name}`}>
                <th scope="row">
                  {item.name}
                  <span className="sf-order-view__sku">SKU: {item.sku}</span>
                </th>
                <td data-label="Qty">{item.qty}</td>
                <td data-label="Price">{formatCents(item.price)}</td>
                <td data-label="Total">{formatCents(item.rowTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <dl className="sf-cart-totals sf-order-view__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatCents(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping ({order.shippingLabel})</dt>
            <dd>{formatCents(order.shippingAmount)}</dd>
          </div>
          {order.taxAmount > 0 && (
            <div>
              <dt>Tax</dt>
              <dd>{formatCents(order.taxAmount)}</dd>
            </div>
          )}
          {order.discountAmount > 0 && (
            <div>
              <dt>Discount</dt>
              <dd>-{formatCents(order.discountAmount)}</dd>
            </div>
          )}
          <div className="sf-cart-totals__total">
            <dt>Total</dt>
            <dd>{formatCents(order.total)}</dd>
          </div>
        </dl>

        <div className="sf-order-view__columns">
          <AddressBlock title="Shipping address" address={shipping} />
          <AddressBlock title="Billing address" address={billing} />
          <section aria-labelledby="order-view-shipping-method">
            <h2 id="order-view-shipping-method">Shipping method</h2>
            <p>{order.shippingLabel || '—'}</p>
          </section>
          <section aria-labelledby="order-view-payment-method">
            <h2 id="order-view-payment-method">Payment method</h2>
            <p>
              {paymentMethodText(order, payment)} {payment && <StatusBadge kind="payment" status={payment.status} />}
            </p>
          </section>
        </div>
      </div>
    </PageContainer>
  );
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress | undefined }) {
  const id = `order-view-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {address ? (
        <address>
          {address.firstName} {address.lastName}
          <br />
          {address.street1}
          {address.street2 ? (
            <>
              <br />
              {address.street2}
            </>
          ) : null}
          <br />
          {address.city}, {address.state} {address.zipCode}
          <br />
          {address.countryId}
          {address.phoneNumber ? (
            <>
              <br />
              {address.phoneNumber}
            </>
          ) : null}
        </address>
      ) : (
        <p>—</p>
      )}
    </section>
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
