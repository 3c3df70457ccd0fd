import { textSchema } from '../value-rules.js';
import { answerText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

export const textareaField: FieldType = {
  ...PLAIN_FIELD,
  schema: (field) => textSchema(field),
  emptyValue: () => '',
  wide: true,
  emailText: answerText,
};
