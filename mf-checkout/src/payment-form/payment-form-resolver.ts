import { schemaResolver } from '@storefront/ui/form';
import { SPLIT_PAYMENT_MESSAGES } from '@storefront/commerce-rules';
import type { FieldValues, Resolver } from 'react-hook-form';
import { mixed, object, string } from 'yup';

/**
 * The payment form's rules (imported by PaymentForm's lazy resolver, never with the page): a method
 * is chosen; for the split-payment method, the method paying the instalment and an amount the page's
 * rule accepts.
 */
export function paymentFormResolver<V extends FieldValues>(isSplit: (methodKey: unknown) => boolean, amountProblem: (value: unknown) => string | null): Resolver<V> {
  const schema = object({
    paymentMethod: string().required(SPLIT_PAYMENT_MESSAGES.methodRequired),
    selectedSplitMethod: string().when('paymentMethod', {
      is: isSplit,
      then: (rule) => rule.required(SPLIT_PAYMENT_MESSAGES.methodRequired),
      otherwise: (rule) => rule.optional(),
    }),
    amount: mixed().when('paymentMethod', {
      is: isSplit,
      then: (rule) =>
        rule.test('amount', '', function check(value) {
          const problem = amountProblem(value);
          return problem ? this.createError({ message: problem }) : true;
        }),
    }),
  });
  return schemaResolver<V>(schema);
}
