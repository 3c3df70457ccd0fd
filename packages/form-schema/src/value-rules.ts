import * as yup from 'yup';
import type { FormField, FormValues } from '@storefront/contracts';
import { visibleOptions } from './hide-when.js';
import { EXTRA_FORM_MESSAGES, FORM_MESSAGES } from './messages.js';

/** The name messages use for a field: its label, or its name when it has none. */
export function fieldLabel(field: FormField): string {
  const label = field.label?.trim();
  return label ? label : field.name;
}

/** Blank text means "not answered", so optional fields skip their length rules and required ones say so. */
function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/**
 * Only options still shown (their hideWhen not matching) are acceptable answers; a field with `filter`
 * (dynamic location options narrowed to some values) accepts only those values.
 */
function isOfferedOption(field: FormField, value: unknown, parent: FormValues | undefined): boolean {
  if (value === undefined) return true;
  if (field.filter && field.filter.length > 0 && !field.filter.includes(String(value))) return false;
  if (!field.options || field.options.length === 0) return true;
  return visibleOptions(field.options, parent ?? {}).some((option) => option.value === value);
}

export interface TextRuleOptions {
  /** false for passwords, taken exactly as typed; other text is trimmed before it is checked and stored */
  trim?: boolean;
  /** the answer must be an e-mail address */
  email?: boolean;
}

export function textSchema(field: FormField, { trim = true, email = false }: TextRuleOptions = {}): yup.Schema {
  let schema = yup
    .string()
    .transform((value: unknown, original: unknown) => {
      if (blankToUndefined(original) === undefined) return undefined;
      // yup's own trim() would throw on a non-string (an object posted by hand); leave those to typeError.
      return trim && typeof value === 'string' ? value.trim() : value;
    })
    .typeError(EXTRA_FORM_MESSAGES.invalidValue);
  if (email) schema = schema.email(FORM_MESSAGES.invalidEmail);
  if (field.onlyNumbers) schema = schema.matches(/^\d+$/, { message: FORM_MESSAGES.notANumber, excludeEmptyString: true });
  else if (field.numericOnly) schema = schema.matches(DECIMAL, { message: FORM_MESSAGES.notANumber, excludeEmptyString: true });
  if (field.minLength !== undefined) schema = schema.min(field.minLength, FORM_MESSAGES.tooShort(fieldLabel(field)));
  if (field.maxLength !== undefined) schema = schema.max(field.maxLength, FORM_MESSAGES.tooLong(fieldLabel(field)));
  return field.required ? schema.required(FORM_MESSAGES.required) : schema.optional();
}

/** digits with at most one decimal point (spec 5 "numeric-only") */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** How many characters the number was typed with (length rules on a number field count those). */
function typedLength(original: unknown): number {
  return typeof original === 'number' ? String(original).length : typeof original === 'string' ? original.trim().length : 0;
}

export function numberSchema(field: FormField): yup.Schema {
  let schema = yup
    .number()
    .transform((value: unknown, original: unknown) => (blankToUndefined(original) === undefined ? undefined : value))
    .typeError(FORM_MESSAGES.notANumber);
  // onlyNumbers: digits only, so a whole number of zero or more (the browser's input cannot type more)
  if (field.onlyNumbers) schema = schema.test('digits', FORM_MESSAGES.notANumber, (value) => value === undefined || (Number.isInteger(value) && value >= 0));
  const { minLength, maxLength } = field;
  if (minLength !== undefined) schema = schema.test('minLength', FORM_MESSAGES.tooShort(fieldLabel(field)), function atLeast(value) {
      return value === undefined || typedLength(this.originalValue) >= minLength;
    });
  if (maxLength !== undefined) schema = schema.test('maxLength', FORM_MESSAGES.tooLong(fieldLabel(field)), function atMost(value) {
      return value === undefined || typedLength(this.originalValue) <= maxLength;
    });
  return field.required ? schema.required(FORM_MESSAGES.required) : schema.optional();
}

export function singleChoiceSchema(field: FormField): yup.Schema {
  const schema = yup
    .string()
    .transform((value: unknown, original: unknown) => (blankToUndefined(original) === undefined ? undefined : value))
    .typeError(EXTRA_FORM_MESSAGES.invalidValue)
    .test('offeredOption', EXTRA_FORM_MESSAGES.invalidOption, function offered(value) {
      return isOfferedOption(field, value, this.parent as FormValues | undefined);
    });
  return field.required ? schema.required(FORM_MESSAGES.required) : schema.optional();
}

/** Multi-select and checkbox group: a list of option values; one picked value may arrive on its own. */
export function multiChoiceSchema(field: FormField): yup.Schema {
  const schema = yup
    .array()
    .transform((_value: unknown, original: unknown) => {
      if (blankToUndefined(original) === undefined) return undefined;
      const list = Array.isArray(original) ? original : [original];
      return list.length === 0 ? undefined : list;
    })
    .typeError(EXTRA_FORM_MESSAGES.invalidValue)
    .of(yup.string().required(EXTRA_FORM_MESSAGES.invalidOption).typeError(EXTRA_FORM_MESSAGES.invalidOption))
    .test('offeredOptions', EXTRA_FORM_MESSAGES.invalidOption, function offered(list) {
      const formValues = this.parent as FormValues | undefined;
      return (list ?? []).every((value) => isOfferedOption(field, value, formValues));
    });
  return field.required ? schema.required(FORM_MESSAGES.selectAtLeastOne).min(1, FORM_MESSAGES.selectAtLeastOne) : schema.optional();
}

export function checkboxSchema(field: FormField): yup.Schema {
  const schema = yup
    .boolean()
    .transform((value: unknown, original: unknown) => {
      if (original === 'on') return true; // an HTML checkbox posted without a value attribute
      if (original === '' || original === null) return undefined;
      return value;
    })
    .typeError(EXTRA_FORM_MESSAGES.invalidValue);
  // A required checkbox (terms, consent) must be ticked, not merely answered.
  return field.required ? schema.required(FORM_MESSAGES.required).oneOf([true], FORM_MESSAGES.required) : schema.optional();
}
