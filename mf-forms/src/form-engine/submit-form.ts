import {
  FORM_MESSAGES,
  MULTIPART_JSON_PARTS,
  accountApi,
  call,
  formApi,
  newIdempotencyKey,
  type ApiAnswer,
  type FormDefinition,
  type FormSubmission,
  type FormSubmitResponse,
  type FormValues,
  type SignedInResponse,
} from '@storefront/contracts';
import { submitActionOf } from './submit-action.js';

export type SubmitOutcome =
  /**
   * `id`: the stored submission, sent back with a multi-step form's later steps, together with
   * `continuationToken` (the secret its first step returned; the id alone continues nothing)
   */
  | { kind: 'success'; message: string; html: boolean; id?: string; continuationToken?: string }
  /** `server`: the service answered (a 4xx/5xx or success false); otherwise no answer came */
  | { kind: 'error'; message: string; fieldErrors: Record<string, string>; answered: boolean };

/**
 * The success message (§8): the configured message (may be HTML), else the default. The
 * free-kitchen-design form (a multi-step form) prefers the response's message, else its own default.
 */
function successOutcome(definition: FormDefinition, body: Partial<FormSubmitResponse> | undefined): SubmitOutcome {
  const id = typeof body?.data?.id === 'string' ? body.data.id : undefined;
  if (definition.steps?.length) {
    const message = (typeof body?.message === 'string' && body.message) || FORM_MESSAGES.kitchenDesignSuccess;
    const continuationToken = typeof body?.data?.continuationToken === 'string' ? body.data.continuationToken : undefined;
    return { kind: 'success', message, html: false, id, ...(continuationToken ? { continuationToken } : {}) };
  }
  const configured = definition.messages?.success;
  return configured ? { kind: 'success', message: configured, html: true, id } : { kind: 'success', message: FORM_MESSAGES.defaultSuccess, html: false, id };
}

/**
 * A registration the account service accepted (the new customer is signed in): the configured
 * message (may be HTML), else the answer's own message, else the default.
 */
function registrationOutcome(definition: FormDefinition, body: Partial<SignedInResponse> | undefined): SubmitOutcome {
  const configured = definition.messages?.success;
  if (configured) return { kind: 'success', message: configured, html: true };
  if (typeof body?.message === 'string' && body.message) return { kind: 'success', message: body.message, html: false };
  return { kind: 'success', message: FORM_MESSAGES.defaultSuccess, html: false };
}

export interface SubmitFormOptions {
  signal?: AbortSignal;
  /** the same key for a re-send of the same attempt (a double click), so the server stores it once */
  idempotencyKey?: string;
  /** multi-step forms: the id and the continuation token the first step returned */
  id?: string;
  continuationToken?: string;
  recaptchaToken?: string;
  /** false for a multi-step form's earlier steps: no e-mail notification settings (default true) */
  final?: boolean;
}

function isFile(value: unknown): value is File {
  return typeof File !== 'undefined' && value instanceof File;
}

/**
 * Splits the files out of the values: `files` has one entry per file under its field's path
 * ("photos", or "group.photos" inside a group), `data` the rest for the formData JSON.
 */
export function separateFiles(values: FormValues, prefix = ''): { data: FormValues; files: [string, File][] } {
  const data: FormValues = {};
  const files: [string, File][] = [];
  for (const [name, value] of Object.entries(values)) {
    const path = prefix + name;
    if (isFile(value)) files.push([path, value]);
    else if (Array.isArray(value) && value.length > 0 && value.every(isFile)) for (const file of value) files.push([path, file]);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const nested = separateFiles(value as FormValues, `${path}.`);
      data[name] = nested.data;
      files.push(...nested.files);
    } else data[name] = value;
  }
  return { data, files };
}

/**
 * The request body: JSON (as before) when nothing is a file; otherwise multipart/form-data with the
 * contract's parts: `name`, `id`, `continuationToken`, `recaptchaToken` as text, `formData` (without the files),
 * `metadata`, `emailNotifications`, `totalPrice`, `summary` as JSON text, and one part per file named
 * after its field (repeated for several). The browser sets the multipart boundary header itself.
 */
/** The submission as it is sent: as is (JSON) when no value is a file, else multipart/form-data. */
export function submissionBody(submission: FormSubmission): FormSubmission | FormData {
  const { data, files } = separateFiles(submission.formData);
  if (files.length === 0) return submission;
  const body = new FormData();
  body.append('name', submission.name);
  if (submission.id !== undefined) body.append('id', submission.id);
  if (submission.continuationToken !== undefined) body.append('continuationToken', submission.continuationToken);
  if (submission.recaptchaToken !== undefined) body.append('recaptchaToken', submission.recaptchaToken);
  const jsonParts: Record<(typeof MULTIPART_JSON_PARTS)[number], unknown> = {
    formData: data,
    metadata: submission.metadata,
    emailNotifications: submission.emailNotifications,
    totalPrice: submission.totalPrice,
    summary: submission.summary,
  };
  for (const part of MULTIPART_JSON_PARTS) {
    if (jsonParts[part] !== undefined) body.append(part, JSON.stringify(jsonParts[part]));
  }
  for (const [field, file] of files) body.append(field, file, file.name);
  return body;
}

/** Files take longer than text on a slow connection: the wait is still bounded, more generously. */
const UPLOAD_TIMEOUT_MS = 120_000;

export { newIdempotencyKey };

function fingerprint(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) => (isFile(value) ? { file: value.name, size: value.size, modified: value.lastModified, type: value.type } : value));
}

/**
 * One Idempotency-Key per submission attempt: the same values sent again (a double click, a retry
 * after a lost answer) reuse the key, so the server stores one submission; other values, or the same
 * ones after a success, get a new key.
 */
export class SubmissionKeys {
  private last: { fingerprint: string; key: string } | undefined;

  keyFor(values: unknown): string {
    const print = fingerprint(values);
    if (this.last?.fingerprint !== print) this.last = { fingerprint: print, key: newIdempotencyKey() };
    return this.last.key;
  }

  /** after a success: the next send is a new submission even with the same values */
  settled(): void {
    this.last = undefined;
  }
}

/**
 * POSTs the form to the forms service (or, for a definition whose `actions.submit` is
 * `account-registration`, the same JSON body to POST /api/my-account/register: see submit-action.ts)
 * and words the result as the spec does: success -> the configured message (may be HTML) or the
 * default; failure -> the response message, else the configured error, else "Something went wrong.
 * Plase try again later."; no answer at all -> "Submission failed". Field errors of a 400 come back
 * as fieldErrors, keyed by field name, either way.
 */
export async function submitForm(definition: FormDefinition, formData: FormValues, options: SubmitFormOptions = {}): Promise<SubmitOutcome> {
  // Only the request that completes a form carries the e-mail notification settings (spec §4: only
  // the last step of a multi-step form sends them); `final` defaults to true for one-page forms.
  const final = options.final ?? true;
  const emailNotifications = final ? definition.emailNotifications : undefined;
  const submission: FormSubmission = {
    formData,
    name: definition.name,
    ...(emailNotifications ? { emailNotifications } : {}),
    metadata: definition.metadata,
    ...(options.id ? { id: options.id } : {}),
    ...(options.id && options.continuationToken ? { continuationToken: options.continuationToken } : {}),
    ...(options.recaptchaToken ? { recaptchaToken: options.recaptchaToken } : {}),
  };
  const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
  if (submitActionOf(definition) === 'account-registration') return registerAccount(definition, submission, idempotencyKey, options.signal);
  const body = submissionBody(submission);
  let answer: ApiAnswer<FormSubmitResponse | undefined>;
  try {
    answer = await call(formApi.submit, {
      params: { formName: definition.name },
      body,
      idempotencyKey,
      signal: options.signal,
      ...(body instanceof FormData ? { timeoutMs: UPLOAD_TIMEOUT_MS } : {}),
    });
  } catch {
    return { kind: 'error', message: FORM_MESSAGES.networkFailure, fieldErrors: {}, answered: false };
  }
  if (answer.ok && answer.data?.success === true) return successOutcome(definition, answer.data);
  return failureOutcome(definition, answer);
}

function failureOutcome(definition: FormDefinition, answer: ApiAnswer<{ message?: string } | undefined>): SubmitOutcome {
  const message = (answer.ok ? answer.data?.message : answer.error.message) || definition.messages?.error || FORM_MESSAGES.defaultError;
  return { kind: 'error', message, fieldErrors: answer.ok ? {} : (answer.error.errors ?? {}), answered: true };
}

/**
 * The /register form: the forms endpoint's body, as JSON (the form has no files), to the account
 * service, with the same Idempotency-Key handling. A 201 has set the session cookies; a 400 carries
 * the form's field errors (an e-mail that already has an account: errors.email).
 */
async function registerAccount(definition: FormDefinition, submission: FormSubmission, idempotencyKey: string, signal: AbortSignal | undefined): Promise<SubmitOutcome> {
  let answer: ApiAnswer<Partial<SignedInResponse> | undefined>;
  try {
    answer = await call(accountApi.register, { body: submission, idempotencyKey, signal });
  } catch {
    return { kind: 'error', message: FORM_MESSAGES.networkFailure, fieldErrors: {}, answered: false };
  }
  if (answer.ok && answer.data?.success === true) return registrationOutcome(definition, answer.data);
  return failureOutcome(definition, answer);
}
