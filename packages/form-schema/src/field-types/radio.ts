import { singleChoiceSchema } from '../value-rules.js';
import { answerText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

export const radioField: FieldType = {
  ...PLAIN_FIELD,
  schema: singleChoiceSchema,
  emptyValue: () => '',
  wide: true,
  emailText: answerText,
};
