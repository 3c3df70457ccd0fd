import type { CartSummary } from '../checkout/cart.js';
import type { CatalogListingResponse, CatalogSamplesResponse } from '../catalog/listing.js';
import type { CheckoutLocations, CreateOrderResponse, PayableOrder, PaymentResultResponse, ShippingRateResponse, TaxResponse, UpdateOrderResponse } from '../checkout/schemas.js';
import type { MailboxMessage, SendEmailResponse } from '../orders/email.js';
import type { QueueFormEmailsResponse } from '../forms/notifications.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import type { ResponseOf, RouteSpec } from '../http/route.js';
import type { OrderResponse } from '../orders/schemas.js';
import type { QuoteResponse } from '../quotes/schemas.js';
import type { AdminOrderListResponse, AdminPaymentLinkResponse, AdminQuoteListResponse, AdminSplitPaymentResponse } from '../admin/schemas.js';
import type {
  PayPalCaptureResponse,
  PayPalOrderUpdateResponse,
  PayPalOrderResponse,
  PaymentIntentCaptureResponse,
  PaymentIntentResponse,
  PaymentIntentRetrieveResponse,
  PaymentIntentUpdateResponse,
  PaymentMethodsResponse,
  PaymentVerifyResponse,
} from '../payments/schemas.js';
import type { OrderPaymentsResponse, RefundResponse } from '../payments/refunds.js';
import { CONTENT_RESPONSES } from '../content-files/index.js';
import { API_ROUTES, accountRoutes, adminRoutes, catalogRoutes, contentRoutes, formRoutes, gatewayRoutes, jobRoutes, orderRoutes, paymentRoutes, quoteRoutes } from './index.js';

/**
 * The route table's answers: every JSON route says what it answers (a response schema, which types
 * the browser's `call()` and documents the OpenAPI reference), and real answers of the services hold
 * to those schemas.
 */

// The content routes' answers are schemas of the content files (server side of contracts, out of
// browser bundles): they reach the API reference through buildOpenApiDocument's `responses` option.
const answerOf = (route: RouteSpec) => route.response ?? CONTENT_RESPONSES.get(route);

const GROUPS = { accounts: accountRoutes, catalog: catalogRoutes, content: contentRoutes, forms: formRoutes, orders: orderRoutes, quotes: quoteRoutes, admin: adminRoutes, payments: paymentRoutes, gateway: gatewayRoutes, jobs: jobRoutes };
/** Every route with the name of its entry ("orders.create"). */
const NAMED = Object.entries(GROUPS).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteSpec>).map(([key, route]) => ({ name: `${group}.${key}`, group, key, route })),
);
const JSON_ROUTES = NAMED.filter((entry) => entry.route.produces === undefined);

describe('every JSON route of the table has a response schema', () => {
  it('names every route of API_ROUTES once', () => {
    expect(NAMED).toHaveLength(API_ROUTES.length);
    expect(new Set(NAMED.map((entry) => entry.route))).toEqual(new Set(API_ROUTES));
  });

  it.each(JSON_ROUTES.map((entry) => [entry.name, `${entry.route.method} ${entry.route.path}`, entry.route] as const))('%s (%s)', (_name, _endpoint, route) => {
    expect(answerOf(route)).toBeDefined();
  });

  it('keeps content answers in one place: a route in CONTENT_RESPONSES has no response of its own, and is a content route', () => {
    for (const route of CONTENT_RESPONSES.keys()) {
      expect({ path: route.path, service: route.service, response: route.response }).toEqual({ path: route.path, service: 'content', response: undefined });
    }
  });
});

// Answer types are inferred from the schemas, so what call() types an answer as is the service's type.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const INFERRED: true[] = [
  true satisfies Same<ResponseOf<typeof orderRoutes.cartSummary>, CartSummary>,
  true satisfies Same<ResponseOf<typeof orderRoutes.create>, CreateOrderResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.update>, UpdateOrderResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.view>, OrderResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.shippingRate>, ShippingRateResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.tax>, TaxResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.checkoutLocations>, CheckoutLocations>,
  true satisfies Same<ResponseOf<typeof orderRoutes.sendEmail>, SendEmailResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.payable>, PayableOrder>,
  true satisfies Same<ResponseOf<typeof orderRoutes.paymentResult>, PaymentResultResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.queueFormEmails>, QueueFormEmailsResponse>,
  true satisfies Same<ResponseOf<typeof orderRoutes.mailboxMessages>, MailboxMessage[]>,
  true satisfies Same<ResponseOf<typeof quoteRoutes.byLink>, QuoteResponse>,
  true satisfies Same<ResponseOf<typeof quoteRoutes.view>, QuoteResponse>,
  true satisfies Same<ResponseOf<typeof adminRoutes.createQuote>, AdminPaymentLinkResponse>,
  true satisfies Same<ResponseOf<typeof adminRoutes.issueLink>, AdminPaymentLinkResponse>,
  true satisfies Same<ResponseOf<typeof adminRoutes.listQuotes>, AdminQuoteListResponse>,
  true satisfies Same<ResponseOf<typeof adminRoutes.listOrders>, AdminOrderListResponse>,
  true satisfies Same<ResponseOf<typeof adminRoutes.splitPayment>, AdminSplitPaymentResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.paymentMethods>, PaymentMethodsResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.createIntent>, PaymentIntentResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.verify>, PaymentVerifyResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.updateStripeIntent>, PaymentIntentUpdateResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.captureStripePayment>, PaymentIntentCaptureResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.retrieveStripeIntent>, PaymentIntentRetrieveResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.createPayPalOrder>, PayPalOrderResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.capturePayPalOrder>, PayPalCaptureResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.updatePayPalOrder>, PayPalOrderUpdateResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.refundPayment>, RefundResponse>,
  true satisfies Same<ResponseOf<typeof paymentRoutes.orderPayments>, OrderPaymentsResponse>,
  true satisfies Same<ResponseOf<typeof catalogRoutes.styles>, CatalogListingResponse>,
  true satisfies Same<ResponseOf<typeof catalogRoutes.samples>, CatalogSamplesResponse>,
];

it('types each answer of orders, payments and the catalog from its response schema', () => {
  expect(INFERRED.every(Boolean)).toBe(true);
});

// --- real answers, as the services' integration tests received them ---

/** POST /api/order (orders.integration.test.ts and its neighbours): a new order with one sample door. */
const CREATED_ORDER = {
  success: true,
  status: 201,
  data: {
    id: '3a195f0f-9ca2-4d80-b183-4cc6dde19164',
    orderIncrementId: 'SF-100001',
    createdAt: '2026-11-25T15:37:44.836Z',
    state: 'new',
    status: 'pending',
    paymentStatus: 'pending',
    email: 'ann.lee@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    customerIsGuest: true,
    customerId: null,
    poNumber: null,
    orderCurrencyCode: 'USD',
    subtotal: 999,
    shippingAmount: 995,
    shippingMethod: 'standard-ground',
    shippingLabel: 'Standard Ground',
    taxAmount: 177,
    discountAmount: 0,
    total: 2171,
    weight: 3.2,
    totalItemCount: 1,
    additionalNotes: null,
    emailSent: false,
    splitPaymentEnabled: false,
    minimumSplitAmount: null,
    items: [
      {
        sku: 'SSW-SMPL-SNW',
        name: 'Shaker Snow White Sample Door - Snow White',
        price: 999,
        originalPrice: 999,
        priceInclTax: 1088,
        qty: 1,
        weight: 3.2,
        rowWeight: 3.2,
        rowTotal: 999,
        taxPercent: 8.875,
        taxAmount: 89,
        rowTotalInclTax: 1088,
        customOptions: [{ type: 'paint', label: 'Snow White', value: 'snow-white' }],
      },
    ],
    addresses: [
      { type: 'billing', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '(212) 555-0100' },
      { type: 'shipping', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '(212) 555-0100' },
    ],
    payments: [
      {
        id: '807d009a-e45e-4598-8e95-85921f076fc5',
        status: 'pending',
        amount: 2171,
        amountPaid: 0,
        transactionId: null,
        method: 'credit-card',
        methodLabel: 'Credit Card',
        createdAt: '2026-11-25T15:37:44.836Z',
        additionalData: { gateway: 'sandbox' },
      },
    ],
    statusHistory: [{ status: 'pending', comment: 'New order has been created', isCustomerNotified: false, createdAt: '2026-11-25T15:37:44.845Z' }],
  },
  orderToken: 'damOPDALMC3STOS35aFrQToYBJi7_QPxmjCLpBOeg48',
};

/** GET /api/quote (quotes.integration.test.ts): a kitchen quote with split payment, not paid yet. */
const QUOTE_BY_LINK = {
  success: true,
  data: {
    id: '0b7a4a52-3d3b-4a55-9d0e-6f0f7c2b8e11',
    quoteIncrementId: 'Q-100004',
    poNumber: 'PO-7731',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '(212) 555-0100',
    createdAt: '2026-11-25T20:14:35.102Z',
    status: 'ready_to_order',
    addresses: [
      { type: 'billing', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '(212) 555-0100' },
      { type: 'shipping', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '(212) 555-0100' },
    ],
    shippingMethod: 'freight',
    shippingLabel: 'Freight (curbside)',
    items: [
      { id: '5d8b8f35-96f4-4a43-b1c9-3f5f0c7d2a01', name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, price: 27899, rowTotal: 83697, notes: 'soft-close hinges' },
      { id: '9e1c2a44-0b7f-4d7e-8a55-2c3b4d5e6f02', name: 'Filler strip', sku: 'SSW-F3', qty: 2, price: 10, rowTotal: 20, notes: null },
    ],
    additionalNotes: 'Deliver after 10 am.',
    subtotal: 83717,
    shippingAmount: 14950,
    taxAmount: 7443,
    discountAmount: 5000,
    total: 101110,
    splitPaymentEnabled: true,
    minimumSplitAmount: 25000,
    orderId: null,
    payments: [],
  },
};

const REAL_ANSWERS: [string, RouteSpec, unknown][] = [
  ['a quote opened by its payment link', quoteRoutes.byLink, QUOTE_BY_LINK],
  ['a quote on its view page, ordered and paid in part', quoteRoutes.view, { success: true, data: { ...QUOTE_BY_LINK.data, status: 'ordered', orderId: CREATED_ORDER.data.id, payments: CREATED_ORDER.data.payments } }],
  [
    'the cart summary (a free sample door, an unknown sku, New York tax on shipping)',
    orderRoutes.cartSummary,
    {
      lines: [
        {
          sku: 'SSW-SMPL-SNW',
          name: 'Shaker Snow White Sample Door - Snow White',
          styleName: 'ssw',
          styleTitle: 'Shaker Snow White',
          qty: 1,
          price: 0,
          rowTotal: 0,
          taxPercent: 8.875,
          taxAmount: 0,
          weight: 3.2,
          finish: { type: 'paint', value: 'snow-white', label: 'Snow White', image: '/s.svg' },
          image: { src: '/images/kitchens/ssw.svg', altText: 'Shaker Snow White kitchen' },
        },
      ],
      unknownSkus: ['GONE-1'],
      overLimit: [],
      itemCount: 1,
      subtotal: 0,
      shipping: { method: 'standard-ground', label: 'Standard Ground', amount: 995 },
      taxPercent: 8.875,
      taxAmount: 88,
      total: 1083,
      currency: 'USD',
    },
  ],
  ['a created order with its order token', orderRoutes.create, CREATED_ORDER],
  ['the order viewed', orderRoutes.view, { success: true, status: 200, data: CREATED_ORDER.data }],
  [
    'the shipping rate of a destination',
    orderRoutes.shippingRate,
    {
      success: true,
      shippingMethod: {
        type: 'standard-ground',
        displayName: 'Standard Ground',
        description: 'Samples ship by ground from our warehouse in 3-5 business days. Orders of $200 or more ship free within the contiguous US.',
        rate: 995,
      },
    },
  ],
  [
    'no shipping method for a destination',
    orderRoutes.shippingRate,
    {
      success: false,
      shippingMethod: { type: 'no-methods', displayName: 'No shipping methods available', rate: 0 },
      message:
        'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.',
    },
  ],
  [
    'the tax of two lines and shipping',
    orderRoutes.tax,
    {
      success: true,
      taxItems: [
        { sku: 'SSW-B24', taxAmount: 2476, taxPercent: 8.875, rowTaxAmount: 4952 },
        { sku: 'SSW-SMPL-SNW', taxAmount: 0, taxPercent: 8.875, rowTaxAmount: 0 },
      ],
      shippingTaxAmount: 88,
      taxSubTotal: 4952,
      taxTotal: 5040,
      taxPercent: 8.875,
    },
  ],
  [
    'the checkout locations (trimmed to two countries and two states)',
    orderRoutes.checkoutLocations,
    {
      countries: [
        { code: 'CA', name: 'Canada' },
        { code: 'US', name: 'United States' },
      ],
      states: {
        US: [
          { code: 'DC', name: 'District of Columbia' },
          { code: 'NY', name: 'New York' },
        ],
      },
      defaultCountry: 'US',
    },
  ],
  ['an order e-mail queued', orderRoutes.sendEmail, { success: true, message: 'The e-mail has been queued for delivery.' }],
  [
    'what an order may be charged',
    orderRoutes.payable,
    {
      id: 'f173ae64-c38f-4fa1-8016-ac0c603c54c6',
      orderIncrementId: 'SF-100008',
      status: 'pending_payment',
      total: 27899,
      amountDue: 27899,
      currency: 'USD',
      email: 'ann@example.com',
      paymentId: '16bddf6a-fb9e-42ec-9c97-397ebfb3bd50',
      billing: { firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' },
      shipping: { firstName: 'Ann', lastName: 'Lee', street1: '1 Pine St', city: 'Portland', state: 'OR', zipCode: '97201', countryId: 'US' },
      scope: 'sample-order',
    },
  ],
  [
    'form e-mails queued again (a retried job)',
    orderRoutes.queueFormEmails,
    { queued: [], alreadyQueued: ['form:6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b:confirmation', 'form:6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b:staff'] },
  ],
  [
    'the payment methods of a scope (payments.integration.test.ts settings)',
    paymentRoutes.paymentMethods,
    {
      success: true,
      paymentMethods: [
        { name: 'credit-card', title: 'Card', description: '', enabled: true, isDefault: true, gateway: 'stripe', sortOrder: 1, config: { publishableKey: 'pk_test_1' }, sandbox: true },
        { name: 'split-payment', title: 'Split', description: '', enabled: true, isDefault: false, gateway: 'stripe', sortOrder: 3, scopes: ['complete-order-payment'], sandbox: true },
      ],
    },
  ],
  [
    'a declined card',
    paymentRoutes.createIntent,
    {
      paymentIntent: {
        id: 'pi_sandbox_da3008636c4efa4443d85b79',
        status: 'requires_payment_method',
        client_secret: 'pi_sandbox_da3008636c4efa4443d85b79_secret_8e77abc1667320e1b8613d1a2caf761d',
        amount: 1083,
        currency: 'usd',
      },
      payment: { status: 'failed', message: 'Your card was declined.' },
      error: true,
      message: 'Your card was declined.',
      orderIncrementId: 'SF-100028',
    },
  ],
  [
    'a card that needs 3-D Secure',
    paymentRoutes.createIntent,
    {
      paymentIntent: {
        id: 'pi_sandbox_aeb9b6eed17f1220287363eb',
        status: 'requires_action',
        client_secret: 'pi_sandbox_aeb9b6eed17f1220287363eb_secret_f1b1525123f5eb8b24580433d2bb8dde',
        amount: 1083,
        currency: 'usd',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: '/api/payment/sandbox/challenge/pi_sandbox_aeb9b6eed17f1220287363eb?return_url=%2Fpayment%2Fverify%2Fstripe', return_url: '/payment/verify/stripe' },
        },
      },
      payment: { status: 'on_hold' },
      orderIncrementId: 'SF-100033',
    },
  ],
  [
    'a verified payment',
    paymentRoutes.verify,
    {
      success: true,
      status: 'completed',
      transactionId: 'pi_sandbox_aeb9b6eed17f1220287363eb',
      transactionResponse: { amount: 1083 },
      metadata: { orderId: '2c8a19f8-08ca-4d40-9f09-b5d573c137ec', orderIncrementId: 'SF-100033', paymentId: '3a3dafa0-8fd5-4a7d-8bde-4eb017259286' },
    },
  ],
  [
    'a PayPal order not approved yet',
    paymentRoutes.verify,
    {
      success: false,
      error: 'No PayPal order to capture. Please try again.',
      status: 'on_hold',
      transactionId: 'pp_sandbox_c45316268a2322e72c295aaf',
      transactionResponse: { amount: 1083 },
      metadata: { orderId: '9f99d03b-26b8-411a-95c8-95ecbdcecec3', orderIncrementId: 'SF-100041', paymentId: 'a2f631ea-50ee-4d06-921b-44eeb6e2f4e8' },
    },
  ],
  [
    'a capture the gateway refused',
    paymentRoutes.captureStripePayment,
    {
      paymentIntent: {
        id: 'pi_sandbox_1c109a40f7e638475d1f38d3',
        status: 'requires_action',
        client_secret: 'pi_sandbox_1c109a40f7e638475d1f38d3_secret_bf6876560735054291e0a6d837486ee2',
        amount: 1083,
        currency: 'usd',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: '/api/payment/sandbox/challenge/pi_sandbox_1c109a40f7e638475d1f38d3?return_url=%2Fpayment%2Fverify%2Fstripe', return_url: '/payment/verify/stripe' },
        },
      },
      message: 'This payment cannot be captured in status requires_action.',
    },
  ],
  [
    'a PayPal order and its approve link',
    paymentRoutes.createPayPalOrder,
    {
      id: 'pp_sandbox_c45316268a2322e72c295aaf',
      response: { links: [{ rel: 'approve', href: '/api/payment/sandbox/paypal/approve/pp_sandbox_c45316268a2322e72c295aaf' }] },
    },
  ],
  [
    "a style's sample doors",
    catalogRoutes.samples,
    {
      styles: [
        {
          code: 'cws',
          title: 'Charleston White Shaker',
          path: '/products/kitchen-cabinets/rta-kitchen-cabinets/cws',
          items: [
            { sku: 'CWS-SMPL-0', name: 'Charleston White Shaker Sample Door - snow-white', price: 0, finish: { type: 'paint', value: 'snow-white', label: 'snow white', hex: '#F4F3EE' }, image: '/images/styles/cws-snow-white.svg' },
            { sku: 'CWS-SMPL-1', name: 'Charleston White Shaker Sample Door - dove-grey', price: 0, finish: { type: 'paint', value: 'dove-grey', label: 'dove grey', hex: '#B7B6AF' }, image: '/images/styles/cws-dove-grey.svg' },
          ],
        },
      ],
    },
  ],
  [
    'a filtered listing page (catalog.integration.test.ts: ?doorStyle=slab&color=white)',
    catalogRoutes.styles,
    {
      items: [
        {
          code: 'sw',
          path: '/products/kitchen-cabinets/rta-kitchen-cabinets/sw',
          image: { src: '/images/kitchens/sw.svg', type: 'base', width: 1200, height: 800, altText: 'Slab White kitchen' },
          label: null,
          title: 'Slab White',
          labels: [],
          addedOn: '2025-01-01',
          swatches: [{ hex: '#F4F3EE', type: 'paint', image: '/images/swatches/snow-white.svg', label: 'snow white', value: 'snow-white' }],
          doorStyle: 'slab',
          shortDescription: '<ul><li>Slab White</li></ul>',
        },
        {
          code: 'wse',
          path: '/products/kitchen-cabinets/rta-kitchen-cabinets/wse',
          image: { src: '/images/kitchens/wse.svg', type: 'base', width: 1200, height: 800, altText: 'White Slab Euro kitchen' },
          label: null,
          title: 'White Slab Euro',
          labels: [],
          addedOn: '2023-05-22',
          swatches: [
            { hex: '#F4F3EE', type: 'paint', image: '/images/swatches/snow-white.svg', label: 'snow white', value: 'snow-white' },
            { hex: '#B7B6AF', type: 'paint', image: '/images/swatches/dove-grey.svg', label: 'dove grey', value: 'dove-grey' },
          ],
          doorStyle: 'slab',
          shortDescription: '<ul><li>White Slab Euro</li></ul>',
        },
      ],
      total: 2,
      page: 1,
      pageSize: 12,
      totalPages: 1,
      sort: 'a-z',
      sortOptions: [{ value: 'a-z', label: 'A-Z' }, { value: 'z-a', label: 'Z-A' }, { value: 'newest', label: 'Newest' }, { value: 'oldest', label: 'Oldest' }],
      filters: [
        {
          name: 'doorStyle',
          label: 'Door Style',
          options: [{ value: 'shaker', label: 'Shaker', count: 3, selected: false }, { value: 'slab', label: 'Slab', count: 2, selected: true }],
        },
        {
          name: 'color',
          label: 'Color',
          options: [
            { value: 'white', label: 'White', count: 2, selected: true },
            { value: 'grey', label: 'Grey', count: 1, selected: false },
            { value: 'blue', label: 'Blue', count: 0, selected: false },
          ],
        },
        {
          name: 'finish',
          label: 'Finish',
          options: [{ value: 'paint', label: 'Painted', count: 2, selected: false }, { value: 'stain', label: 'Stained', count: 0, selected: false }],
        },
        {
          name: 'label',
          label: 'Collection',
          options: [{ value: 'best-seller', label: 'Best Seller', count: 0, selected: false }, { value: 'new', label: 'New', count: 0, selected: false }],
        },
      ],
    },
  ],
];

/** The schema's own messages for an answer, or [] when it holds (strict: nothing cast or defaulted). */
function problems(route: RouteSpec, answer: unknown): string[] {
  try {
    route.response!.validateSync(answer, { strict: true, abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('real answers hold to their response schemas', () => {
  it.each(REAL_ANSWERS)('%s', (_name, route, answer) => {
    expect(problems(route, answer)).toEqual([]);
  });

  it("the gateway's OpenAPI document of the whole table", () => {
    expect(problems(gatewayRoutes.openApi, JSON.parse(JSON.stringify(buildOpenApiDocument(API_ROUTES, { title: 'Storefront API', version: '1' }))))).toEqual([]);
  });
});

describe('answers that break their schema are refused', () => {
  const order = CREATED_ORDER.data;
  it.each([
    ['an unknown payment status', orderRoutes.view, { success: true, status: 200, data: { ...order, paymentStatus: 'paid' } }, 'data.paymentStatus must be one of the following values'],
    ['a quote status outside the spec', quoteRoutes.byLink, { ...QUOTE_BY_LINK, data: { ...QUOTE_BY_LINK.data, status: 'paid' } }, 'data.status must be one of the following values'],
    ['a quote amount in dollars (not whole cents)', quoteRoutes.view, { ...QUOTE_BY_LINK, data: { ...QUOTE_BY_LINK.data, total: 1011.1 } }, 'must be a whole number of cents'],
    ['a missing order token', orderRoutes.create, { ...CREATED_ORDER, orderToken: undefined }, 'orderToken must be defined'],
    ['an amount as text (strict: never cast)', orderRoutes.tax, { success: true, taxItems: [], shippingTaxAmount: '0.88', taxSubTotal: 0, taxTotal: 0, taxPercent: 0 }, 'shippingTaxAmount must be a `number` type'],
    ['a shipping quote left out instead of null', orderRoutes.cartSummary, { lines: [], unknownSkus: [], overLimit: [], itemCount: 0, subtotal: 0, taxPercent: 0, taxAmount: 0, total: 0, currency: 'USD' }, 'shipping must be defined'],
    ['a list of states that is not a list', orderRoutes.checkoutLocations, { countries: [], states: { US: 'NY' }, defaultCountry: 'US' }, 'states must match the configured type'],
    ['an intent status outside the card vocabulary', paymentRoutes.retrieveStripeIntent, { paymentIntent: { id: 'pi_1', status: 'paid', client_secret: '', amount: 1, currency: 'usd' } }, 'paymentIntent.status must be one of the following values'],
    ['a card image that is not an image', catalogRoutes.styles, { items: [{ code: 'x', title: 'X', path: '/x', image: 'x.svg', shortDescription: '', label: null, labels: [], doorStyle: null, addedOn: null, swatches: [] }], total: 1, page: 1, pageSize: 12, totalPages: 1, sort: 'a-z', sortOptions: [], filters: [] }, 'items[0].image must match the configured type'],
  ] as const)('%s', (_name, route, answer, message) => {
    expect(problems(route, answer)).toEqual([expect.stringContaining(message)]);
  });
});
