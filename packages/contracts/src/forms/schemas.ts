import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { isPlainObject } from '../rules/plain-object.js';

import type { BookingConfig, ChoiceIconName, FormConfig, DynamicOptionsSource, EmailNotifications, FieldOption, FileFieldLayout, FormDefinition, FormField, FormFieldType, FormMessages, FormStep, FormStepActions, HideWhen, RadioFieldLayout } from '../content-files/forms.js';
export type { BookingConfig, ChoiceIconName, FormConfig, DynamicOptionsSource, EmailNotifications, FieldOption, FileFieldLayout, FormDefinition, FormField, FormFieldType, FormMessages, FormStep, FormStepActions, HideWhen, RadioFieldLayout };

/** Every field of a definition: its fields plus every step's, in order. */
export function allFormFields(definition: Pick<FormDefinition, 'fields' | 'steps'>): FormField[] {
  return [...(definition.fields ?? []), ...(definition.steps ?? []).flatMap((step) => step.fields ?? [])];
}

export type FormValues = Record<string, unknown>;

/** POST /api/forms/{formName} body (JSON form; multipart carries the same names). */
/**
 * Keys that could steer an e-mail somewhere. Recipients come from server configuration only, so a
 * submitted metadata value under any of them is dropped before anything reads it.
 */
const RECIPIENT_KEYS = /^(recipients?|to|cc|bcc|replyto|reply_to|adminemails?|sendto|emailto|from)$/i;

/**
 * POST /api/forms/{formName}: the envelope of a submission, whatever its media type (multipart and
 * urlencoded bodies are read into this same envelope first). The form's own fields in `formData` are
 * checked by @storefront/form-schema against the form's definition, which is per form; this schema
 * checks everything around them.
 */
export const formSubmissionSchema = object({
  name: string()
    .typeError('name is required: the name of the form being submitted')
    .defined('name is required: the name of the form being submitted')
    .trim().min(1, 'name is required: the name of the form being submitted'),
  formData: mixed<FormValues>().defined('formData is required'),
  emailNotifications: mixed<EmailNotifications>().optional(),
  metadata: mixed<Record<string, unknown>>()
    .test('metadata-object', 'metadata must be an object', (value) => value === undefined || isPlainObject(value))
    .transform((value: unknown) => (isPlainObject(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !RECIPIENT_KEYS.test(key))) : value))
    .optional(),
  recaptchaToken: string().optional(),
  /** multi-step forms: the id returned by the first step */
  id: mixed<string>()
    .test('id-text', 'id must be the id returned by the previous step', (value) => value === undefined || value === null || typeof value === 'string')
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .optional(),
  /** multi-step forms: the secret the first step returned, required with `id` (the id alone continues nothing) */
  continuationToken: string()
    .max(200, 'continuationToken must be the one the first step returned')
    .transform((value: string) => (value === '' ? undefined : value))
    .optional(),
  /** estimator only: the browser's price; the server recomputes and stores its own */
  totalPrice: mixed<{ min: number; max: number }>().optional(),
  /** estimator only: the summary rows shown to the shopper */
  summary: mixed<{ label: string; value: string }[]>().optional(),
});
export type FormSubmission = InferType<typeof formSubmissionSchema>;

/** `/api/forms/:formName`: a form of content/forms/ or an estimator of content/estimator/. */
export const formNameParamsSchema = object({ formName: string().required().max(100) });

/**
 * multipart/form-data (and application/x-www-form-urlencoded) carry the same names as FormSubmission:
 * `name`, `id`, `continuationToken` and `recaptchaToken` as text; `formData`, `metadata`, `emailNotifications`, `totalPrice`
 * and `summary` as JSON text (urlencoded may also spell formData[field]=value); each file is a part
 * named after its form field (repeated for several files).
 */
export const MULTIPART_JSON_PARTS = ['formData', 'metadata', 'emailNotifications', 'totalPrice', 'summary'] as const;

/** One row of an estimate's summary, as shown and e-mailed: "Cabinets" / "$4,000 - $7,000". */
export interface EstimateSummaryRow {
  label: string;
  value: string;
}

/**
 * What the forms service stores with an estimator submission (POST /api/forms/{estimatorName}): the
 * price it computed itself from content/estimator (never the browser's) and the summary rows derived
 * from the template's summary config.
 */
export interface StoredEstimate {
  /** the estimator template's name, e.g. "kitchen" */
  template: string;
  /** product + labor, what the shopper sees as the total */
  totalPrice: { min: number; max: number };
  product: { min: number; max: number };
  labor: { min: number; max: number };
  summary: EstimateSummaryRow[];
}

const priceRangeSchema = object({ min: number().required(), max: number().required() });

/** What POST /api/forms/{formName} answers on success (201): the message to show and the stored submission's id. */
export const formSubmitResponseSchema = object({
  success: boolean().required(),
  message: string().required(),
  data: object({
    id: string().required(),
    /** estimators: the server's price */
    totalPrice: priceRangeSchema.default(undefined).optional(),
    /**
     * the first step of a multi-step form: the secret that continues this submission (sent back as
     * `continuationToken` with `id` by each later step); shown once, only its hash is kept
     */
    continuationToken: string().optional(),
  })
    .default(undefined)
    .optional(),
  /** per-field messages on 400 */
  errors: mixed<Record<string, string>>().optional(),
});
export type FormSubmitResponse = InferType<typeof formSubmitResponseSchema>;

export { FORM_MESSAGES, FORM_RESULT_MESSAGE_MS, SERVER_UNREACHABLE_MESSAGE } from './messages.js';

/** The estimator's messages and constants (spec §4, §8, §9), spelled as written. */
export const ESTIMATOR_MESSAGES = {
  loading: 'Loading...',
  noPrice: 'Make selections to see pricing',
  emailSent: 'Email sent successfully',
  emailFailed: 'Failed to send email',
  submissionFailed: 'Submission failed',
  pdfDownloaded: 'PDF downloaded successfully',
  pdfFailed: 'Failed to download PDF',
  pdfLibraryMissing: 'PDF library not found',
  formTitle: 'Estimated Pricing',
  pdfTitle: 'Project Estimate',
} as const;

export const ESTIMATE_CONSTANTS = {
  validDays: 30,
  /** reset after a successful send or download */
  resetDelayMs: 100,
  pdfLogo: { width: 300, height: 100 },
  pdfPageFormat: 'a4',
} as const;
