import { object, string, boolean, type ObjectSchema } from 'yup';
import {
  CHECKOUT_FORM_FIELD_SUFFIX,
  CHECKOUT_MESSAGES,
  NO_SHIPPING_METHODS,
  checkoutAddressRules,
  checkoutFormFieldName,
  type AddressType,
  type CheckoutAddressField,
} from '@storefront/contracts';
import { validateDirectCardEntry, validateHostedCard } from './card-rules.js';

/**
 * The checkout form as one yup schema (spec section 3 field names, section 5 messages). Every test
 * calls the same rule functions the orders service validates with (checkoutAddressRules,
 * validateDirectCardEntry, validateHostedCard), so a message is written once and the browser and the
 * server can never disagree about what is valid.
 */

type AddressFieldName<P extends string> = `${P}_${(typeof CHECKOUT_FORM_FIELD_SUFFIX)[CheckoutAddressField]}`;

export type CheckoutFormValues = Record<AddressFieldName<'bill'> | AddressFieldName<'ship'>, string> & {
  same_as_billing: boolean;
  /** from the shipping quote; 'no-methods' blocks checkout */
  shippingMethod: string;
  /** the chosen payment method (its key in the chooser) */
  paymentMethod: string;
  /** direct card entry (Authorize-style) */
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cardCode: string;
  /** hosted card elements: "MM / YY" and CVC (cardNumber is shared with direct entry) */
  cardExpiry: string;
  cardCvc: string;
  /** carries 'Payment details are required to continue.' when no hosted card field was filled */
  paymentElement: string;
};

/** Which card fields the chosen gateway shows: none (PayPal), hosted elements (stripe), direct entry (authorizenet). */
export type CardEntryKind = 'none' | 'hosted' | 'direct';

const ADDRESS_FIELDS = Object.keys(CHECKOUT_FORM_FIELD_SUFFIX) as CheckoutAddressField[];

function addressField(type: AddressType, field: CheckoutAddressField) {
  return string()
    .default('')
    .test({
      name: `checkout-${field}`,
      test(value, ctx) {
        // Shipping is a copy of billing while same_as_billing is on: only the billing fields count then.
        if (type === 'shipping' && (ctx.parent as { same_as_billing?: unknown }).same_as_billing === true) return true;
        const message = checkoutAddressRules[field](value);
        return message ? ctx.createError({ message }) : true;
      },
    });
}

function addressShape(type: AddressType): Record<string, ReturnType<typeof addressField>> {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [checkoutFormFieldName(type, field), addressField(type, field)]));
}

/** Addresses, same_as_billing, shipping method and payment method: what every gateway needs. */
export function checkoutBaseSchema(): ObjectSchema<Record<string, unknown>> {
  return object({
    ...addressShape('billing'),
    ...addressShape('shipping'),
    same_as_billing: boolean().default(false),
    shippingMethod: string()
      .default('')
      .test({
        name: 'shipping-method',
        test: (value, ctx) => (value === NO_SHIPPING_METHODS ? ctx.createError({ message: CHECKOUT_MESSAGES.noShippingMethods }) : true),
      }),
    paymentMethod: string().default('').trim().required(CHECKOUT_MESSAGES.paymentMethodRequired),
  }) as unknown as ObjectSchema<Record<string, unknown>>;
}

/** One yup field whose message comes from a card validator run over the whole form (its siblings matter: month + year). */
function cardField(pick: (parent: Record<string, unknown>) => string | undefined) {
  return string()
    .default('')
    .test({
      name: 'card',
      test(_value, ctx) {
        const message = pick(ctx.parent as Record<string, unknown>);
        return message ? ctx.createError({ message }) : true;
      },
    });
}

/** Direct card entry (authorizenet): cardNumber, expMonth, expYear, cardCode with validateDirectCardEntry's messages. */
export function directCardSchema(now: () => Date = () => new Date()): ObjectSchema<Record<string, unknown>> {
  const errors = (parent: Record<string, unknown>) =>
    validateDirectCardEntry({ cardNumber: parent.cardNumber, expMonth: parent.expMonth, expYear: parent.expYear, cardCode: parent.cardCode }, now());
  return object({
    cardNumber: cardField((p) => errors(p).cardNumber),
    expMonth: cardField((p) => errors(p).expMonth),
    expYear: cardField((p) => errors(p).expYear),
    cardCode: cardField((p) => errors(p).cardCode),
  }) as unknown as ObjectSchema<Record<string, unknown>>;
}

/** Hosted card elements (stripe): cardNumber, cardExpiry, cardCvc, and paymentElement when nothing was entered. */
export function hostedCardSchema(now: () => Date = () => new Date()): ObjectSchema<Record<string, unknown>> {
  const errors = (parent: Record<string, unknown>) =>
    validateHostedCard({ cardNumber: parent.cardNumber, cardExpiry: parent.cardExpiry, cardCvc: parent.cardCvc }, now());
  return object({
    cardNumber: cardField((p) => errors(p).cardNumber),
    cardExpiry: cardField((p) => errors(p).cardExpiry),
    cardCvc: cardField((p) => errors(p).cardCvc),
    paymentElement: cardField((p) => errors(p).paymentElement),
  }) as unknown as ObjectSchema<Record<string, unknown>>;
}

/** The whole checkout form for the chosen gateway's card entry. */
export function checkoutFormSchema(cardEntry: CardEntryKind = 'none', now?: () => Date): ObjectSchema<Record<string, unknown>> {
  const base = checkoutBaseSchema();
  if (cardEntry === 'direct') return base.concat(directCardSchema(now));
  if (cardEntry === 'hosted') return base.concat(hostedCardSchema(now));
  return base;
}

/** Empty values for every field of the form (country defaults to the shipping country, US). */
export function emptyCheckoutFormValues(defaultCountry = 'US'): CheckoutFormValues {
  const values: Record<string, unknown> = {};
  for (const type of ['billing', 'shipping'] as const) {
    for (const field of ADDRESS_FIELDS) values[checkoutFormFieldName(type, field)] = field === 'countryId' ? defaultCountry : '';
  }
  return {
    ...(values as Record<AddressFieldName<'bill'> | AddressFieldName<'ship'>, string>),
    // Most sample orders go to the billing address: start with one address to fill, not two (shipping
    // is US only, so a non-US billing country unticks it with the spec's alert).
    same_as_billing: defaultCountry === 'US',
    shippingMethod: '',
    paymentMethod: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cardCode: '',
    cardExpiry: '',
    cardCvc: '',
    paymentElement: '',
  };
}
