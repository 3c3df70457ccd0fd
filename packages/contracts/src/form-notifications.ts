/**
 * Form e-mails (issue 9 item 6). The forms service decides that a submission is complete and asks for
 * its e-mails (a FormNotification, queued in the submission's own transaction); its job renders them
 * and hands them to the orders service, which owns delivery (outbox, worker, SMTP or local mailbox).
 * Recipients come from the submission itself (the submitter) and content/settings/notifications.json
 * (staff), never from anything else the browser sends.
 */

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

/** One rendered form e-mail: POST /internal/email/queue body entry (orders service). */
export interface QueuedFormEmail {
  kind: FormEmailKind;
  /** `form:{submissionId}:confirmation` or `form:{submissionId}:staff`: the same e-mail is queued once */
  dedupeKey: string;
  recipient: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
}

/** POST /internal/email/queue (orders; internal, X-Internal-Token). */
export interface QueueFormEmailsRequest {
  emails: QueuedFormEmail[];
}

/** 200 answer: which dedupe keys were newly queued and which were there already (a retried job). */
export interface QueueFormEmailsResponse {
  queued: string[];
  alreadyQueued: string[];
}

/** The dedupe key of a form e-mail. */
export function formEmailKey(submissionId: string, which: 'confirmation' | 'staff'): string {
  return `form:${submissionId}:${which}`;
}
