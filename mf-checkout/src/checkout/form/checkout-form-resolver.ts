import { schemaResolver } from '@storefront/ui/form';
import { checkoutFormSchema } from '@storefront/commerce-rules';
import type { FieldValues, Resolver } from 'react-hook-form';

/** The checkout form's yup resolver: imported by CheckoutForm's lazy resolver, never with the page. */
export function checkoutFormResolver<V extends FieldValues>(): Resolver<V> {
  return schemaResolver<V>(checkoutFormSchema());
}
