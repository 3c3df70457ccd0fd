import { useCallback, useId, useRef, useState } from 'react';
import {
  ACCOUNT_ADDRESS_FIELDS,
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  accountAddressEditPath,
  accountApi,
  call,
  pickFields,
  statusMessage,
  type AccountAddress,
  type AccountAddressInput,
} from '@storefront/contracts';
import { Alert, Button, ButtonLink, EmptyState, ErrorState, Link, LoadingState, PageContainer, StatusBadge } from '@storefront/ui';
import { AddressLines } from '../shared/AddressLines.js';
import { ACCOUNT_FORM_TEXT as T } from '../shared/account-text.js';
import { needsSignIn, unreachable, useBrowserCall } from '../shared/browser-call.js';
import { LocationNotice } from '../shared/notice.js';
import { useSignInRedirect } from '../shared/sign-in-redirect.js';
import '../shared/account.css';

const PAGE_TITLE = 'My Addresses';

type Notice = { type: 'success' | 'error'; text: string };
type DefaultFlag = 'isDefaultShipping' | 'isDefaultBilling';

/** What PUT /api/my-account/address/:id takes: the address's own fields, as saved. */
export function addressInputOf(address: AccountAddress): AccountAddressInput {
  return { ...pickFields(address, ACCOUNT_ADDRESS_FIELDS), company: address.company, isDefaultShipping: address.isDefaultShipping, isDefaultBilling: address.isDefaultBilling };
}

/** What a failed delete says (spec §7): the body's message, else exactly 'Unknown error'. */
export function deleteFailureMessage(message: string | undefined): string {
  return message || ACCOUNT_MESSAGES.unknownError;
}

/**
 * /my-account/addresses: the saved addresses (name, company, street, city, state, zip, phone), each
 * with its status badge (spec §4), its default labels, Set as default shipping / billing, Edit and
 * Delete; Add New Address. The visitor's own data: the server draws the loading state, the browser
 * asks after hydration; without a session the visitor goes to sign in and comes back.
 */
export default function AddressesPage() {
  const list = useBrowserCall((signal) => call(accountApi.addresses, { signal }), 'addresses', { refreshOnSessionChange: true });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // one change at a time (a second press while one is on its way is ignored)
  const pendingRef = useRef(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const { update, refresh } = list;
  useSignInRedirect(needsSignIn(list), ACCOUNT_PATHS.addresses);

  const announce = useCallback((next: Notice, moveFocus: boolean) => {
    setNotice(next);
    // the pressed button may be gone (a deleted address): the message takes the focus instead
    if (moveFocus) requestAnimationFrame(() => noticeRef.current?.focus());
  }, []);

  const setDefault = useCallback(
    async (address: AccountAddress, flag: DefaultFlag) => {
      if (pendingRef.current) return;
      pendingRef.current = true;
      setPending(`${address.id}:${flag}`);
      setNotice(null);
      try {
        const answer = await call(accountApi.updateAddress, { params: { id: address.id }, body: { ...addressInputOf(address), [flag]: true } });
        if (!answer.ok) {
          announce({ type: 'error', text: answer.error.message ?? statusMessage(answer.status) }, false);
          return;
        }
        const saved = answer.data.data;
        // one default of each kind: the flag moves here from whichever address had it
        update((current) => ({
          ...current,
          data: current.data.map((entry) => (entry.id === saved.id ? saved : entry[flag] ? { ...entry, [flag]: false } : entry)),
        }));
        announce({ type: 'success', text: ACCOUNT_MESSAGES.addressSaved }, false);
        // the server's own view of the list (statuses follow the defaults)
        refresh();
      } catch (error) {
        announce({ type: 'error', text: unreachable(error).message }, false);
      } finally {
        pendingRef.current = false;
        setPending(null);
      }
    },
    [announce, update, refresh],
  );

  const remove = useCallback(
    async (address: AccountAddress) => {
      if (pendingRef.current) return;
      pendingRef.current = true;
      setPending(`${address.id}:delete`);
      setNotice(null);
      try {
        const answer = await call(accountApi.deleteAddress, { params: { id: address.id } });
        if (answer.ok && answer.data.success !== false) {
          update((current) => ({ ...current, data: current.data.filter((entry) => entry.id !== address.id) }));
          announce({ type: 'success', text: answer.data.message || ACCOUNT_MESSAGES.addressDeleted }, true);
          return;
        }
        announce({ type: 'error', text: deleteFailureMessage(answer.ok ? answer.data.message : answer.error.message) }, false);
      } catch {
        announce({ type: 'error', text: ACCOUNT_MESSAGES.deleteAddressNetworkError }, false);
      } finally {
        pendingRef.current = false;
        setPending(null);
      }
    },
    [announce, update],
  );

  let body;
  if (list.status === 'failed' && !needsSignIn(list)) {
    body = <ErrorState title="Your addresses could not be loaded" message={list.message} onRetry={list.reload} />;
  } else if (list.status !== 'ready') {
    body = <LoadingState label="Loading your addresses…" />;
  } else if (list.data.data.length === 0) {
    body = <EmptyState title={ACCOUNT_MESSAGES.noAddresses} action={<ButtonLink to={ACCOUNT_PATHS.addressNew}>{T.addNewAddress}</ButtonLink>} />;
  } else {
    body = (
      <>
        <ul className="sf-account-addresses" aria-label="Saved addresses">
          {list.data.data.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              pending={pending}
              onSetDefault={(flag) => void setDefault(address, flag)}
              onDelete={() => void remove(address)}
            />
          ))}
        </ul>
        <div className="sf-account-actions">
          <ButtonLink to={ACCOUNT_PATHS.addressNew}>{T.addNewAddress}</ButtonLink>
        </div>
      </>
    );
  }

  return (
    <PageContainer title={PAGE_TITLE}>
      <div className="sf-account">
        <p className="sf-account-back">
          <Link to={ACCOUNT_PATHS.myAccount}>{T.backToAccount}</Link>
        </p>
        <LocationNotice />
        <div ref={noticeRef} tabIndex={-1} className="sf-account-notice">
          {notice && (
            <Alert type={notice.type} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Alert>
          )}
        </div>
        {body}
      </div>
    </PageContainer>
  );
}

interface AddressCardProps {
  address: AccountAddress;
  /** `${id}:${action}` of the change on its way, if any */
  pending: string | null;
  onSetDefault(flag: DefaultFlag): void;
  onDelete(): void;
}

function AddressCard({ address, pending, onSetDefault, onDelete }: AddressCardProps) {
  const headingId = useId();
  const name = `${address.firstName} ${address.lastName}`.trim() || 'Address';
  const busy = (action: string) => pending === `${address.id}:${action}`;
  return (
    <li className="sf-account-addresses__item">
      <article className="sf-account-card sf-account-address-card" aria-labelledby={headingId}>
      <div className="sf-account-card__header">
        <h2 id={headingId} className="sf-account-card__title">
          <span className="sf-visually-hidden">Address: </span>
          {name}
          <span className="sf-visually-hidden">, {address.street1}</span>
        </h2>
        <StatusBadge kind="address" status={address.status} />
      </div>
      {(address.isDefaultShipping || address.isDefaultBilling) && (
        <ul className="sf-account-default-labels" aria-label="Defaults">
          {address.isDefaultShipping && <li className="sf-account-default-label">{T.defaultShipping}</li>}
          {address.isDefaultBilling && <li className="sf-account-default-label">{T.defaultBilling}</li>}
        </ul>
      )}
      <AddressLines address={address} />
      <div className="sf-account-card__actions">
        {!address.isDefaultShipping && (
          <Button variant="secondary" aria-describedby={headingId} aria-busy={busy('isDefaultShipping') || undefined} onClick={() => onSetDefault('isDefaultShipping')}>
            {T.setDefaultShipping}
          </Button>
        )}
        {!address.isDefaultBilling && (
          <Button variant="secondary" aria-describedby={headingId} aria-busy={busy('isDefaultBilling') || undefined} onClick={() => onSetDefault('isDefaultBilling')}>
            {T.setDefaultBilling}
          </Button>
        )}
        <Link className="sf-button sf-button--link" to={accountAddressEditPath(address.id)} aria-describedby={headingId}>
          {T.edit}
        </Link>
        <Button variant="link" className="sf-account-delete" aria-describedby={headingId} aria-busy={busy('delete') || undefined} onClick={onDelete}>
          {T.delete}
        </Button>
      </div>
      </article>
    </li>
  );
}
