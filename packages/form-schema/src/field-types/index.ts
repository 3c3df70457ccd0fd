import type { FormField, FormFieldType } from '@storefront/contracts';
import { checkboxGroupField } from './checkbox-group.js';
import { checkboxField } from './checkbox.js';
import { emailField } from './email.js';
import type { FieldType } from './field-type.js';
import { fileField } from './file.js';
import { groupField } from './group.js';
import { hiddenField } from './hidden.js';
import { newsletterField } from './newsletter.js';
import { numberField } from './number.js';
import { passwordField } from './password.js';
import { radioField } from './radio.js';
import { selectField } from './select.js';
import { telField } from './tel.js';
import { textField } from './text.js';
import { textareaField } from './textarea.js';

export type { FieldType } from './field-type.js';

/** Every form field type's decisions, keyed by the types content may name (FORM_FIELD_TYPES). */
export const FIELD_TYPES = {
  text: textField,
  email: emailField,
  number: numberField,
  hidden: hiddenField,
  tel: telField,
  password: passwordField,
  textarea: textareaField,
  select: selectField,
  checkbox: checkboxField,
  newsletter: newsletterField,
  'checkbox-group': checkboxGroupField,
  radio: radioField,
  file: fileField,
  group: groupField,
} as const satisfies Record<FormFieldType, FieldType>;

/** The decisions for one field's type. */
export function fieldTypeOf(field: Pick<FormField, 'name' | 'type'>): FieldType {
  const type: FieldType | undefined = FIELD_TYPES[field.type];
  // content is checked against FORM_FIELD_TYPES, but a definition posted by hand is not
  if (!type) throw new Error(`Form field "${field.name}" has an unknown type "${String(field.type)}"`);
  return type;
}
