import { useEffect, useId, useRef, useState } from 'react';
import { adminApi, adminOrderPath, call, type AdminPaymentLinkResponse, type AdminQuoteDetail } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, Button, Link, StatusBadge } from '@storefront/ui';
import { useAdminWrite } from '../shared/admin-write.js';
import { PaymentLinkNotice } from './PaymentLinkNotice.js';
import { formatDateTime } from './quote-dates.js';
import { QUOTE_STATE_LOOK } from './quote-state.js';

export interface QuoteStatePanelProps {
  detail: AdminQuoteDetail;
  /** a write changed the quote: its detail as the server now answers it */
  onChanged: (detail: AdminQuoteDetail) => void;
  /** a new link was made: ask for the detail again (its links changed) */
  onLinksChanged: () => void;
}

/**
 * Where the quote stands (its state in a badge and words), its payment links and the order it
 * became, with what staff do about the link: send a new one by e-mail, make one to copy and send
 * themselves, or revoke them all (after a confirmation). Each new link ends the older one.
 */
export function QuoteStatePanel({ detail, onChanged, onLinksChanged }: QuoteStatePanelProps) {
  const { quote, state, links, order } = detail;
  const look = QUOTE_STATE_LOOK[state];
  const headingId = useId();
  const linksHeadingId = useId();
  const sendWrite = useAdminWrite<AdminPaymentLinkResponse>();
  const linkWrite = useAdminWrite<AdminPaymentLinkResponse>();
  const revokeWrite = useAdminWrite<{ revoked: number; quote: AdminQuoteDetail }>();
  const [newLink, setNewLink] = useState<AdminPaymentLinkResponse | null>(null);
  const [notice, setNotice] = useState('');
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // where focus goes once the confirmation closes: back to Revoke links, or to the outcome
  const [focusAfter, setFocusAfter] = useState<'revoke' | 'notice' | null>(null);
  useEffect(() => {
    if (focusAfter === 'revoke') revokeButton.current?.focus();
    if (focusAfter === 'notice') noticeRef.current?.focus();
    if (focusAfter) setFocusAfter(null);
  }, [focusAfter]);
  const busy = sendWrite.busy || linkWrite.busy || revokeWrite.busy;
  // a quote with a payment needs no new link (the balance of a deposit is paid by order number)
  const paid = state === 'ordered' || state === 'paid_in_part' || quote.status === 'ordered';
  const liveLinks = links.filter((link) => link.live).length;
  const problem = sendWrite.problem ?? linkWrite.problem ?? revokeWrite.problem;

  /** one outcome on screen at a time */
  function startWrite() {
    setNotice('');
    setNewLink(null);
    sendWrite.clear();
    linkWrite.clear();
    revokeWrite.clear();
  }

  async function sendNewLink() {
    startWrite();
    const answer = await sendWrite.run((idempotencyKey) => call(adminApi.issueLink, { params: { quote: quote.quoteIncrementId }, body: { send: true }, idempotencyKey }));
    if (!answer) return;
    setNotice(
      answer.emailQueued === false
        ? `A new link was made, but its e-mail could not be queued: make a new link without e-mail and send it yourself. The older link no longer works.`
        : `A new payment link was e-mailed to ${quote.email}. The older link no longer works.`,
    );
    onLinksChanged();
  }

  async function makeLink() {
    startWrite();
    const answer = await linkWrite.run((idempotencyKey) => call(adminApi.issueLink, { params: { quote: quote.quoteIncrementId }, body: {}, idempotencyKey }));
    if (!answer) return;
    setNewLink(answer);
    onLinksChanged();
  }

  async function revoke() {
    startWrite();
    const answer = await revokeWrite.run(() => call(adminApi.revokeLinks, { params: { quote: quote.quoteIncrementId } }));
    setConfirmRevoke(false);
    setFocusAfter('notice');
    if (!answer) return;
    setNotice(answer.revoked === 1 ? '1 link was revoked: it no longer works.' : `${answer.revoked} links were revoked: they no longer work.`);
    onChanged(answer.quote);
  }

  return (
    <section className="bo-quote-state" aria-labelledby={headingId}>
      <h2 id={headingId}>Where the quote stands</h2>
      <p className="bo-quote-state__summary">
        <span className={`sf-status sf-status--${look.tone}`} data-state={state}>
          {look.label}
        </span>{' '}
        {look.meaning}
      </p>
      <dl className="bo-quote-facts">
        <div>
          <dt>Quote status</dt>
          <dd>
            <StatusBadge kind="quote" status={quote.status} />
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(quote.createdAt)}</dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>
            {quote.firstName} {quote.lastName} ({quote.email})
          </dd>
        </div>
        {order ? (
          <>
            <div>
              <dt>Order</dt>
              <dd>
                <Link to={adminOrderPath(order.number)}>{order.number}</Link> <StatusBadge kind="order" status={order.status} />
              </dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{formatCents(order.paidCents)}</dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>{formatCents(order.dueCents)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Order</dt>
            <dd>None yet: the quote becomes an order when the customer pays.</dd>
          </div>
        )}
      </dl>

      <h3 id={linksHeadingId}>Payment links</h3>
      {links.length === 0 ? (
        <p className="bo-muted">No payment link has been made for this quote.</p>
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table bo-quote-links" aria-labelledby={linksHeadingId}>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Opened</th>
                <th scope="col">Revoked</th>
                <th scope="col">Works now</th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={`${link.createdAt}-${link.expiresAt}`}>
                  <td>{formatDateTime(link.createdAt)}</td>
                  <td>{formatDateTime(link.expiresAt)}</td>
                  <td>{link.viewedAt ? formatDateTime(link.viewedAt) : 'Not yet'}</td>
                  <td>{link.revokedAt ? formatDateTime(link.revokedAt) : '—'}</td>
                  <td>{link.live ? 'Yes (live)' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {paid && <p className="bo-muted">{state === 'paid_in_part' ? 'A first instalment was paid: the customer pays the balance on the split-payment page with the order number, not with a quote link.' : 'The quote is paid in full: it needs no payment link.'}</p>}
      <div className="bo-actions bo-quote-state__actions">
        {!paid && (
          <>
            <Button onClick={() => void sendNewLink()} disabled={busy} aria-busy={sendWrite.busy || undefined}>
              {sendWrite.busy ? 'Sending…' : 'Send new link'}
            </Button>
            <Button variant="secondary" onClick={() => void makeLink()} disabled={busy} aria-busy={linkWrite.busy || undefined}>
              {linkWrite.busy ? 'Making the link…' : 'New link without e-mail'}
            </Button>
          </>
        )}
        {(!paid || liveLinks > 0) && (
          <Button ref={revokeButton} variant="secondary" onClick={() => setConfirmRevoke(true)} disabled={busy || liveLinks === 0} aria-expanded={confirmRevoke}>
            Revoke links
          </Button>
        )}
      </div>
      {!paid && (
        <p className="bo-muted bo-quote-state__hint">
          A new link stops the older one. Send new link e-mails it to {quote.email}; New link without e-mail shows it here once, to copy and send yourself.
          {liveLinks === 0 && ' No link works now, so there is nothing to revoke.'}
        </p>
      )}

      {confirmRevoke && (
        <div className="bo-quote-confirm" role="group" aria-labelledby={`${headingId}-revoke`}>
          <p id={`${headingId}-revoke`}>
            <strong>Revoke every payment link of {quote.quoteIncrementId}?</strong> The customer&apos;s link stops working at once; send a new link for them to pay.
          </p>
          <div className="bo-actions">
            <Button onClick={() => void revoke()} disabled={revokeWrite.busy} aria-busy={revokeWrite.busy || undefined} autoFocus>
              {revokeWrite.busy ? 'Revoking…' : 'Yes, revoke the links'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirmRevoke(false);
                setFocusAfter('revoke');
              }}
            >
              Keep the links
            </Button>
          </div>
        </div>
      )}

      <div ref={noticeRef} tabIndex={-1} className="bo-quote-state__outcome">
        {problem && <Alert type="error">{problem.message}</Alert>}
        {notice && <Alert type="success">{notice}</Alert>}
      </div>
      {newLink && <PaymentLinkNotice link={newLink} lead={`A new link was made for ${quote.quoteIncrementId}; the older link no longer works.`} onDone={() => setNewLink(null)} />}
    </section>
  );
}
