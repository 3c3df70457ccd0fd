import { FORM_MESSAGES } from '@storefront/contracts';
import { tooManyFilesMessage } from './file-types.js';

/** 1 MB as the spec counts it. */
export const BYTES_PER_MB = 1048576;
export const DEFAULT_MAX_FILE_SIZE_MB = 2;

/**
 * Messages for bad input the spec does not word (the browser's inputs never produce it; a hand-made
 * request can). Everything the spec words comes from FORM_MESSAGES.
 */
export const EXTRA_FORM_MESSAGES = {
  invalidValue: 'Invalid value',
  invalidOption: 'Select a valid option',
  tooManyFiles: tooManyFilesMessage,
  notAnObject: 'Form data must be an object',
  /** a field name or value yup cannot even read (a key named "constructor") */
  unreadable: 'Form data has a field name or value that cannot be read',
} as const;

export { FORM_MESSAGES };
