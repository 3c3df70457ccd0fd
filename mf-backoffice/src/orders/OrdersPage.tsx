import { useState, type FormEvent } from 'react';
import { ADMIN_PAGE, adminApi, adminOrderPath, apiUrl, call, type AdminOrderSummary } from '@storefront/contracts';
import { Button, EmptyState, ErrorState, Link, LoadingState, StatusBadge, useBrowserCall, useSearchParams } from '@storefront/ui';
import { StaffScreen } from '../session/staff-session.js';
import './orders.css';

/** The list's filters, as the URL carries them (a filtered list can be linked, and Back works). */
const FILTERS = ['q', 'status', 'paymentStatus', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const ORDER_STATUS_OPTIONS = ['pending', 'pending_payment', 'partially_paid', 'ordered', 'canceled'];
const PAYMENT_STATUS_OPTIONS = ['pending', 'on_hold', 'completed', 'failed', 'refunded'];

function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

/** A status filter: Any, or one of the statuses (as words: "pending payment"). */
function StatusFilter({ label, name, statuses, filters }: { label: string; name: 'status' | 'paymentStatus'; statuses: readonly string[]; filters: Filters }) {
  return (
    <label>
      {label}
      <select className="sf-input" name={name} defaultValue={filters[name] ?? ''}>
        <option value="">Any</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status.replace('_', ' ')}
          </option>
        ))}
      </select>
    </label>
  );
}

function OrdersTable({ orders }: { orders: readonly AdminOrderSummary[] }) {
  return (
    <div className="bo-table-scroll">
      <table className="bo-table">
        <caption className="sf-visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <th scope="col" className="bo-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td>
                <Link to={adminOrderPath(order.number)}>{order.number}</Link>
              </td>
              <td>
                <time dateTime={order.date}>{new Date(order.date).toLocaleString()}</time>
              </td>
              <td>
                {order.customerName}
                <br />
                <span className="bo-muted">{order.email}</span>
              </td>
              <td>
                <StatusBadge kind="order" status={order.status} />
              </td>
              <td>
                <StatusBadge kind="payment" status={order.paymentStatus} />
              </td>
              <td className="bo-num">{order.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The pages after the first, read with the cursor the previous page named. */
function MoreOrders({ filters, after }: { filters: Filters; after: string }) {
  const page = useBrowserCall((signal) => call(adminApi.listOrders, { query: { ...filters, after, limit: ADMIN_PAGE.defaultLimit }, signal }), `orders:${JSON.stringify(filters)}:${after}`);
  if (page.status === 'failed') return <ErrorState title="More orders could not be loaded" message={page.message} onRetry={page.reload} />;
  if (page.status !== 'ready') return <LoadingState label="Loading more orders…" />;
  return <OrdersPageOf filters={filters} orders={page.data.orders} next={page.data.next} />;
}

function OrdersPageOf({ filters, orders, next }: { filters: Filters; orders: readonly AdminOrderSummary[]; next: string | null }) {
  const [showMore, setShowMore] = useState(false);
  return (
    <>
      <OrdersTable orders={orders} />
      {next && !showMore && (
        <p>
          <Button variant="secondary" onClick={() => setShowMore(true)}>
            Load more orders
          </Button>
        </p>
      )}
      {next && showMore && <MoreOrders filters={filters} after={next} />}
    </>
  );
}

function OrdersList({ filters }: { filters: Filters }) {
  const first = useBrowserCall((signal) => call(adminApi.listOrders, { query: { ...filters, limit: ADMIN_PAGE.defaultLimit }, signal }), `orders:${JSON.stringify(filters)}`);
  if (first.status === 'failed') return <ErrorState title="The orders could not be loaded" message={first.message} onRetry={first.reload} />;
  if (first.status !== 'ready') return <LoadingState label="Loading orders…" />;
  if (first.data.orders.length === 0) return <EmptyState title="No orders found" message={Object.keys(filters).length ? 'No order matches these filters.' : 'Orders placed on the site will appear here.'} />;
  return <OrdersPageOf filters={filters} orders={first.data.orders} next={first.data.next} />;
}

/**
 * /admin/orders: every order, newest first; search by number, e-mail or name; filter by status,
 * payment and day; a page at a time; the same selection as CSV. The filters live in the URL.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setParams(Object.fromEntries(FILTERS.flatMap((name) => (String(data.get(name) ?? '').trim() ? [[name, String(data.get(name)).trim()]] : []))));
  };
  return (
    <StaffScreen title="Orders">
      <form className="bo-filters" role="search" aria-label="Find orders" onSubmit={apply} key={params.toString()}>
        <label>
          Search
          <input className="sf-input" name="q" type="search" defaultValue={filters.q ?? ''} placeholder="SF-100013, e-mail or name" />
        </label>
        <StatusFilter label="Status" name="status" statuses={ORDER_STATUS_OPTIONS} filters={filters} />
        <StatusFilter label="Payment" name="paymentStatus" statuses={PAYMENT_STATUS_OPTIONS} filters={filters} />
        <label>
          From
          <input className="sf-input" name="from" type="date" defaultValue={filters.from ?? ''} />
        </label>
        <label>
          To
          <input className="sf-input" name="to" type="date" defaultValue={filters.to ?? ''} />
        </label>
        <Button type="submit">Find</Button>
        {/* a plain download: the browser sends the staff cookie with it */}
        <a className="sf-button sf-button--secondary" href={apiUrl(adminApi.exportOrders, { query: filters })} download>
          Export CSV
        </a>
      </form>
      <OrdersList filters={filters} />
    </StaffScreen>
  );
}
