import type { AccountAddress } from '@storefront/contracts';

/** A saved address as the customer reads it: name, company, street, city/state/zip, phone. */
export function AddressLines({ address }: { address: AccountAddress }) {
  const name = `${address.firstName} ${address.lastName}`.trim();
  const place = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [name, address.company, address.street1, address.street2, place, address.phoneNumber].filter((line) => line && line.trim() !== '');
  return (
    <address className="sf-account-address">
      {lines.map((line, index) => (
        <span key={index} className="sf-account-address__line">
          {line}
        </span>
      ))}
    </address>
  );
}

// Made on first use: an Intl formatter costs a phone ~15 ms, and these dates appear only after the
// browser has fetched the account (never on the way to hydration).
let accountDateFormat: Intl.DateTimeFormat | undefined;
const accountDate = () => (accountDateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }));

/** "November 23, 2026", like the order and quote view pages. */
export function AccountDate({ iso }: { iso: string }) {
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? iso : accountDate().format(date)}</time>;
}
