/**
 * Form e-mails. The forms service decides that a submission is complete and asks for
 * its e-mails (a FormNotification, queued in the submission's own transaction); its job renders them
 * and hands them to the orders service, which owns delivery (outbox, worker, SMTP or local mailbox).
 * Recipients come from the submission itself (the submitter) and content/settings/notifications.json
 * (staff), never from anything else the browser sends.
 */
import { array, object, string, type InferType } from 'yup';
import { isPlainEmailAddress } from '../rules/field-rules.js';
import { UUID_SOURCE } from '../rules/ids.js';

/** What happened: a form was sent, or the estimator's "Email My Estimate". */
export type FormNotificationKind = 'form' | 'estimate';

/** One answer as the e-mail shows it (labels and option labels, never raw ids where a label exists). */
export interface FormNotificationField {
  label: string;
  value: string;
}

/** The server-computed estimate (the estimator's submissions): price range and the summary rows. */
export interface FormNotificationEstimate {
  min: number;
  max: number;
  rows: FormNotificationField[];
}

/**
 * What a complete submission hands to the notifications module. Built by the forms service from the
 * stored values and the definition (or, for estimator submissions, from what the server computed).
 */
export interface FormNotification {
  /** the form's name, or the estimator template's (e.g. `kitchen`); picks the staff recipients */
  formName: string;
  /** the form's title, for subjects ("Contact Us"); the name when the form has none */
  formTitle: string;
  submissionId: string;
  kind: FormNotificationKind;
  /** the definition's emailTemplateId (content), else a default per kind */
  templateId?: string;
  /** the value of the form's first `email` field; no confirmation without one */
  submitterEmail: string | null;
  /** the submitter's name when the form has one (greeting only) */
  submitterName?: string;
  fields: FormNotificationField[];
  estimate?: FormNotificationEstimate;
}

/** The kinds of form e-mails in the orders outbox. */
export type FormEmailKind = 'form-confirmation' | 'form-staff-notification';

/** One submission has at most a confirmation and a staff notification; a little room for later kinds. */
export const MAX_FORM_EMAILS = 4;
export const MAX_FORM_EMAIL_CC = 20;
const MAX_SUBJECT = 300;
const MAX_BODY = 512 * 1024;
/** A form e-mail's dedupe key names its submission and which of its e-mails it is. */
const DEDUPE_KEY: Record<FormEmailKind, RegExp> = {
  'form-confirmation': new RegExp(`^form:${UUID_SOURCE}:confirmation$`, 'i'),
  'form-staff-notification': new RegExp(`^form:${UUID_SOURCE}:staff$`, 'i'),
};

/** One rendered form e-mail: POST /internal/email/queue body entry (orders service). */
export const queuedFormEmailSchema = object({
  kind: string<FormEmailKind>().required().oneOf(Object.keys(DEDUPE_KEY) as FormEmailKind[], `kind must be one of ${Object.keys(DEDUPE_KEY).join(', ')}`),
  /** `form:{submissionId}:confirmation` or `form:{submissionId}:staff`: the same e-mail is queued once */
  dedupeKey: string()
    .required('dedupeKey is required')
    .test('dedupe-key', function (key) {
      const kind = (this.parent as { kind?: string }).kind as FormEmailKind;
      if (!Object.hasOwn(DEDUPE_KEY, kind) || DEDUPE_KEY[kind].test(key)) return true;
      return this.createError({ message: `dedupeKey must be form:{submissionId}:${kind === 'form-confirmation' ? 'confirmation' : 'staff'}` });
    }),
  recipient: string().required('recipient must be an e-mail address').test('plain-address', 'recipient must be an e-mail address', isPlainEmailAddress),
  cc: array(string().required().test('plain-address', `cc must be a list of at most ${MAX_FORM_EMAIL_CC} e-mail addresses`, isPlainEmailAddress))
    .max(MAX_FORM_EMAIL_CC, `cc must be a list of at most ${MAX_FORM_EMAIL_CC} e-mail addresses`)
    .default([])
    // not a list (cc: 5): left as it is, for the array's typeError to name
    .transform((cc: unknown) => (Array.isArray(cc) ? [...new Set(cc)] : cc)),
  subject: string()
    .trim()
    .required(`subject must be one line of 1 to ${MAX_SUBJECT} characters`)
    .max(MAX_SUBJECT, `subject must be one line of 1 to ${MAX_SUBJECT} characters`)
    // eslint-disable-next-line no-control-regex -- the point: no control characters (CR/LF) in a mail header
    .matches(/^[^\u0000-\u001f]*$/, `subject must be one line of 1 to ${MAX_SUBJECT} characters`),
  html: string().required(`html must be text of at most ${MAX_BODY} characters`).max(MAX_BODY, `html must be text of at most ${MAX_BODY} characters`),
  text: string().required(`text must be text of at most ${MAX_BODY} characters`).max(MAX_BODY, `text must be text of at most ${MAX_BODY} characters`),
});
export type QueuedFormEmail = InferType<typeof queuedFormEmailSchema>;

/** POST /internal/email/queue (orders; internal, X-Internal-Token). */
export const queueFormEmailsRequestSchema = object({
  emails: array(queuedFormEmailSchema)
    .required('emails must be a list of e-mails')
    .typeError('emails must be a list of e-mails')
    .min(1, `emails must hold 1 to ${MAX_FORM_EMAILS} e-mails`)
    .max(MAX_FORM_EMAILS, `emails must hold 1 to ${MAX_FORM_EMAILS} e-mails`),
});
export type QueueFormEmailsRequest = InferType<typeof queueFormEmailsRequestSchema>;

/** 200 answer: which dedupe keys were newly queued and which were there already (a retried job). */
export const queueFormEmailsResponseSchema = object({
  queued: array(string().required()).required(),
  alreadyQueued: array(string().required()).required(),
});
export type QueueFormEmailsResponse = InferType<typeof queueFormEmailsResponseSchema>;

/** The dedupe key of a form e-mail. */
export function formEmailKey(submissionId: string, which: 'confirmation' | 'staff'): string {
  return `form:${submissionId}:${which}`;
}
