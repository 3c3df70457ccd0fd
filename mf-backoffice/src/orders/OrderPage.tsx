import { useState, type ReactNode } from 'react';
import { ADMIN_PATHS, adminApi, adminQuotePath, call, roleAllows, type AdminOrderDetail } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, Button, ErrorState, Link, LoadingState, StatusBadge, useBrowserCall, useParams, type BrowserCall } from '@storefront/ui';
import { StaffScreen, useStaff } from '../session/staff-session.js';
import { useAdminWrite } from '../shared/admin-write.js';
import { FormSubmit } from '../shared/FormSubmit.js';
import './orders.css';

type Detail = BrowserCall<AdminOrderDetail>;

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

function Summary({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <section className="bo-section" aria-labelledby="order-summary">
      <h2 id="order-summary">Summary</h2>
      <dl className="bo-dl">
        <dt>Status</dt>
        <dd>
          <StatusBadge kind="order" status={order.status} />
        </dd>
        <dt>Payment</dt>
        <dd>
          <StatusBadge kind="payment" status={order.paymentStatus} />
        </dd>
        <dt>Placed</dt>
        <dd>{when(order.date)}</dd>
        <dt>Customer</dt>
        <dd>
          {order.customerName} · <a href={`mailto:${order.email}`}>{order.email}</a>
          {order.phone ? ` · ${order.phone}` : ''}
        </dd>
        {order.poNumber && (
          <>
            <dt>PO number</dt>
            <dd>{order.poNumber}</dd>
          </>
        )}
        {order.quoteIncrementId && (
          <>
            <dt>From quote</dt>
            <dd>
              <Link to={adminQuotePath(order.quoteIncrementId)}>{order.quoteIncrementId}</Link>
            </dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{formatCents(order.totalCents)}</dd>
        <dt>Paid</dt>
        <dd>{formatCents(order.paidCents)}</dd>
        <dt>Still due</dt>
        <dd>{formatCents(order.dueCents)}</dd>
        <dt>Split payment</dt>
        <dd>{order.splitPaymentEnabled ? `On, minimum ${order.minimumSplitAmount ?? '-'}` : 'Off'}</dd>
      </dl>
    </section>
  );
}

function Items({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <section className="bo-section" aria-labelledby="order-items">
      <h2 id="order-items">Items</h2>
      <div className="bo-table-scroll">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Item</th>
              <th scope="col" className="bo-num">
                Qty
              </th>
              <th scope="col" className="bo-num">
                Price
              </th>
              <th scope="col" className="bo-num">
                Row total
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.items.map((item) => (
              <tr key={`${item.sku}-${item.name}`}>
                <td>{item.sku}</td>
                <td>{item.name}</td>
                <td className="bo-num">{item.qty}</td>
                <td className="bo-num">{formatCents(item.priceCents)}</td>
                <td className="bo-num">{formatCents(item.rowTotalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {[
              ['Subtotal', order.subtotalCents],
              ['Shipping', order.shippingCents],
              ['Tax', order.taxCents],
              ['Discount', -order.discountCents],
              ['Total', order.totalCents],
            ].map(([label, cents]) => (
              <tr key={label}>
                <th scope="row" colSpan={4} className="bo-num">
                  {label}
                </th>
                <td className="bo-num">{formatCents(cents as number)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      <h3>Addresses</h3>
      <div className="bo-cards">
        {detail.addresses.map((address) => (
          <address key={address.type} className="bo-card">
            <strong>{address.type === 'billing' ? 'Billing' : 'Shipping'}</strong>
            <br />
            {address.name}
            {address.lines.map((line) => (
              <span key={line}>
                <br />
                {line}
              </span>
            ))}
            {address.phone && (
              <>
                <br />
                {address.phone}
              </>
            )}
          </address>
        ))}
      </div>
    </section>
  );
}

function Payments({ detail }: { detail: AdminOrderDetail }) {
  return (
    <section className="bo-section" aria-labelledby="order-payments">
      <h2 id="order-payments">Payments</h2>
      {detail.payments.length === 0 ? (
        <p className="bo-muted">No payment yet.</p>
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col">Provider reference</th>
                <th scope="col" className="bo-num">
                  Amount paid
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{when(payment.at)}</td>
                  <td>{payment.methodLabel}</td>
                  <td>
                    <StatusBadge kind="payment" status={payment.status} />
                  </td>
                  <td>
                    <code>{payment.providerReference ?? '-'}</code>
                  </td>
                  <td className="bo-num">{formatCents(payment.paidCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {detail.paymentAttempts === null && <Alert type="warning">The payments service did not answer: what is left to refund of each payment cannot be shown right now.</Alert>}
      {detail.refunds.length > 0 && (
        <>
          <h3>Refunds</h3>
          <ul>
            {detail.refunds.map((refund) => (
              <li key={refund.id}>
                {when(refund.at)}: {formatCents(refund.amountCents)} by {refund.requestedBy}, <StatusBadge kind="payment" status={refund.status === 'completed' ? 'refunded' : refund.status} />
                {refund.providerRefundId && (
                  <>
                    {' '}
                    (<code>{refund.providerRefundId}</code>)
                  </>
                )}
                {refund.reason && ` — ${refund.reason}`}
                {refund.message && <span className="bo-muted"> {refund.message}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function History({ detail }: { detail: AdminOrderDetail }) {
  return (
    <section className="bo-section" aria-labelledby="order-history">
      <h2 id="order-history">History</h2>
      <ol className="bo-history">
        {detail.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            {when(entry.at)} · <StatusBadge kind="order" status={entry.status} /> {entry.comment}
            {entry.author && <span className="bo-muted"> — note by {entry.author}</span>}
            {entry.customerNotified && <span className="bo-muted"> (customer notified)</span>}
          </li>
        ))}
      </ol>
      <h3>E-mails</h3>
      {detail.emails.length === 0 ? (
        <p className="bo-muted">No e-mail queued for this order.</p>
      ) : (
        <ul>
          {detail.emails.map((email) => (
            <li key={email.id}>
              {when(email.at)}: {email.subject} to {email.recipient}: <strong>{email.status}</strong>
              {email.sentAt && <> (sent {when(email.sentAt)})</>}
              {email.lastError && <span className="bo-muted"> — {email.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An action refused by the order-process table says why, in place of its form. */
function Refused({ reason }: { reason: string | null }) {
  return <p className="bo-muted">{reason}</p>;
}

/** One of the order's actions under its heading: its controls when the order-process table allows it, else why not. */
function OrderAction({ title, state, children }: { title: string; state: { allowed: boolean; reason: string | null }; children: ReactNode }) {
  return (
    <>
      <h3>{title}</h3>
      {state.allowed ? children : <Refused reason={state.reason} />}
    </>
  );
}

function RefundForm({ detail, onDone }: { detail: AdminOrderDetail; onDone: (next: AdminOrderDetail) => void }) {
  const refundable = (detail.paymentAttempts ?? []).filter((attempt) => attempt.refundableCents > 0);
  const [attemptId, setAttemptId] = useState(refundable[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const write = useAdminWrite<{ refund: { amountCents: number; status: string }; order: AdminOrderDetail }>();
  if (refundable.length === 0) return <p className="bo-muted">{detail.paymentAttempts === null ? 'Refunds need the payments service, which did not answer.' : 'Nothing is left to refund.'}</p>;
  const chosen = refundable.find((attempt) => attempt.id === attemptId) ?? refundable[0]!;
  return (
    <form
      className="bo-form"
      aria-label="Refund a payment"
      onSubmit={(event) => {
        event.preventDefault();
        void write
          .run((key) => call(adminApi.refundOrder, { params: { order: detail.order.number }, body: { attemptId: chosen.id, amount: Number(amount), ...(reason.trim() && { reason: reason.trim() }) }, idempotencyKey: key }))
          .then((answer) => {
            if (!answer) return;
            setDone(`Refund of ${formatCents(answer.refund.amountCents)}: ${answer.refund.status}.`);
            setAmount('');
            setReason('');
            onDone(answer.order);
          });
      }}
    >
      {write.problem && <Alert type="error">{write.problem.message}</Alert>}
      {done && <Alert type="success">{done}</Alert>}
      <label>
        Payment
        <select className="sf-input" value={chosen.id} onChange={(event) => setAttemptId(event.target.value)}>
          {refundable.map((attempt) => (
            <option key={attempt.id} value={attempt.id}>
              {attempt.gateway} {attempt.providerPaymentId ?? attempt.id} — {formatCents(attempt.refundableCents)} refundable
            </option>
          ))}
        </select>
      </label>
      <label>
        Amount in dollars (at most {formatCents(chosen.refundableCents)})
        <input className="sf-input" name="amount" inputMode="decimal" required value={amount} onChange={(event) => setAmount(event.target.value)} aria-invalid={write.problem?.errors.amount ? true : undefined} />
      </label>
      {write.problem?.errors.amount && <p className="sf-field-error">{write.problem.errors.amount}</p>}
      <label>
        Reason (kept in the history)
        <input className="sf-input" name="reason" value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <FormSubmit busy={write.busy} label="Refund" busyLabel="Refunding…" />
    </form>
  );
}

function NoteForm({ detail, onDone }: { detail: AdminOrderDetail; onDone: (next: AdminOrderDetail) => void }) {
  const [comment, setComment] = useState('');
  const write = useAdminWrite<AdminOrderDetail>();
  return (
    <form
      className="bo-form"
      aria-label="Add a note"
      onSubmit={(event) => {
        event.preventDefault();
        void write.run((key) => call(adminApi.addOrderNote, { params: { order: detail.order.number }, body: { comment }, idempotencyKey: key })).then((next) => {
          if (next) {
            setComment('');
            onDone(next);
          }
        });
      }}
    >
      {write.problem && <Alert type="error">{write.problem.errors.comment ?? write.problem.message}</Alert>}
      <label>
        Note (staff only, never shown to the customer)
        <textarea className="sf-input" rows={3} value={comment} onChange={(event) => setComment(event.target.value)} required maxLength={2000} />
      </label>
      <FormSubmit busy={write.busy} label="Add note" busyLabel="Saving…" />
    </form>
  );
}

function OtherActions({ detail, call: detailCall }: { detail: AdminOrderDetail; call: Detail }) {
  const staff = useStaff();
  const manager = roleAllows(staff.role, 'manager');
  const resend = useAdminWrite<{ queued: boolean; recipient: string }>();
  const cancel = useAdminWrite<AdminOrderDetail>();
  const split = useAdminWrite<unknown>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [minimum, setMinimum] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const { actions, order } = detail;
  return (
    <>
      {notice && <Alert type="success">{notice}</Alert>}
      <OrderAction title="Resend the confirmation" state={actions.resendConfirmation}>
        {resend.problem && <Alert type="error">{resend.problem.message}</Alert>}
        <Button
          variant="secondary"
          disabled={resend.busy}
          onClick={() =>
            void resend.run((key) => call(adminApi.resendConfirmation, { params: { order: order.number }, idempotencyKey: key })).then((answer) => {
              if (answer) {
                setNotice(`The confirmation is on its way to ${answer.recipient}.`);
                detailCall.refresh();
              }
            })
          }
        >
          {resend.busy ? 'Queuing…' : `Resend to ${order.email}`}
        </Button>
      </OrderAction>
      {manager && (
        <>
          <OrderAction title="Split payment" state={actions.splitPayment}>
            <form
              className="bo-form"
              aria-label="Turn split payment on"
              onSubmit={(event) => {
                event.preventDefault();
                void split.run(() => call(adminApi.splitPayment, { params: { order: order.number }, body: { minimumSplitAmount: Number(minimum) } })).then((answer) => {
                  if (answer) {
                    setNotice('Split payment is on: the customer can pay the balance in instalments.');
                    detailCall.refresh();
                  }
                });
              }}
            >
              {split.problem && <Alert type="error">{split.problem.errors.minimumSplitAmount ?? split.problem.message}</Alert>}
              <label>
                Minimum payment in dollars
                <input className="sf-input" inputMode="decimal" required value={minimum} onChange={(event) => setMinimum(event.target.value)} />
              </label>
              <div className="bo-actions">
                <Button type="submit" variant="secondary" disabled={split.busy}>
                  {order.splitPaymentEnabled ? 'Change the minimum' : 'Turn split payment on'}
                </Button>
              </div>
            </form>
          </OrderAction>
          <OrderAction title="Cancel the order" state={actions.cancel}>
            {cancel.problem && <Alert type="error">{cancel.problem.message}</Alert>}
            {confirmCancel ? (
              <div className="bo-actions" role="group" aria-label="Confirm cancelling">
                <span>Cancel order {order.number}? It can no longer be paid.</span>
                <Button
                  variant="secondary"
                  disabled={cancel.busy}
                  onClick={() =>
                    void cancel.run(() => call(adminApi.cancelOrder, { params: { order: order.number }, body: {} })).then((next) => {
                      setConfirmCancel(false);
                      if (next) detailCall.update(() => next);
                    })
                  }
                >
                  {cancel.busy ? 'Cancelling…' : 'Yes, cancel it'}
                </Button>
                <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
                  Keep it
                </Button>
              </div>
            ) : (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                Cancel order…
              </Button>
            )}
          </OrderAction>
        </>
      )}
    </>
  );
}

function Actions({ detail, call: detailCall }: { detail: AdminOrderDetail; call: Detail }) {
  const staff = useStaff();
  return (
    <aside className="bo-section" aria-labelledby="order-actions">
      <h2 id="order-actions">Actions</h2>
      <h3>Refund</h3>
      {!roleAllows(staff.role, 'manager') ? (
        <p className="bo-muted">Refunds are made by a manager.</p>
      ) : detail.actions.refund.allowed ? (
        <RefundForm detail={detail} onDone={(next) => detailCall.update(() => next)} />
      ) : (
        <Refused reason={detail.actions.refund.reason} />
      )}
      <OtherActions detail={detail} call={detailCall} />
      <h3>Note</h3>
      <NoteForm detail={detail} onDone={(next) => detailCall.update(() => ({ ...next, paymentAttempts: next.paymentAttempts ?? detail.paymentAttempts }))} />
    </aside>
  );
}

function Order({ number }: { number: string }) {
  const detail = useBrowserCall((signal) => call(adminApi.orderDetail, { params: { order: number }, signal }), `order:${number}`);
  if (detail.status === 'failed' && detail.httpStatus === 404) {
    return (
      <p>
        Order {number} was not found. <Link to={ADMIN_PATHS.orders}>Back to the orders</Link>
      </p>
    );
  }
  if (detail.status === 'failed') return <ErrorState title="The order could not be loaded" message={detail.message} onRetry={detail.reload} />;
  if (detail.status !== 'ready') return <LoadingState label="Loading the order…" />;
  return (
    <div className="bo-order-grid">
      <div>
        <Summary detail={detail.data} />
        <Items detail={detail.data} />
        <Payments detail={detail.data} />
        <History detail={detail.data} />
      </div>
      <Actions detail={detail.data} call={detail} />
    </div>
  );
}

/** /admin/orders/:order: one order's whole story and what staff may do to it (the server decides). */
export default function OrderPage() {
  const { order = '' } = useParams();
  return (
    <StaffScreen title={`Order ${order}`}>
      <p>
        <Link to={ADMIN_PATHS.orders}>← All orders</Link>
      </p>
      <Order number={order} />
    </StaffScreen>
  );
}
