import * as yup from 'yup';
import type { FormField } from '@storefront/contracts';
import { fileTypeAllowed, normalizeFileTypes, type FileLike } from './file-types.js';
import { BYTES_PER_MB, DEFAULT_MAX_FILE_SIZE_MB, EXTRA_FORM_MESSAGES, FORM_MESSAGES } from './messages.js';

function isFileLike(value: unknown): value is FileLike {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return typeof file.name === 'string' && typeof file.size === 'number' && typeof file.type === 'string';
}

/** FileList (browser) or a single file -> array; empty -> undefined so "required" can speak. */
function toFileArray(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (isFileLike(value)) return [value];
  if (typeof value === 'object' && typeof (value as ArrayLike<unknown>).length === 'number') {
    const list = Array.from(value as ArrayLike<unknown>);
    return list.length === 0 ? undefined : list;
  }
  return value;
}

export function fileFieldSchema(field: FormField): yup.Schema {
  const maxMb = field.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB;
  const accepted = normalizeFileTypes(field.fileTypes);
  let schema = yup
    .array()
    .transform((_value, original: unknown) => toFileArray(original))
    .typeError(EXTRA_FORM_MESSAGES.invalidValue)
    .of(
      yup
        .mixed<FileLike>()
        .test('file', EXTRA_FORM_MESSAGES.invalidValue, (file) => file === undefined || isFileLike(file))
        .test('fileSize', FORM_MESSAGES.fileTooLarge(maxMb), (file) => !isFileLike(file) || file.size <= maxMb * BYTES_PER_MB)
        .test('fileType', FORM_MESSAGES.unsupportedFile, (file) => !isFileLike(file) || fileTypeAllowed(file, accepted)),
    );
  if (field.maxFiles !== undefined) {
    schema = schema.max(field.maxFiles, EXTRA_FORM_MESSAGES.tooManyFiles(field.maxFiles));
  }
  return field.required ? schema.required(FORM_MESSAGES.fileRequired).min(1, FORM_MESSAGES.fileRequired) : schema.optional();
}
