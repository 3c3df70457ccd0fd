import type * as yup from 'yup';
import type { FormField, FormValues } from '@storefront/contracts';

/**
 * Everything the browser and the services decide by a field's type, in one place: a new type is one
 * module beside this file plus its line in FIELD_TYPES (the compiler refuses a type without one).
 */
export interface FieldType {
  /**
   * The yup rule for the answer, before the field's hideWhen applies. `subFields` builds the rule of a
   * group's fields (the caller owns the recursion and the hideWhen wrapping).
   */
  schema(field: FormField, subFields: (fields: readonly FormField[]) => yup.Schema): yup.Schema;
  /** What an unanswered field holds, and what it is cleared to when it is hidden; `subFields` as for schema. */
  emptyValue(field: FormField, subFields: (fields: readonly FormField[]) => FormValues): unknown;
  /** The answer is a list of option values, so a single preset value is wrapped in a list. */
  holdsOptionList(field: FormField): boolean;
  /** Kept in the browser's saved form data (never passwords or files). */
  storable: boolean;
  /** Takes the whole row of the form's grid. */
  wide: boolean;
  /** The answer as the notification e-mail shows it, or null to leave the row out (empty, secret, never typed). */
  emailText(field: FormField, value: unknown): string | null;
  /** A password: hashed before it is stored, never e-mailed, never exported. */
  secret: boolean;
  /** Uploaded files: the server takes them from the request's file parts, the export lists their paths. */
  file: boolean;
  /** A group: its answer is an object of its sub-fields' answers. */
  group: boolean;
}

/** The common case, which each type module adjusts: a single text answer on half a row. */
export const PLAIN_FIELD = {
  holdsOptionList: () => false,
  storable: true,
  wide: false,
  secret: false,
  file: false,
  group: false,
} as const satisfies Partial<FieldType>;
