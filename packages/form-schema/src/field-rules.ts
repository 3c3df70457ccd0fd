import type * as yup from 'yup';
import type { FormField, FormValues } from '@storefront/contracts';
import { fieldTypeOf } from './field-types/index.js';

export { fieldLabel } from './value-rules.js';

/** The yup rule for one field, before its hideWhen condition is applied: its type decides. */
export function fieldSchema(field: FormField, groupShape: (fields: readonly FormField[]) => yup.ObjectSchema<FormValues>): yup.Schema {
  return fieldTypeOf(field).schema(field, groupShape);
}
