import { textSchema } from '../value-rules.js';
import { neverShown } from './answer-text.js';
import { PLAIN_FIELD, type FieldType } from './field-type.js';

/** Taken exactly as typed (no trimming), hashed by the server, and never saved, e-mailed or exported. */
export const passwordField: FieldType = {
  ...PLAIN_FIELD,
  schema: (field) => textSchema(field, { trim: false }),
  emptyValue: () => '',
  storable: false,
  emailText: neverShown,
  secret: true,
};
