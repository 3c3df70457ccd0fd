import { checkboxSchema } from '../value-rules.js';
import { tickText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** A tick box asking to join the newsletter: a checkbox everywhere but its name. */
export const newsletterField: FieldType = {
  ...PLAIN_FIELD,
  schema: checkboxSchema,
  emptyValue: () => false,
  emailText: tickText,
};
