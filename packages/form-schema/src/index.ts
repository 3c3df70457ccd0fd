export { buildFormSchema, type BuildFormSchemaOptions } from './build-form-schema.js';
export { validateFormSubmission, type FormValidationResult } from './validate-form-submission.js';
export { isFieldHidden, matchesHideWhen, visibleOptions } from './hide-when.js';
export { fieldLabel } from './field-rules.js';
export { FIELD_TYPES, fieldTypeOf, type FieldType } from './field-types/index.js';
export {
  DEFAULT_FILE_TYPES,
  fileTypeAllowed,
  fileTypesAccept,
  isAcceptedFileType,
  normalizeFileType,
  normalizeFileTypes,
  tooManyFilesMessage,
  type FileLike,
  type NormalizedFileTypes,
} from './file-types.js';
export { BYTES_PER_MB, DEFAULT_MAX_FILE_SIZE_MB, EXTRA_FORM_MESSAGES, FORM_MESSAGES } from './messages.js';
