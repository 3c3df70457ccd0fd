// The forms' words, free of the form schemas (a file field on a page without a form needs only these).

/** The spec's generic form messages, spelled as written. */
export const FORM_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  notANumber: 'Must be a number',
  selectAtLeastOne: 'Select at least one option',
  tooShort: (label: string) => `${label} seems too short`,
  tooLong: (label: string) => `${label} seems too long`,
  fileTooLarge: (mb: number) => `File is too large, maximum allowed size is ${mb}MB`,
  unsupportedFile: 'Unsupported file format',
  fileRequired: 'At least one file is required',
  captcha: 'Please complete the reCAPTCHA verification.',
  defaultSuccess: 'Thank you! We have received your message. Our Team will contact you soon.',
  defaultError: 'Something went wrong. Plase try again later.',
  networkFailure: 'Submission failed',
  /** the file picker drops a file of a type the field does not allow */
  filePickerUnsupported: 'File format is not supported',
  /** free-kitchen-design: the response's message, else this */
  kitchenDesignSuccess: 'Your form has been submitted successfully.',
} as const;

/** Any call to our server that got no answer (offline, DNS, connection reset): one wording everywhere. */
export const SERVER_UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** Form results and errors clear after 5 s (spec §9). */
export const FORM_RESULT_MESSAGE_MS = 5000;
