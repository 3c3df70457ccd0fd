import type { FormField, FormValues } from '@storefront/contracts';
import { fieldTypeOf } from '@storefront/form-schema';

/** What an unanswered field holds; also what a field is cleared to when it becomes hidden. */
export function emptyValueFor(field: FormField): unknown {
  return fieldTypeOf(field).emptyValue(field, defaultValuesFor);
}

/** The definition's preset values (`value`) or empty ones, shaped like the submitted form data. */
export function defaultValuesFor(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const type = fieldTypeOf(field);
    if (type.group) {
      values[field.name] = defaultValuesFor(field.fields ?? []);
    } else if (field.value !== undefined) {
      values[field.name] = type.holdsOptionList(field) && !Array.isArray(field.value) ? [String(field.value)] : field.value;
    } else {
      values[field.name] = emptyValueFor(field);
    }
  }
  return values;
}

/** Whether a field holds no answer (what hideWhen clearing skips). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}
