import type { FormField } from '@storefront/contracts';
import { multiChoiceSchema, singleChoiceSchema } from '../value-rules.js';
import { answerText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** A dropdown: one option value, or a list of them with `multiSelect`. */
const isMultiSelect = (field: FormField): boolean => field.multiSelect === true;

export const selectField: FieldType = {
  ...PLAIN_FIELD,
  schema: (field) => (isMultiSelect(field) ? multiChoiceSchema(field) : singleChoiceSchema(field)),
  emptyValue: (field) => (isMultiSelect(field) ? [] : ''),
  holdsOptionList: isMultiSelect,
  emailText: answerText,
};
