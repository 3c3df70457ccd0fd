import { BadRequestException } from '@nestjs/common';
import type { ShippingRateRequest, TaxRequest } from '@storefront/contracts';
import { invalid, isObject, parseItems } from '../orders/order-request.js';

/** Beyond any sample cart or cabinet order; keeps nonsense numbers out of the rules. */
const MAX_AMOUNT = 1_000_000;
const MAX_ITEM_COUNT = 10_000;

type Errors = Record<string, string>;

function amount(value: unknown, key: string, errors: Errors): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_AMOUNT) {
    errors[key] = `${key} must be an amount of 0 or more`;
    return 0;
  }
  return value;
}

/** country (required), state and zip: short text, upper-cased codes as the rules compare them. */
function where(body: Record<string, unknown>, errors: Errors): { country: string; state?: string; zip?: string } {
  const text = (key: 'country' | 'state' | 'zip', max: number): string | undefined => {
    const value = body[key];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string' || value.length > max) {
      errors[key] = `${key} must be text`;
      return undefined;
    }
    return value.trim();
  };
  const country = text('country', 2);
  if (!country && !errors.country) errors.country = 'country is required';
  const state = text('state', 64);
  const zip = text('zip', 10);
  return { country: (country ?? '').toUpperCase(), ...(state ? { state: state.toUpperCase() } : {}), ...(zip ? { zip } : {}) };
}

/** POST /api/order/shipping-rate body. */
export function parseShippingRateRequest(body: unknown): ShippingRateRequest {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  const errors: Errors = {};
  const subtotal = amount(body.subtotal, 'subtotal', errors);
  const destination = where(body, errors);
  let itemCount = 1;
  if (body.itemCount !== undefined) {
    if (typeof body.itemCount !== 'number' || !Number.isInteger(body.itemCount) || body.itemCount < 1 || body.itemCount > MAX_ITEM_COUNT) {
      errors.itemCount = 'itemCount must be a whole number of at least 1';
    } else {
      itemCount = body.itemCount;
    }
  }
  if (Object.keys(errors).length > 0) invalid(errors, `Invalid shipping-rate request: ${Object.values(errors)[0]}`);
  return { subtotal, ...destination, itemCount };
}

/** POST /api/order/tax body; prices sent with the items are dropped (the catalog prices them). */
export function parseTaxRequest(body: unknown): TaxRequest {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  const errors: Errors = {};
  const destination = where(body, errors);
  const items = parseItems(body.items, errors);
  const shippingCost = amount(body.shippingCost, 'shippingCost', errors);
  if (Object.keys(errors).length > 0) invalid(errors, `Invalid tax request: ${Object.values(errors)[0]}`);
  return { ...destination, items, shippingCost };
}
