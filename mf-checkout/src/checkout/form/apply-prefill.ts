import { checkoutFormFieldName } from '@storefront/commerce-rules';
import { get, type FieldPath, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import type { CheckoutPrefill } from '../useCheckoutPrefill.js';

const EMAIL_FIELDS: ReadonlySet<string> = new Set([checkoutFormFieldName('billing', 'email'), checkoutFormFieldName('shipping', 'email')]);
const COUNTRY_FIELDS: ReadonlySet<string> = new Set([checkoutFormFieldName('billing', 'countryId'), checkoutFormFieldName('shipping', 'countryId')]);

/** Countries first: a group's state field (a list or free text) follows its country. */
const countriesFirst = ([a]: [string, unknown], [b]: [string, unknown]) => Number(COUNTRY_FIELDS.has(b)) - Number(COUNTRY_FIELDS.has(a));

/**
 * Puts a signed-in customer's details into the checkout form without undoing the shopper's own
 * work: a field whose value is no longer its default was typed (or chosen, or unticked) by the
 * shopper — before hydration too, since react-hook-form keeps such a value when the field registers
 * (typed-before-hydration.ts) — and is left as it is. The exception is a locked e-mail: the order
 * is the account's, to the account's e-mail (the server holds it so), so the locked field shows that.
 * Values are set, not typed: they are not marked dirty, and every watcher (the shipping destination,
 * the states of the chosen country) hears them. Returns the names it set.
 */
export function applyPrefill<T extends FieldValues>(form: UseFormReturn<T>, prefill: CheckoutPrefill): string[] {
  const { getValues, setValue, formState } = form;
  const defaults = formState.defaultValues;
  const set: string[] = [];
  for (const [name, value] of Object.entries(prefill.values).sort(countriesFirst)) {
    const field = name as FieldPath<T>;
    const current: unknown = getValues(field);
    const locked = prefill.lockEmail && EMAIL_FIELDS.has(name);
    if ((!locked && current !== get(defaults, name)) || current === value) continue;
    setValue(field, value as PathValue<T, FieldPath<T>>, { shouldValidate: formState.isSubmitted });
    set.push(name);
  }
  return set;
}
