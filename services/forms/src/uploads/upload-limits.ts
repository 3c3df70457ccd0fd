import { allFormFields, type FormDefinition, type FormField } from '@storefront/contracts';
import { BYTES_PER_MB, DEFAULT_MAX_FILE_SIZE_MB, fieldTypeOf } from '@storefront/form-schema';

/** A file field without maxFiles takes at most this many files (the hard cap of a request counts on it). */
export const DEFAULT_MAX_FILES_PER_FIELD = 10;
/** A text part is at most as large as a whole JSON submission may be (FORMS_BODY_LIMIT). */
export const MAX_TEXT_PART_BYTES = 256 * 1024;
/** Text parts per request: every field of the largest form spelled out one part each, several times over. */
export const MAX_TEXT_PARTS = 200;
export const MAX_PART_NAME_BYTES = 200;

/** The hard limits of one multipart request for a form; anything above them is refused with 413. */
export interface UploadLimits {
  /** bytes per file: the largest maxFileSize of the form's file fields */
  fileSize: number;
  /** files per request: every file field's maxFiles added up */
  files: number;
  fieldSize: number;
  fields: number;
  fieldNameSize: number;
  parts: number;
}

/** The form's file fields (every step's too), the ones a request may send files for. */
export function fileFieldsOf(definition: Pick<FormDefinition, 'fields' | 'steps'>): FormField[] {
  return allFormFields(definition).filter((field) => fieldTypeOf(field).file);
}

export function maxFileBytes(field: Pick<FormField, 'maxFileSize'>): number {
  return (field.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB) * BYTES_PER_MB;
}

/**
 * The per-request caps: a file larger than any field allows or more files than all fields together
 * take is never a form the browser sends, so it is refused while it is being read (memory stays
 * bounded); smaller breaches get the spec's per-field messages from the form rules.
 */
export function uploadLimitsFor(definition: Pick<FormDefinition, 'fields' | 'steps'>): UploadLimits {
  const fileFields = fileFieldsOf(definition);
  const fileSize = fileFields.length === 0 ? 0 : Math.max(...fileFields.map(maxFileBytes));
  const files = fileFields.reduce((sum, field) => sum + (field.maxFiles ?? DEFAULT_MAX_FILES_PER_FIELD), 0);
  return {
    fileSize,
    files,
    fieldSize: MAX_TEXT_PART_BYTES,
    fields: MAX_TEXT_PARTS,
    fieldNameSize: MAX_PART_NAME_BYTES,
    parts: MAX_TEXT_PARTS + files,
  };
}
