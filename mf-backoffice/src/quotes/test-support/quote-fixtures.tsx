import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  ADMIN_PATHS,
  adminPaymentLinkResponseSchema,
  adminQuoteDetailSchema,
  adminQuoteListResponseSchema,
  adminRevokeLinksResponseSchema,
  checkoutLocationsSchema,
  quoteSchema,
  staffMeResponseSchema,
  type AdminPaymentLinkResponse,
  type AdminQuoteDetail,
  type AdminQuoteListResponse,
  type AdminRevokeLinksResponse,
  type CheckoutLocations,
  type Quote,
  type StaffMeResponse,
} from '@storefront/contracts';
import { listOf, productStyleSummarySchema, servedProductStyleSchema } from '@storefront/contracts/content-files';
import { LocationProbe, type FakeAnswer } from '@storefront/ui/testing';
import QuoteEditorPage from '../QuoteEditorPage';
import QuotesPage from '../QuotesPage';

// The answers the quote screens' tests fake, each checked against the contract's response schema
// (strictly: no casting), so a test cannot pass on an answer the server would never send.

interface SyncSchema {
  validateSync(value: unknown, options: { strict: boolean; abortEarly: boolean }): unknown;
}

/** The value, after the schema accepted it as it is. */
export function valid<T>(schema: SyncSchema, value: T): T {
  schema.validateSync(value, { strict: true, abortEarly: false });
  return value;
}

export const API = {
  me: '/api/admin/me',
  quotes: '/api/admin/quotes',
  locations: '/api/order/checkout-locations',
  site: '/api/content/site',
  styles: '/api/content/product-styles',
  quote: (number: string) => `/api/admin/quotes/${number}`,
  links: (number: string) => `/api/admin/quotes/${number}/links`,
  revoke: (number: string) => `/api/admin/quotes/${number}/links/revoke`,
  style: (name: string) => `/api/content/product-styles/${name}`,
} as const;

export function staffMe(): FakeAnswer {
  const body: StaffMeResponse = {
    me: { kind: 'staff', id: 'staff-1', name: 'Sam Sales', email: 'sam@example.com', role: 'sales', twoFactor: true, recoveryCodesLeft: 8, sessionExpiresAt: '2026-11-29T23:00:00.000Z' },
  };
  return { body: valid(staffMeResponseSchema, body) };
}

export const locations: CheckoutLocations = valid(checkoutLocationsSchema, {
  countries: [
    { code: 'CA', name: 'Canada' },
    { code: 'US', name: 'United States' },
  ],
  states: {
    US: [
      { code: 'NJ', name: 'New Jersey' },
      { code: 'NY', name: 'New York' },
      { code: 'TX', name: 'Texas' },
    ],
  },
  defaultCountry: 'US',
});

export function quote(overrides: Partial<Quote> = {}): Quote {
  const value: Quote = {
    id: '5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10',
    quoteIncrementId: 'Q-100001',
    poNumber: 'PO-7731',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '2125550100',
    createdAt: '2026-11-20T15:00:00.000Z',
    status: 'ready_to_order',
    addresses: [
      { type: 'billing', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '2125550100' },
      { type: 'shipping', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '2125550100' },
    ],
    shippingMethod: 'freight',
    shippingLabel: 'Freight (curbside)',
    items: [
      { id: 'item-1', sku: 'SSW-B24', name: 'Shaker Snow White Base Cabinet 24"', qty: 3, price: 27899, rowTotal: 83697, notes: 'soft-close hinges' },
      { id: 'item-2', sku: 'SSW-W3030', name: 'Shaker Snow White Wall Cabinet 30"', qty: 2, price: 18950, rowTotal: 37900, notes: null },
    ],
    additionalNotes: 'Deliver after 10 am.',
    subtotal: 121597,
    shippingAmount: 14950,
    taxAmount: 7443,
    discountAmount: 5000,
    total: 138990,
    splitPaymentEnabled: true,
    minimumSplitAmount: 25000,
    orderId: null,
    payments: [],
    ...overrides,
  };
  return valid(quoteSchema, value);
}

export function detail(overrides: Partial<AdminQuoteDetail> = {}): AdminQuoteDetail {
  const value: AdminQuoteDetail = {
    quote: quote(),
    state: 'sent',
    links: [{ createdAt: '2026-11-20T15:00:00.000Z', expiresAt: '2026-12-04T15:00:00.000Z', revokedAt: null, viewedAt: null, live: true }],
    order: null,
    editable: true,
    ...overrides,
  };
  // `quote` is an open record in the detail's schema: the quote's own schema holds it
  valid(quoteSchema, value.quote);
  return valid(adminQuoteDetailSchema, value);
}

export function quoteList(quotes: Quote[], next: string | null = null): FakeAnswer {
  const body: AdminQuoteListResponse = { quotes, next };
  return { body: valid(adminQuoteListResponseSchema, body) };
}

export function paymentLink(overrides: Partial<AdminPaymentLinkResponse> = {}): AdminPaymentLinkResponse {
  const token = 'tok_3hV9xQe1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ0';
  const value: AdminPaymentLinkResponse = {
    quoteId: '5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10',
    quoteIncrementId: 'Q-100001',
    token,
    expiresAt: '2026-12-04T15:00:00.000Z',
    paymentLink: `https://shop.example.com/quote/payment?quoteId=5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10&token=${token}`,
    paymentPath: `/quote/payment?quoteId=5f0c2a52-3d3b-4a59-9d7a-1f1c4d3b2a10&token=${token}`,
    ...overrides,
  };
  return valid(adminPaymentLinkResponseSchema, value);
}

export function revokeAnswer(revoked: number, after: AdminQuoteDetail): FakeAnswer {
  const body: AdminRevokeLinksResponse = { revoked, quote: after };
  return { body: valid(adminRevokeLinksResponseSchema, body) };
}

/** The body a fake fetch was called with, parsed. */
export function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/** The calls a fake fetch saw for one URL and method. */
export function callsTo(fetchMock: jest.Mock, url: string, method = 'GET'): (RequestInit | undefined)[] {
  return (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(([called, init]) => called === url && (init?.method ?? 'GET') === method).map(([, init]) => init);
}

/** The quote screens at `entry`, routed as the shell routes them, with the router's address shown. */
export function renderQuotes(entry: string, extra?: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path={ADMIN_PATHS.quotes} element={<QuotesPage />} />
        <Route path={ADMIN_PATHS.quoteNew} element={<QuoteEditorPage />} />
        <Route path={ADMIN_PATHS.quote} element={<QuoteEditorPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
      {extra}
    </MemoryRouter>,
  );
}

// --- the catalog the product picker reads: the site's own content, as the content service serves it ---

interface ContentStyle {
  name: string;
  title: string;
  label?: string;
  images: { src: string; altText: string; width: number; height: number; type: string }[];
  items: { sku: string; name: string; price: number; isSample?: boolean }[];
}

/** content/catalogs/product-styles.json, read as the content service reads it. */
export function contentStyles(): ContentStyle[] {
  return JSON.parse(readFileSync(join(__dirname, '../../../../content/catalogs/product-styles.json'), 'utf8')) as ContentStyle[];
}

/** GET /api/content/product-styles and each GET /api/content/product-styles/:styleName, checked by the content API's answer schemas. */
export function catalogRoutes(styles: ContentStyle[]): Record<string, FakeAnswer> {
  const summaries = styles.map((style) => {
    const image = style.images.find((candidate) => candidate.type === 'base') ?? style.images[0]!;
    return { name: style.name, title: style.title, ...(style.label ? { label: style.label } : {}), image: { src: image.src, altText: image.altText, width: image.width, height: image.height } };
  });
  const routes: Record<string, FakeAnswer> = { [API.styles]: { body: valid(listOf(productStyleSummarySchema), summaries) } };
  for (const style of styles) routes[API.style(style.name)] = { body: valid(servedProductStyleSchema, style) };
  return routes;
}
