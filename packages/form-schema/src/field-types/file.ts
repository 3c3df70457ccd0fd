import { fileFieldSchema } from '../file-rules.js';
import { fileNamesText } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** Uploads: never saved in the browser (a file cannot be), e-mailed by name only. */
export const fileField: FieldType = {
  ...PLAIN_FIELD,
  schema: fileFieldSchema,
  emptyValue: () => [],
  storable: false,
  wide: true,
  emailText: fileNamesText,
  file: true,
};
