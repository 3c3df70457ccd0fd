import { textSchema } from '../value-rules.js';
import { neverShown } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** A value the form carries for the shopper (a source, a product): stored, but never typed, so never e-mailed. */
export const hiddenField: FieldType = {
  ...PLAIN_FIELD,
  schema: (field) => textSchema(field),
  emptyValue: () => '',
  emailText: neverShown,
};
