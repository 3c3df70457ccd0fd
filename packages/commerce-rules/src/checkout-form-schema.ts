import { object, string, boolean, type ObjectSchema } from 'yup';
import { ADDRESS_FIELDS } from './checkout-form-values.js';
import {
  CHECKOUT_MESSAGES,
  NO_SHIPPING_METHODS,
  checkoutAddressRules,
  checkoutFormFieldName,
  type AddressType,
  type CheckoutAddressField,
} from '@storefront/contracts';

/**
 * The checkout form as one yup schema (spec section 3 field names, section 5 messages). Every test
 * calls the same rule functions the orders service validates with (checkoutAddressRules), so a
 * message is written once and the browser and the server can never disagree about what is valid.
 *
 * The form holds no card fields: a card is entered in the payment provider's own frame (the sandbox's
 * hosted fields, Stripe's elements), which validates it with the card rules (card-rules.ts) and hands
 * back a token, so neither the form's values nor the page ever hold a card number.
 */

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

/** The whole checkout form: addresses, shipping method and payment method (cards are the provider frame's). */
export function checkoutFormSchema(): ObjectSchema<Record<string, unknown>> {
  return checkoutBaseSchema();
}
