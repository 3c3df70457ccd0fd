import { array, number, object, string, type InferType } from 'yup';

// The forms service's internal routes for the back office (leads): the orders service calls them on
// its staff's behalf, signed as the caller `orders` (/internal/forms/submissions...). What staff see of a
// submission: its answers as display text in the form's field order (passwords never: they are
// stored only as hashes), its files (downloaded one by one) and the CSV of `npm run submissions -- export`.

/** A page of submissions: 50 by default, at most 200. */
export const SUBMISSIONS_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/** A form name as content/forms/ and content/estimator/ name them (lower-case letters, digits, hyphens). */
export const FORM_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const formNameQuery = (name: string) =>
  string()
    .typeError(`${name} must be text`)
    .trim()
    .max(64, `${name} is too long`)
    .matches(FORM_NAME_PATTERN, `${name} must be a form name (lower-case letters, digits, hyphens)`);

/** The back office's own wording (404s and refused cursors). */
export const SUBMISSIONS_BACK_OFFICE_MESSAGES = {
  fileNotFound: 'File not found.',
  cursorInvalid: "before must be the previous page's next, unchanged.",
  sinceInvalid: 'since must be a date (YYYY-MM-DD or an ISO time)',
} as const;

/** GET /internal/forms/submissions/forms: every form with stored submissions or a definition in content/forms/. */
export const submissionFormSchema = object({
  name: string().required(),
  /** the definition's (or estimator's) title; its name when there is neither */
  title: string().required(),
  /** how many submissions are stored */
  submissions: number().integer().min(0).required(),
  /** ISO time of the newest submission; null when there is none */
  lastSubmittedAt: string().nullable().defined(),
});
export type SubmissionForm = InferType<typeof submissionFormSchema>;

export const submissionFormsResponseSchema = object({ forms: array(submissionFormSchema.required()).required() });
export type SubmissionFormsResponse = InferType<typeof submissionFormsResponseSchema>;

/** GET /internal/forms/submissions?form&limit&before: newest first, a page at a time (keyset: `before` is the previous page's `next`). */
export const submissionListQuerySchema = object({
  form: formNameQuery('form').optional().meta({ jsonSchema: { description: "one form's submissions (default: every form's)" } }),
  limit: number()
    .typeError('limit must be a number')
    .integer('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SUBMISSIONS_PAGE.maxLimit, `limit must be at most ${SUBMISSIONS_PAGE.maxLimit}`)
    .optional()
    .meta({ jsonSchema: { description: `submissions per page (default ${SUBMISSIONS_PAGE.defaultLimit})` } }),
  before: string()
    .typeError('before must be text')
    .trim()
    .max(200, 'before is too long')
    .matches(/^[A-Za-z0-9_-]+$/, SUBMISSIONS_BACK_OFFICE_MESSAGES.cursorInvalid)
    .optional()
    .meta({ jsonSchema: { description: "the previous page's next (an opaque cursor): the page starts after it" } }),
});
export type SubmissionListQuery = InferType<typeof submissionListQuerySchema>;

/** One answer as display text: option labels, Yes/No, file names; passwords are left out. */
export const submissionFieldSchema = object({
  /** the field's name (`group.field` inside a group) */
  name: string().required(),
  /** its label in the form's definition, else its name */
  label: string().required(),
  value: string().defined(),
});
export type SubmissionField = InferType<typeof submissionFieldSchema>;

/** One stored upload of a submission (GET .../files/:fileId downloads it). */
export const submissionFileSchema = object({
  id: string().required(),
  /** the file field it was sent for */
  field: string().required(),
  /** the shopper's name for it, cleaned (display only) */
  fileName: string().required(),
  /** the type found in its content, never the browser's claim */
  contentType: string().required(),
  /** bytes */
  size: number().integer().min(0).required(),
});
export type SubmissionFile = InferType<typeof submissionFileSchema>;

export const storedSubmissionSchema = object({
  id: string().required(),
  form: string().required(),
  /** ISO time it was stored (its first step, for a multi-step form) */
  submittedAt: string().required(),
  /** the answers in the form's field order, then any the definition no longer names */
  fields: array(submissionFieldSchema.required()).required(),
  /** its files still stored (uploads older than UPLOAD_RETENTION_DAYS are deleted) */
  files: array(submissionFileSchema.required()).required(),
});
export type StoredSubmission = InferType<typeof storedSubmissionSchema>;

export const submissionListResponseSchema = object({
  submissions: array(storedSubmissionSchema.required()).required(),
  /** the cursor of the following page (pass it as `before`), null on the last page */
  next: string().nullable().defined(),
});
export type SubmissionListResponse = InferType<typeof submissionListResponseSchema>;

/** GET /internal/forms/submissions/:submissionId/files/:fileId */
export const submissionFileParamsSchema = object({
  submissionId: string().trim().required('submissionId is required'),
  fileId: string().trim().required('fileId is required'),
});
export type SubmissionFileParams = InferType<typeof submissionFileParamsSchema>;

/** A `since` as the export command takes it: YYYY-MM-DD or an ISO time. */
export function isSinceDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(new Date(value).getTime());
}

/** GET /internal/forms/submissions.csv?form&since: the CSV `npm run -s submissions -- export --form <form> [--since <since>]` prints. */
export const submissionsCsvQuerySchema = object({
  form: formNameQuery('form').required('form is required'),
  since: string()
    .typeError('since must be text')
    .trim()
    .max(64, 'since is too long')
    .test('since-date', SUBMISSIONS_BACK_OFFICE_MESSAGES.sinceInvalid, (value) => value === undefined || isSinceDate(value))
    .optional()
    .meta({ jsonSchema: { description: 'only submissions stored from then on (YYYY-MM-DD or an ISO time)' } }),
});
export type SubmissionsCsvQuery = InferType<typeof submissionsCsvQuerySchema>;
