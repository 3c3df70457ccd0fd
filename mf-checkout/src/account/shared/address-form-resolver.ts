import { validateAccountAddress, type AccountAddressField } from '@storefront/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** The company field's limit (the API's: accountAddressInputSchema). */
const COMPANY_MAX_LENGTH = 100;
const COMPANY_TOO_LONG = "Company can't exceed 100 characters";

/**
 * The address form's rules: the checkout's address rules and messages (`validateAccountAddress`,
 * the same check the API runs), plus the company's length. Imported by the form's lazy resolver on
 * the first check: its module carries the accounts' yup schemas, which the page's load does not.
 */
export function addressFormResolver<V extends FieldValues>(): Resolver<V> {
  return async (values) => {
    const messages: Record<string, string> = validateAccountAddress(values as Partial<Record<AccountAddressField, unknown>>);
    const company: unknown = values['company'];
    if (typeof company === 'string' && company.trim().length > COMPANY_MAX_LENGTH) messages['company'] = COMPANY_TOO_LONG;
    const names = Object.keys(messages);
    if (names.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(names.map((name) => [name, { type: 'validate', message: messages[name] }])) as FieldErrors<V>;
    return { values: {}, errors };
  };
}
