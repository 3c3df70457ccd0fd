import { schemaResolver } from '@storefront/ui/form';
import { SPLIT_PAYMENT_MESSAGES } from '@storefront/commerce-rules';
import type { FieldValues, Resolver } from 'react-hook-form';
import { object, string } from 'yup';

/** The split-payment lookup's rules: an order id and an e-mail (imported by the page's lazy resolver). */
export function lookupFormResolver<V extends FieldValues>(): Resolver<V> {
  const schema = object({
    orderId: string().trim().required(SPLIT_PAYMENT_MESSAGES.orderIdRequired),
    email: string().trim().required(SPLIT_PAYMENT_MESSAGES.emailRequired),
  });
  return schemaResolver<V>(schema);
}
