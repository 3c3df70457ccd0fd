import { ValidationError } from 'yup';
import type { FormDefinition, FormValues } from '@storefront/contracts';
import { buildFormSchema, type BuildFormSchemaOptions } from './build-form-schema.js';
import { EXTRA_FORM_MESSAGES } from './messages.js';

export type FormValidationResult =
  | { valid: true; values: FormValues }
  | { valid: false; errors: Record<string, string> };

/** "files[2]" -> "files": a message about one entry of a list belongs to the list's field. */
function fieldKey(path: string | undefined): string {
  if (!path) return 'formData';
  return path.replace(/\[\d+\]/g, '').replace(/^\["?(.*?)"?\]$/, '$1');
}

/**
 * Validates submitted form data against its definition: every rule runs (abortEarly off), each field
 * keeps its first message, fields the definition does not know are dropped from `values`, hidden ones too.
 */
export function validateFormSubmission(
  definition: Pick<FormDefinition, 'fields'>,
  formData: unknown,
  options: BuildFormSchemaOptions = {},
): FormValidationResult {
  if (typeof formData !== 'object' || formData === null || Array.isArray(formData)) {
    return { valid: false, errors: { formData: EXTRA_FORM_MESSAGES.notAnObject } };
  }
  try {
    const values = buildFormSchema(definition, options).validateSync(formData, { abortEarly: false, stripUnknown: true });
    return { valid: true, values };
  } catch (error) {
    // a key named like one of Object.prototype's ("constructor") makes yup's object cast throw:
    // the submission's fault (found by the reliability fuzz), refused like any other bad form data
    if (!(error instanceof ValidationError)) return { valid: false, errors: { formData: EXTRA_FORM_MESSAGES.unreadable } };
    const errors: Record<string, string> = {};
    const failures = error.inner.length > 0 ? error.inner : [error];
    for (const failure of failures) {
      const key = fieldKey(failure.path);
      errors[key] ??= failure.message;
    }
    return { valid: false, errors };
  }
}
