export type FormFieldType =
  | 'text'
  | 'email'
  | 'number'
  | 'hidden'
  | 'tel'
  | 'password'
  | 'textarea'
  | 'select'
  | 'checkbox'
  | 'newsletter'
  | 'checkbox-group'
  | 'radio'
  | 'file'
  | 'group';

export interface HideWhen {
  field: string;
  /** one value or any of a list */
  equals: string | number | boolean | (string | number | boolean)[];
}

export interface FieldOption {
  label: string;
  value: string;
  hideWhen?: HideWhen;
  description?: string;
  image?: { src: string; width: number; height: number; alt: string };
}

export interface FormField {
  name: string;
  type: FormFieldType;
  label?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  value?: string | number | boolean | string[];
  options?: FieldOption[];
  placeholder?: string;
  hideWhen?: HideWhen;
  multiSelect?: boolean;
  onlyNumbers?: boolean;
  /** textarea rows, default 4 */
  rows?: number;
  column?: number;
  span?: number;
  className?: string;
  /** default 40 */
  labelLengthLimit?: number;
  fileTypes?: string[];
  /** MB, default 2 (1 MB = 1048576 bytes) */
  maxFileSize?: number;
  maxFiles?: number;
  layout?: string;
  /** group sub-fields */
  fields?: FormField[];
}

export interface FormMessages {
  /** may be HTML */
  success?: string;
  error?: string;
  showOverlay?: boolean;
}

export interface EmailNotifications {
  sendSuccessEmail?: boolean;
  emailTemplateId?: string;
}

/** content/forms/{name}.json, served by GET /api/content/forms/{name} */
export interface FormDefinition {
  name: string;
  title?: string;
  description?: string;
  fields: FormField[];
  buttons: { submit: string; reset?: string };
  layout?: string;
  messages?: FormMessages;
  googleReCaptcha?: boolean;
  emailNotifications?: EmailNotifications;
  metadata?: Record<string, unknown>;
}

export type FormValues = Record<string, unknown>;

/** POST /api/forms/{formName} body (JSON form; multipart carries the same names). */
export interface FormSubmission {
  formData: FormValues;
  name: string;
  emailNotifications?: EmailNotifications;
  metadata?: Record<string, unknown>;
  recaptchaToken?: string;
  /** multi-step forms: the id returned by the first step */
  id?: string;
}

export interface FormSubmitResponse {
  success: boolean;
  message: string;
  data?: { id: string };
  /** per-field messages on 400 */
  errors?: Record<string, string>;
}

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
} as const;
