import { number, string } from 'yup';
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN } from './email-address.js';

export { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN, isEmailAddress, isPlainEmailAddress } from './email-address.js';

/**
 * Rules the browser and the server share, written once. Each is a yup schema builder (yup is the
 * stack's one validation library), so a form, a route's request schema and the content check all
 * say the same thing about the same field. Messages are the spec's where it has one, passed in by
 * the caller where two parts of the spec word the same rule differently (the checkout says
 * 'Invalid Email Address', the forms 'Invalid email address').
 */

/** A trimmed e-mail address; `message` when it is not one. Required-ness is the caller's. */
export function emailAddress(message = 'Invalid email address') {
  return string().trim().max(EMAIL_ADDRESS_MAX_LENGTH, message).matches(EMAIL_ADDRESS_PATTERN, { message, excludeEmptyString: true });
}

/**
 * An amount of money on the wire: whole US cents (1999 is $19.99). Every amount of the money path
 * (carts, orders, payments) is integer cents in the database, the contracts and the gateway
 * interface; dollars appear only where people write them (content/) and on screen.
 *
 * Two readings of the spec: it lists amounts "with 2 decimals" and sends them "rounded to 2
 * decimals", as the old storefront's browser did; it also reads card intents "in cents". We carry
 * integer cents everywhere (Stripe's and Vendure's convention: a sum of cents is exact, a sum of
 * 2-decimal floats is not) and keep the spec's field names; screens and e-mails show $1,234.50.
 */
export function cents(message = 'must be a whole number of cents') {
  return number()
    .integer(message)
    .meta({ jsonSchema: { description: 'US cents, a whole number (1999 is $19.99)' } });
}

/** Whole amounts of money in minor units (cents): an integer, 0 or more, at most `max`. */
export function amountInCents(max = 100_000_000) {
  return number().integer('must be a whole number of cents').min(0, 'must be 0 or more').max(max, `must be at most ${max}`);
}

/** A catalog SKU as sent by the browser: trimmed text of 1..64 characters. */
export function skuCode() {
  return string().trim().min(1, 'sku is required').max(64, 'sku is too long');
}

/** A quantity of one cart line: a whole number of at least 1 (numeric text is read as its number). */
export function lineQuantity() {
  return number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && original.trim() === '' ? Number.NaN : value))
    .typeError('qty must be a whole number of at least 1')
    .integer('qty must be a whole number of at least 1')
    .min(1, 'qty must be a whole number of at least 1');
}
