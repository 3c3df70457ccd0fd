import type { FieldValues, Resolver } from 'react-hook-form';
import { createQuoteRequestSchema, type AddressType, type CreateQuoteInput, type OrderAddress, type Quote } from '@storefront/contracts';
import { centsToDecimal, decimalToCents } from '@storefront/money';
import { addressTextValues, schemaResolver, type AddressTextValues } from '@storefront/ui/form';

// The quote editor's form, shaped like the request it sends (POST and PUT /api/admin/quotes take the
// same quote), so the contract's schema checks the form and the server's `errors` land on the field
// with the same path (`addresses[0].zipCode` is the field `addresses.0.zipCode`). Every value is what
// staff typed: amounts are text in dollars until sent, and no total is ever computed here for sending.

/** One address as the form holds it. Names and phone left empty are the customer's (the server fills them). */
export interface QuoteAddressValues extends AddressTextValues {
  type: AddressType;
}

/** One line: from the catalog or written by hand; qty and price as typed (price in dollars). */
export interface QuoteItemValues {
  sku: string;
  name: string;
  qty: string;
  price: string;
  notes: string;
}

export interface QuoteFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  poNumber: string;
  /** the billing address first; a second (shipping) one only when it differs */
  addresses: QuoteAddressValues[];
  shippingMethod: string;
  shippingLabel: string;
  items: QuoteItemValues[];
  additionalNotes: string;
  shippingAmount: string;
  taxAmount: string;
  discountAmount: string;
  splitPaymentEnabled: boolean;
  minimumSplitAmount: string;
}

/** The body of POST /api/admin/quotes (without the link options) and of PUT /api/admin/quotes/:quote. */
export type QuoteRequestBody = CreateQuoteInput;

export function emptyAddress(type: AddressType, countryId: string): QuoteAddressValues {
  return { type, ...addressTextValues({ countryId }) };
}

export function emptyItem(): QuoteItemValues {
  return { sku: '', name: '', qty: '1', price: '', notes: '' };
}

/** A new quote's form: one billing address in the site's default country, one empty line. */
export function emptyQuoteValues(defaultCountry: string): QuoteFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    poNumber: '',
    addresses: [emptyAddress('billing', defaultCountry)],
    shippingMethod: '',
    shippingLabel: '',
    items: [emptyItem()],
    additionalNotes: '',
    shippingAmount: '',
    taxAmount: '',
    discountAmount: '',
    splitPaymentEnabled: false,
    minimumSplitAmount: '',
  };
}

const PLAIN_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * An amount or a quantity as typed: empty is none (left out of the request), a plain decimal number is
 * that number, anything else is NaN, which the contract's schema refuses with its own message ("Price
 * must be an amount in dollars"), so it is never sent.
 */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return PLAIN_DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function optionalText(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Keys whose value is undefined are left out, as JSON would. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function addressRequestOf(address: QuoteAddressValues): NonNullable<QuoteRequestBody['addresses']>[number] {
  return defined({
    type: address.type,
    firstName: optionalText(address.firstName),
    lastName: optionalText(address.lastName),
    phoneNumber: optionalText(address.phoneNumber),
    street1: address.street1.trim(),
    street2: optionalText(address.street2),
    city: address.city.trim(),
    state: address.state.trim(),
    zipCode: address.zipCode.trim(),
    countryId: address.countryId.trim(),
  });
}

/**
 * The request as staff typed it: text trimmed, empty optional fields left out, amounts and
 * quantities as the numbers typed (dollars), the split-payment minimum only with split payment on.
 * No subtotal, row total or total: the server prices the quote.
 */
export function quoteRequestOf(values: QuoteFormValues): QuoteRequestBody {
  return defined({
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: optionalText(values.phone),
    poNumber: optionalText(values.poNumber),
    addresses: values.addresses.map(addressRequestOf),
    shippingMethod: values.shippingMethod.trim(),
    shippingLabel: optionalText(values.shippingLabel),
    items: values.items.map((item) =>
      defined({ sku: item.sku.trim(), name: item.name.trim(), qty: typedNumber(item.qty), price: typedNumber(item.price), notes: optionalText(item.notes) }),
    ),
    additionalNotes: optionalText(values.additionalNotes),
    shippingAmount: typedNumber(values.shippingAmount),
    taxAmount: typedNumber(values.taxAmount),
    discountAmount: typedNumber(values.discountAmount),
    splitPaymentEnabled: values.splitPaymentEnabled,
    minimumSplitAmount: values.splitPaymentEnabled ? typedNumber(values.minimumSplitAmount) : undefined,
  });
}

const requestResolver = schemaResolver<FieldValues>(createQuoteRequestSchema);

/**
 * The contract's schema (createQuoteRequestSchema) checks exactly the request the form would send;
 * its messages sit at the same paths as the form's fields. A valid form hands its own values on.
 */
export const quoteResolver: Resolver<QuoteFormValues> = async (values, context, options) => {
  const result = await requestResolver(quoteRequestOf(values) as FieldValues, context, options as unknown as Parameters<typeof requestResolver>[2]);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors } : { values, errors: {} };
};

const FORM_FIELD = [
  /^(firstName|lastName|email|phone|poNumber|shippingMethod|shippingLabel|additionalNotes|shippingAmount|taxAmount|discountAmount|minimumSplitAmount)$/,
  /^addresses\.\d+\.(firstName|lastName|phoneNumber|street1|street2|city|state|zipCode|countryId)$/,
  /^items\.\d+\.(sku|name|qty|price|notes)$/,
];

/**
 * The form field a server's error key names (`items[1].price` -> `items.1.price`), or undefined when
 * the key is not one of the form's fields (the message is then shown with the form's alert).
 */
export function formFieldOf(errorKey: string, values: Pick<QuoteFormValues, 'addresses' | 'items'>): string | undefined {
  const path = errorKey.replace(/\[(\d+)\]/g, '.$1');
  if (!FORM_FIELD.some((pattern) => pattern.test(path))) return undefined;
  const index = /^(addresses|items)\.(\d+)\./.exec(path);
  if (index && Number(index[2]) >= values[index[1] as 'addresses' | 'items'].length) return undefined;
  return path;
}

// --- the live preview (shown as an estimate, never sent) ---

export interface TotalsEstimate {
  subtotal: number;
  shipping: number;
  tax: number;
  discount: number;
  total: number;
  /** false while a typed amount or quantity is not a number yet (counted as 0) */
  complete: boolean;
}

/**
 * What the totals would be, in cents, from what is typed so far: unit price × qty per line, plus
 * shipping and tax, minus the discount. Shown as an estimate while typing; the server prices the
 * quote itself when it is saved, and only its totals are the quote's.
 */
export function estimateTotals(values: Pick<QuoteFormValues, 'items' | 'shippingAmount' | 'taxAmount' | 'discountAmount'>): TotalsEstimate {
  let complete = true;
  const cents = (text: string): number => {
    if (text.trim() === '') return 0;
    const amount = decimalToCents(text);
    if (amount === undefined || amount < 0) {
      complete = false;
      return 0;
    }
    return amount;
  };
  const quantity = (text: string): number => {
    const qty = typedNumber(text);
    if (qty === undefined || !Number.isInteger(qty)) {
      complete = false;
      return 0;
    }
    return qty;
  };
  const subtotal = values.items.reduce((sum, item) => sum + cents(item.price) * quantity(item.qty), 0);
  const shipping = cents(values.shippingAmount);
  const tax = cents(values.taxAmount);
  const discount = cents(values.discountAmount);
  return { subtotal, shipping, tax, discount, total: subtotal + shipping + tax - discount, complete };
}

// --- a saved quote as the form's starting values (the edit page) ---

const ADDRESS_PLACE_FIELDS = ['street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'firstName', 'lastName', 'phoneNumber'] as const;

function sameAddress(a: OrderAddress, b: OrderAddress): boolean {
  return ADDRESS_PLACE_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));
}

/** A saved address: its names and phone left empty where they are the customer's, so they follow the customer. */
function addressValuesOf(address: OrderAddress, quote: Quote): QuoteAddressValues {
  const own = (value: string | undefined, customers: string | null) => (value && value !== (customers ?? '') ? value : '');
  return {
    type: address.type,
    ...addressTextValues(address),
    firstName: own(address.firstName, quote.firstName),
    lastName: own(address.lastName, quote.lastName),
    phoneNumber: own(address.phoneNumber, quote.phone),
  };
}

const dollarsOf = (cents: number): string => centsToDecimal(cents);
const amountOf = (cents: number): string => (cents === 0 ? '' : dollarsOf(cents));

/**
 * The form's values for a saved quote: amounts from the server's cents as dollars, the shipping
 * address only when it differs from the billing one (the server ships to billing otherwise).
 */
export function quoteValuesOf(quote: Quote, defaultCountry: string): QuoteFormValues {
  const billing = quote.addresses.find((address) => address.type === 'billing');
  const shipping = quote.addresses.find((address) => address.type === 'shipping');
  const addresses = [billing ? addressValuesOf(billing, quote) : emptyAddress('billing', defaultCountry)];
  if (shipping && !(billing && sameAddress(billing, shipping))) addresses.push(addressValuesOf(shipping, quote));
  return {
    firstName: quote.firstName,
    lastName: quote.lastName,
    email: quote.email,
    phone: quote.phone ?? '',
    poNumber: quote.poNumber ?? '',
    addresses,
    shippingMethod: quote.shippingMethod,
    shippingLabel: quote.shippingLabel === quote.shippingMethod ? '' : quote.shippingLabel,
    items: quote.items.map((item) => ({ sku: item.sku, name: item.name, qty: String(item.qty), price: dollarsOf(item.price), notes: item.notes ?? '' })),
    additionalNotes: quote.additionalNotes ?? '',
    shippingAmount: amountOf(quote.shippingAmount),
    taxAmount: amountOf(quote.taxAmount),
    discountAmount: amountOf(quote.discountAmount),
    splitPaymentEnabled: quote.splitPaymentEnabled,
    minimumSplitAmount: quote.minimumSplitAmount === null ? '' : dollarsOf(quote.minimumSplitAmount),
  };
}
