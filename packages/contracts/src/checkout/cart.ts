import { array, number, object, string, type InferType } from 'yup';
import { lineItemFields } from '../orders/priced-fields.js';
import { cents, lineQuantity, skuCode } from '../rules/field-rules.js';
import { linesOfText } from './cart-lines-text.js';
/** The finish chosen for a sample (what the style page writes to ?type=&value=). */
export const sampleFinishSchema = object({
  type: string().required(),
  value: string().required(),
  label: string().optional(),
  image: string().optional(),
});
export type SampleFinish = InferType<typeof sampleFinishSchema>;

/** One entry of localStorage `selectedSamples`. Prices are never stored: the server prices the cart. */
export interface SelectedSample {
  name: string;
  sku: string;
  qty: number;
  finish: SampleFinish;
  styleName?: string;
  styleTitle?: string;
  image?: { src: string; altText: string };
}

/** localStorage `selectedSamples` value: the items and when they expire (epoch ms). */
export interface StoredSampleCart {
  items: SelectedSample[];
  expiresAt: number;
}

export {
  SAMPLE_CART_STORAGE_KEY,
  SAMPLE_CART_UPDATED_EVENT,
  SAMPLE_CART_EXPIRY_HOURS,
  SAMPLE_MAX_QTY,
  SAMPLE_CART_COUNT_COOKIE,
  SAMPLE_CART_LINES_COOKIE,
  SAMPLE_CART_LINES_COOKIE_MAX_CHARS,
} from './sample-cart-storage.js';
export { cartLinesText, linesOfText, CART_LINES_TEXT_MAX_CHARS, type CartLineChoice, type CartLineTuple } from './cart-lines-text.js';

export interface ShippingDestination {
  country: string;
  state?: string;
  zip?: string;
}

/** More lines than any sample cart has; keeps one request from pricing thousands of lines. */
export const MAX_CART_LINES = 50;

/** One cart line as the browser sends it: what was chosen, never a price (the server prices it). */
export const cartLineSchema = object({
  sku: skuCode().required('sku is required'),
  qty: lineQuantity().required('qty must be a whole number of at least 1'),
  finish: object({
    type: string().required('finish must have a type and a value'),
    value: string().required('finish must have a type and a value'),
  })
    .default(undefined)
    .optional(),
});

/** A cart's lines: at least one is the caller's rule (an empty cart may be summarised, not ordered). */
export const cartLinesSchema = array(cartLineSchema)
  .typeError('items must be a list of { sku, qty }')
  .required('items must be a list of { sku, qty }')
  .max(MAX_CART_LINES, `A cart can hold at most ${MAX_CART_LINES} lines`);
export type CartLine = InferType<typeof cartLineSchema>;

/** POST /api/order/cart-summary: the browser sends what was chosen (and where to, once known), the server says what it costs. */
export const cartSummaryRequestSchema = object({
  items: cartLinesSchema,
  destination: object({
    country: string().typeError('country must be text').trim().uppercase().max(2, 'country must be a two-letter code').default(''),
    state: string().typeError('state must be text').trim().uppercase().max(64, 'state must be text').optional(),
    zip: string().typeError('zip must be text').trim().max(10, 'zip must be text').optional(),
  })
    .typeError('destination must be { country, state, zip }')
    .default(undefined)
    .optional(),
});
export type CartSummaryRequest = InferType<typeof cartSummaryRequestSchema>;

const LINES_TEXT_MESSAGE = 'lines must be a list of [sku, finish type, finish value, qty]';

/**
 * GET /api/order/cart-summary?lines=: the POST's cart without a destination, as the text the sample
 * cart mirrors into its lines cookie (cartLinesText). It exists so the server can price the cart into
 * the checkout's first HTML, as page data (a GET, keyed by its URL); the browser's own changes still
 * POST. Read by the same line schema, so both ways refuse the same carts with the same messages.
 */
export const cartSummaryOfLinesQuerySchema = object({
  lines: array(cartLineSchema)
    // a query value is one text; anything else (a repeated ?lines=, a list) is not a cart's lines
    .transform((_value: unknown, original: unknown) => (original === undefined ? undefined : linesOfText(typeof original === 'string' ? original : 'not one text')))
    .typeError(LINES_TEXT_MESSAGE)
    .required(LINES_TEXT_MESSAGE)
    .max(MAX_CART_LINES, `A cart can hold at most ${MAX_CART_LINES} lines`)
    // on the wire it is one text; the list is what the schema reads it as
    .meta({ jsonSchema: { type: 'string', items: undefined, maxItems: undefined, description: 'the cart as a JSON list of [sku, finish type, finish value, qty] (an empty type and value: no finish)' } }),
});
export type CartSummaryOfLinesQuery = InferType<typeof cartSummaryOfLinesQuerySchema>;

export const pricedCartLineSchema = object({
  sku: string().required(),
  styleName: string().required(),
  styleTitle: string().defined(),
  ...lineItemFields,
  taxPercent: number().required(),
  taxAmount: cents().required(),
  /** pounds, per unit */
  weight: number().required(),
  finish: sampleFinishSchema.default(undefined).optional(),
  image: object({ src: string().required(), altText: string().defined() }).default(undefined).optional(),
});
export type PricedCartLine = InferType<typeof pricedCartLineSchema>;

export const shippingQuoteSchema = object({
  /** 'no-methods' when the destination cannot be shipped to */
  method: string().required(),
  label: string().defined(),
  amount: cents().required(),
});
export type ShippingQuote = InferType<typeof shippingQuoteSchema>;

/** POST /api/order/cart-summary answer: the cart priced by the server. */
export const cartSummarySchema = object({
  lines: array(pricedCartLineSchema.required()).required(),
  /** skus the catalog does not know (dropped from the totals) */
  unknownSkus: array(string().defined()).required(),
  /** lines asking for more than their maximum (priced at the maximum; the orders service refuses them) */
  overLimit: array(object({ sku: string().required(), name: string().defined(), max: number().integer().required() }).required()).required(),
  itemCount: number().integer().required(),
  subtotal: cents().required(),
  /** null until the destination is known (and for an empty cart) */
  shipping: shippingQuoteSchema.nullable().defined(),
  taxPercent: number().required(),
  taxAmount: cents().required(),
  total: cents().required(),
  currency: string().oneOf(['USD'] as const).required(),
});
export type CartSummary = InferType<typeof cartSummarySchema>;
