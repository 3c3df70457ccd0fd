import { multiChoiceSchema } from '../value-rules.js';
import { answerText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

export const checkboxGroupField: FieldType = {
  ...PLAIN_FIELD,
  schema: multiChoiceSchema,
  emptyValue: () => [],
  holdsOptionList: () => true,
  wide: true,
  emailText: answerText,
};
