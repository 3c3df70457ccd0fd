import { checkoutAddressRules, checkoutFormFieldName, type CheckoutAddressField } from '@storefront/commerce-rules';
import { SHIPPING_COUNTRY, type AddressType, type CreateOrderRequest, type OrderAddress, type PaymentMethod, type SelectedSample, type ShippingDestination } from '@storefront/contracts';

// The checkout form's values, read as the orders service and the shipping quote take them: pure, so
// the form stays about the form.

function field(values: Record<string, unknown>, type: AddressType, name: CheckoutAddressField): string {
  const value = values[checkoutFormFieldName(type, name)];
  return typeof value === 'string' ? value.trim() : '';
}

/** One address of the order, `from` the billing or shipping group of the form, saved `as` billing or shipping. */
export function addressOf(values: Record<string, unknown>, from: AddressType, as: AddressType, customerId?: string): OrderAddress {
  const street2 = field(values, from, 'street2');
  return {
    type: as,
    email: field(values, from, 'email'),
    firstName: field(values, from, 'firstName'),
    lastName: field(values, from, 'lastName'),
    street1: field(values, from, 'street1'),
    ...(street2 ? { street2 } : {}),
    city: field(values, from, 'city'),
    state: field(values, from, 'state'),
    zipCode: field(values, from, 'zipCode'),
    countryId: field(values, from, 'countryId'),
    phoneNumber: field(values, from, 'phoneNumber'),
    ...(customerId ? { customerId } : {}),
  };
}

/** What the orders service needs: who, what, where, how to pay. Never a price (the server prices). */
export function toOrderRequest(values: Record<string, unknown>, items: SelectedSample[], method: PaymentMethod, customerId?: string): CreateOrderRequest {
  const billing = addressOf(values, 'billing', 'billing', customerId);
  const shipping = addressOf(values, values.same_as_billing === true ? 'billing' : 'shipping', 'shipping', customerId);
  return {
    email: billing.email,
    firstName: billing.firstName,
    lastName: billing.lastName,
    ...(customerId ? { customerId } : {}),
    items: items.map((item) => ({ sku: item.sku, qty: item.qty, finish: item.finish })),
    addresses: [billing, shipping],
    paymentMethod: method.name,
  };
}

/** The address shipping is quoted for: billing while same_as_billing is on; none until the zip is a zip. */
export function destinationOf(country: string, state: string, zip: string): ShippingDestination | undefined {
  if (checkoutAddressRules.zipCode(zip)) return undefined;
  return { country: country || SHIPPING_COUNTRY, ...(state ? { state } : {}), zip: zip.trim() };
}
