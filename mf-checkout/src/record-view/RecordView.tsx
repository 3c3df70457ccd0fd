import type { ReactNode } from 'react';
import { ACCOUNT_MESSAGES, type OrderAddress, type RecordTotals } from '@storefront/contracts';
import { maskCardNumber } from '@storefront/commerce-rules/card-rules';
import { formatCents } from '@storefront/money';
import '../shared/checkout.css';
import './RecordView.css';

// The parts the order view and the quote view pages share (spec 2): the date, the item table,
// the totals and the address blocks, so the two pages read and look alike.

// Made on first use: building an Intl formatter costs a phone ~15 ms, and the split-payment page
// imports this module for its tables without ever showing a date.
let recordDateFormat: Intl.DateTimeFormat | undefined;
const recordDate = () => (recordDateFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }));

/** The record's date as the customer reads it ("November 23, 2026"). */
export function RecordDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{recordDate().format(new Date(iso))}</time>;
}

export interface RecordItem {
  name: string;
  sku: string;
  qty: number;
  /** unit price, cents */
  price: number;
  /** cents */
  rowTotal: number;
  notes?: string | null;
}

export function RecordItemsTable({ caption, items }: { caption: string; items: readonly RecordItem[] }) {
  return (
    <table className="sf-record-view__items sf-stacked-table">
      <caption className="sf-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Qty</th>
          <th scope="col">Price</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={`${index}-${item.sku}`}>
            <th scope="row">
              {item.name}
              <span className="sf-record-view__sku">SKU: {item.sku}</span>
              {item.notes ? <span className="sf-record-view__notes">{item.notes}</span> : null}
            </th>
            <td data-label="Qty">{item.qty}</td>
            <td data-label="Price">{formatCents(item.price)}</td>
            <td data-label="Total">{formatCents(item.rowTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Subtotal, shipping, tax and discount only when above 0, total (cents, shown as $1,234.50). */
export function RecordTotalsList({ totals }: { totals: RecordTotals }) {
  return (
    <dl className="sf-cart-totals sf-record-view__totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{formatCents(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>{totals.shippingLabel ? `Shipping (${totals.shippingLabel})` : 'Shipping'}</dt>
        <dd>{formatCents(totals.shippingAmount)}</dd>
      </div>
      {totals.taxAmount > 0 && (
        <div>
          <dt>Tax</dt>
          <dd>{formatCents(totals.taxAmount)}</dd>
        </div>
      )}
      {totals.discountAmount > 0 && (
        <div>
          <dt>Discount</dt>
          <dd>-{formatCents(totals.discountAmount)}</dd>
        </div>
      )}
      <div className="sf-cart-totals__total">
        <dt>Total</dt>
        <dd>{formatCents(totals.total)}</dd>
      </div>
    </dl>
  );
}

/**
 * The card a payment was made with, from its additionalData (spec 3: last four digits and card type,
 * at key paths that differ by gateway: our adapters write `last4`/`cardBrand`; `cardLast4`, `card.last4`
 * and Authorize.Net's masked `accountNumber` are read too). Null when the payment names no card.
 */
export function paymentCardOf(additionalData: Record<string, unknown> | undefined): { brand: string | null; last4: string } | null {
  if (!additionalData) return null;
  const card = additionalData.card as Record<string, unknown> | undefined;
  const candidates = [additionalData.last4, additionalData.cardLast4, card?.last4, additionalData.accountNumber];
  const last4 = candidates.map((value) => (typeof value === 'string' ? /(\d{4})$/.exec(value)?.[1] : undefined)).find(Boolean);
  if (!last4) return null;
  const brand = [additionalData.cardBrand, additionalData.cardType, card?.brand].find((value): value is string => typeof value === 'string' && value.length > 0);
  return { brand: brand ?? null, last4 };
}

/** Spec 3: the masked card, four X then the last four digits ("Visa XXXX4242"). */
export function MaskedCard({ additionalData }: { additionalData: Record<string, unknown> | undefined }) {
  const card = paymentCardOf(additionalData);
  if (!card) return null;
  const brand = card.brand ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ` : '';
  return (
    <span className="sf-record-view__card">
      <span className="sf-visually-hidden">Card ending in {card.last4}: </span>
      <span aria-hidden="true">{`${brand}${maskCardNumber(card.last4)}`}</span>
    </span>
  );
}

/** A titled section of the page's columns (addresses, methods, customer); `idPrefix` keeps ids unique per page. */
export function RecordSection({ idPrefix, title, children }: { idPrefix: string; title: string; children: ReactNode }) {
  const id = `${idPrefix}-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** An address entry that holds none of what an address is made of (street, city, zip). */
function withoutDetails(address: OrderAddress): boolean {
  return ![address.street1, address.street2, address.city, address.state, address.zipCode].some((part) => typeof part === 'string' && part.trim() !== '');
}

/**
 * An order's or quote's address. Spec 8 (views) has two texts for a missing one; read: the record
 * has no address of this type -> 'Address not available'; it has one with nothing in it (a quote
 * staff saved without a street) -> 'No address details available'.
 */
export function AddressBlock({ idPrefix, title, address }: { idPrefix: string; title: string; address: OrderAddress | undefined }) {
  return (
    <RecordSection idPrefix={idPrefix} title={title}>
      {!address ? (
        <p className="sf-record-view__missing">{ACCOUNT_MESSAGES.addressNotAvailable}</p>
      ) : withoutDetails(address) ? (
        <p className="sf-record-view__missing">{ACCOUNT_MESSAGES.noAddressDetails}</p>
      ) : (
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
      )}
    </RecordSection>
  );
}
