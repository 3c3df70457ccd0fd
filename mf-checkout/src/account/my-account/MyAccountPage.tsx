import { useId, useState, type ReactNode } from 'react';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  EMPTY_LIST_MESSAGES,
  QUOTE_VIEW_PATH,
  accountApi,
  call,
  orderViewPath,
  statusMessage,
  type AccountAddress,
  type AccountOrderSummary,
  type AccountQuoteSummary,
  type MyAccountResponse,
} from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { Alert, Button, EmptyState, ErrorState, Link, LoadingState, PageContainer, StatusBadge, useNavigate } from '@storefront/ui';
import { AccountDate, AddressLines } from '../shared/AddressLines.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { announceSessionChange, needsSignIn, unreachable, useBrowserCall, type BrowserCall } from '../shared/browser-call.js';
import { LocationNotice } from '../shared/notice.js';
import { useSignInRedirect } from '../shared/sign-in-redirect.js';
import { ChangePasswordForm, EmailVerificationNotice, SessionsList } from './AccountSecurity.js';
import '../shared/account.css';

const PAGE_TITLE = 'My Account';
const HOME_PATH = '/';

/** The quote view page of one of the customer's quotes: no token, the session is the proof. */
export function ownQuotePath(quoteId: string): string {
  return QUOTE_VIEW_PATH.replace(':quoteId', encodeURIComponent(quoteId));
}

/**
 * /my-account: the profile (name, e-mail, phone), the default shipping and billing addresses with a
 * link to manage them, My Orders and My Quotes (each linking to its view page, where the session is
 * the proof), whether the e-mail is verified, Change Password, where the account is signed in, and Sign Out. Everything here is the visitor's own, so none of it is page data: the
 * server draws the loading state and the browser asks after hydration. Without a session the visitor
 * goes to sign in, and comes back here.
 */
export default function MyAccountPage() {
  // signing out here: the session's end is announced, and this page is left for the home page, not for sign-in
  const [leaving, setLeaving] = useState(false);
  const [sessionsRound, setSessionsRound] = useState(0);
  const me = useBrowserCall((signal) => call(accountApi.me, { signal }), 'me', { refreshOnSessionChange: true });
  const orders = useBrowserCall((signal) => call(accountApi.orders, { signal }), 'orders');
  const quotes = useBrowserCall((signal) => call(accountApi.quotes, { signal }), 'quotes');
  const signedOut = needsSignIn(me);
  useSignInRedirect(signedOut && !leaving, ACCOUNT_PATHS.myAccount);

  if (me.status === 'failed' && !signedOut) {
    return (
      <PageContainer title={PAGE_TITLE}>
        <ErrorState title="Your account could not be loaded" message={ACCOUNT_MESSAGES.accountLoadFailed} onRetry={me.reload} />
      </PageContainer>
    );
  }
  if (me.status !== 'ready') {
    return (
      <PageContainer title={PAGE_TITLE}>
        <LoadingState label="Loading your account…" />
      </PageContainer>
    );
  }
  return (
    <PageContainer title={PAGE_TITLE}>
      <div className="sf-account">
        <LocationNotice />
        <EmailVerificationNotice verified={me.data.data.customer.emailVerified} />
        <ProfileSection account={me.data.data} />
        <DefaultAddressesSection account={me.data.data} />
        <OrdersSection orders={orders} />
        <QuotesSection quotes={quotes} />
        <ChangePasswordForm onChanged={() => setSessionsRound((round) => round + 1)} />
        {/* a new key after a password change: the list is asked for again (the other sessions ended) */}
        <SessionsList key={sessionsRound} onLeaving={() => setLeaving(true)} />
        <SignOut onLeaving={() => setLeaving(true)} />
      </div>
    </PageContainer>
  );
}

/** A titled part of the account page, labelled by its heading. */
function AccountSection({ title, className, children, action }: { title: string; className?: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <section className={['sf-account-section', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <div className="sf-account-section__header">
        <h2 id={headingId} className="sf-account-section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function ProfileSection({ account }: { account: MyAccountResponse['data'] }) {
  const { user, customer } = account;
  const name = `${user.firstName || customer.firstName} ${user.lastName || customer.lastName}`.trim();
  const phone = user.phone || customer.phoneNumber;
  return (
    <AccountSection title="Profile">
      <dl className="sf-account-profile">
        <div>
          <dt>Name</dt>
          <dd>{name || ACCOUNT_MESSAGES.notProvided}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email || ACCOUNT_MESSAGES.notProvided}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{phone || ACCOUNT_MESSAGES.notProvided}</dd>
        </div>
      </dl>
    </AccountSection>
  );
}

function DefaultAddressesSection({ account }: { account: MyAccountResponse['data'] }) {
  const { customer } = account;
  const byId = (id: string | null) => (id ? customer.addresses.find((address) => address.id === id) : undefined);
  const shipping = byId(customer.defaultShipping) ?? customer.addresses.find((address) => address.isDefaultShipping);
  const billing = byId(customer.defaultBilling) ?? customer.addresses.find((address) => address.isDefaultBilling);
  return (
    <AccountSection title="Addresses" action={<Link to={ACCOUNT_PATHS.addresses}>{T.manageAddresses}</Link>}>
      <div className="sf-account-defaults">
        <DefaultAddress title="Default shipping address" address={shipping} />
        <DefaultAddress title="Default billing address" address={billing} />
      </div>
    </AccountSection>
  );
}

function DefaultAddress({ title, address }: { title: string; address: AccountAddress | undefined }) {
  const headingId = useId();
  return (
    <section className="sf-account-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="sf-account-card__title">
        {title}
      </h3>
      {address ? <AddressLines address={address} /> : <p className="sf-account-muted">{ACCOUNT_MESSAGES.noAddressSet}</p>}
    </section>
  );
}

function ListState<T>({ list, what, children }: { list: BrowserCall<{ data: T[] }>; what: string; children: (rows: T[]) => ReactNode }) {
  if (list.status === 'failed') {
    return <ErrorState title={`Your ${what} could not be loaded`} message={list.message} onRetry={list.reload} />;
  }
  if (list.status !== 'ready') return <LoadingState label={`Loading your ${what}…`} />;
  const rows = list.data.data ?? [];
  // spec 8 (views; review 2006): an empty list reads 'No Data Found' / 'We are sorry, but we could not find any data.'
  // (the card's heading, My Orders or My Quotes, says which list)
  if (rows.length === 0) return <EmptyState title={EMPTY_LIST_MESSAGES.title} message={EMPTY_LIST_MESSAGES.message} />;
  return <>{children(rows)}</>;
}

/** One line of My Orders or My Quotes: what the shared table draws. */
interface RecordLine {
  id: string;
  title: string;
  path: string;
  note?: string | null;
  createdAt: string;
  /** cents */
  total: number;
  status: string;
}

/** My Orders and My Quotes draw one table: number (linked to its view page), date, total, status badge. */
function RecordsTable({ noun, badge, lines }: { noun: 'Order' | 'Quote'; badge: 'order' | 'quote'; lines: RecordLine[] }) {
  return (
    <table className="sf-account-table sf-stacked-table">
      <caption className="sf-visually-hidden">My {noun.toLowerCase()}s, newest first</caption>
      <thead>
        <tr>
          <th scope="col">{noun}</th>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <th scope="row" data-label={noun}>
              <Link to={line.path}>{line.title}</Link>
              {line.note ? <span className="sf-account-table__note">{line.note}</span> : null}
            </th>
            <td data-label="Date">
              <AccountDate iso={line.createdAt} />
            </td>
            <td data-label="Total">{formatCents(line.total)}</td>
            <td data-label="Status">
              <StatusBadge kind={badge} status={line.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OrdersSection({ orders }: { orders: BrowserCall<{ data: AccountOrderSummary[] }> }) {
  return (
    <AccountSection title="My Orders">
      <ListState list={orders} what="orders">
        {(rows) => (
          <RecordsTable
            noun="Order"
            badge="order"
            lines={rows.map((order) => ({ ...order, title: `Order #${order.orderIncrementId}`, path: orderViewPath(order.id) }))}
          />
        )}
      </ListState>
    </AccountSection>
  );
}

function QuotesSection({ quotes }: { quotes: BrowserCall<{ data: AccountQuoteSummary[] }> }) {
  return (
    <AccountSection title="My Quotes">
      <ListState list={quotes} what="quotes">
        {(rows) => (
          <RecordsTable
            noun="Quote"
            badge="quote"
            lines={rows.map((quote) => ({
              ...quote,
              title: `Quote #${quote.quoteIncrementId}`,
              path: ownQuotePath(quote.id),
              note: quote.poNumber ? `PO ${quote.poNumber}` : null,
            }))}
          />
        )}
      </ListState>
    </AccountSection>
  );
}

function SignOut({ onLeaving }: { onLeaving(): void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const signOut = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await call(accountApi.signOut, {});
      if (!answer.ok) {
        setFailure(answer.error.message ?? statusMessage(answer.status));
        return;
      }
      onLeaving();
      announceSessionChange();
      navigate(HOME_PATH);
    } catch (error) {
      setFailure(unreachable(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="sf-account-signout">
      {failure && <Alert type="error">{failure}</Alert>}
      <Button variant="secondary" onClick={() => void signOut()} aria-busy={busy || undefined}>
        {busy ? T.signingOut : T.signOut}
      </Button>
    </div>
  );
}

