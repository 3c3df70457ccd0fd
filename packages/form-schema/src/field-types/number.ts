import { numberSchema } from '../value-rules.js';
import { answerText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

export const numberField: FieldType = {
  ...PLAIN_FIELD,
  schema: numberSchema,
  emptyValue: () => '',
  emailText: answerText,
};
