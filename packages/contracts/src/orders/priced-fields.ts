import { boolean, number, string } from 'yup';
import { cents } from '../rules/field-rules.js';

/*
 * The pieces every priced answer shares, written once: an order, a quote, a cart's lines and the
 * split-payment view all price things the same way, in integer cents computed by the server. A
 * leaf module (yup and the field rules only), so the cart, which orders/schemas.ts imports, can
 * use it too.
 */

/** A priced line (an order's item, a quote's item, a cart line): what, how many, the unit price and price × qty. */
export const lineItemFields = {
  name: string().defined(),
  qty: number().integer().required(),
  /** unit price */
  price: cents().required(),
  /** price × qty */
  rowTotal: cents().required(),
};

/** An order's or a quote's money: subtotal + shipping + tax − discount = total, all computed by the server. */
export const orderTotalsFields = {
  subtotal: cents().required(),
  shippingAmount: cents().required(),
  taxAmount: cents().required(),
  discountAmount: cents().required(),
  total: cents().required(),
};

/**
 * The totals block under an order's or a quote's items, as the view pages and the e-mails print it:
 * the money and the shipping method's label. A type only: the order and quote schemas check the fields.
 */
export type RecordTotals = Record<keyof typeof orderTotalsFields, number> & { shippingLabel: string };

/** Whether an order or a quote may be paid in instalments, and the least instalment (null: no minimum). */
export const splitPaymentTermsFields = {
  splitPaymentEnabled: boolean().required(),
  minimumSplitAmount: cents().nullable().defined(),
};
