import { defineRoute } from '../http/route.js';
import { shippingRateRequestSchema, taxRequestSchema } from '../checkout.js';

/** Orders, the checkout's lookups, e-mail and the orders service's internal API (orders service). */
export const orderRoutes = {
  shippingRate: defineRoute({
    method: 'POST',
    path: '/api/order/shipping-rate',
    service: 'orders',
    access: 'public',
    summary: "The shipping method and rate for a destination and cart size (the checkout's shipping panel)",
    body: shippingRateRequestSchema,
    invalidMessage: (first) => `Invalid shipping-rate request: ${first}`,
  }),
  tax: defineRoute({
    method: 'POST',
    path: '/api/order/tax',
    service: 'orders',
    access: 'public',
    summary: 'Tax per cart line and on shipping for a destination, priced from the catalog',
    body: taxRequestSchema,
    invalidMessage: (first) => `Invalid tax request: ${first}`,
  }),
  checkoutLocations: defineRoute({
    method: 'GET',
    path: '/api/order/checkout-locations',
    service: 'orders',
    access: 'public',
    summary: 'Countries and US states the checkout offers (cached an hour by browsers and the gateway)',
  }),
} as const;
