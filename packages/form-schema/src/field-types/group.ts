import { neverShown } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** Fields inside a fieldset; its answer is theirs, and each sub-field is its own row in an e-mail. */
export const groupField: FieldType = {
  ...PLAIN_FIELD,
  schema: (field, subFields) => subFields(field.fields ?? []),
  emptyValue: (field, subFields) => subFields(field.fields ?? []),
  wide: true,
  emailText: neverShown,
  group: true,
};
