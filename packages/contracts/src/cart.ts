import { array, object, string, type InferType } from 'yup';
import { lineQuantity, skuCode } from './rules/field-rules.js';
/** The finish chosen for a sample (what the style page writes to ?type=&value=). */
export interface SampleFinish {
  type: string;
  value: string;
  label?: string;
  image?: string;
}

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

export const SAMPLE_CART_STORAGE_KEY = 'selectedSamples';
export const SAMPLE_CART_UPDATED_EVENT = 'selected-samples-updated';
/** The spec names an hours constant and elsewhere gives 24 hours. */
export const SAMPLE_CART_EXPIRY_HOURS = 24;
export const SAMPLE_MAX_QTY = 1;
/**
 * Cookie mirroring how many samples the local cart holds (the cart itself stays in localStorage).
 * Only a layout hint for the server's first HTML (the checkout's form or its empty state); never
 * read for anything an order depends on.
 */
export const SAMPLE_CART_COUNT_COOKIE = 'sf_sample_count';

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

export interface PricedCartLine {
  sku: string;
  name: string;
  styleName: string;
  styleTitle: string;
  qty: number;
  /** unit price */
  price: number;
  rowTotal: number;
  taxPercent: number;
  taxAmount: number;
  weight: number;
  finish?: SampleFinish;
  image?: { src: string; altText: string };
}

export interface ShippingQuote {
  /** 'no-methods' when the destination cannot be shipped to */
  method: string;
  label: string;
  amount: number;
}

export interface CartSummary {
  lines: PricedCartLine[];
  /** skus the catalog does not know (dropped from the totals) */
  unknownSkus: string[];
  /** lines asking for more than their maximum (priced at the maximum; the orders service refuses them) */
  overLimit: { sku: string; name: string; max: number }[];
  itemCount: number;
  subtotal: number;
  shipping: ShippingQuote | null;
  taxPercent: number;
  taxAmount: number;
  total: number;
  currency: 'USD';
}
