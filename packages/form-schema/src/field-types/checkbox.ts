import { checkboxSchema } from '../value-rules.js';
import { tickText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

export const checkboxField: FieldType = {
  ...PLAIN_FIELD,
  schema: checkboxSchema,
  emptyValue: () => false,
  emailText: tickText,
};
