import { FORM_MESSAGES, type FormDefinition, type FormSubmission, type FormSubmitResponse, type FormValues } from '@storefront/contracts';

export type SubmitOutcome =
  /** `id`: the stored submission, sent back with a multi-step form's later steps */
  | { kind: 'success'; message: string; html: boolean; id?: string }
  /** `server`: the service answered (a 4xx/5xx or success false); otherwise no answer came */
  | { kind: 'error'; message: string; fieldErrors: Record<string, string>; answered: boolean };

export interface SubmitOptions {
  /** a multi-step form's later steps: the id the first step's answer returned */
  id?: string;
  /**
   * Only the request that completes a form carries the e-mail notification settings (spec §4: only
   * the last step of a multi-step form sends them). Default true: a single-step form completes at once.
   */
  final?: boolean;
  recaptchaToken?: string;
  signal?: AbortSignal;
}

/**
 * The success message (§8): the configured message (may be HTML), else the default. The
 * free-kitchen-design form (a multi-step form) prefers the response's message, else its own default.
 */
function successOutcome(definition: FormDefinition, body: Partial<FormSubmitResponse> | undefined): SubmitOutcome {
  const id = typeof body?.data?.id === 'string' ? body.data.id : undefined;
  if (definition.steps?.length) {
    const message = (typeof body?.message === 'string' && body.message) || FORM_MESSAGES.kitchenDesignSuccess;
    return { kind: 'success', message, html: false, id };
  }
  const configured = definition.messages?.success;
  return configured ? { kind: 'success', message: configured, html: true, id } : { kind: 'success', message: FORM_MESSAGES.defaultSuccess, html: false, id };
}

async function readBody(response: Response): Promise<Partial<FormSubmitResponse> | undefined> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<FormSubmitResponse>) : undefined;
  } catch {
    return undefined;
  }
}

function stringErrors(errors: unknown): Record<string, string> {
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * POSTs the form to the forms service and words the result as the spec does: success -> the configured
 * message (may be HTML) or the default; failure -> the response message, else the configured error,
 * else "Something went wrong. Plase try again later."; no answer at all -> "Submission failed".
 */
export async function submitForm(definition: FormDefinition, formData: FormValues, options: SubmitOptions = {}): Promise<SubmitOutcome> {
  const { id, final = true, recaptchaToken, signal } = options;
  const submission: FormSubmission = {
    formData,
    name: definition.name,
    ...(final && definition.emailNotifications ? { emailNotifications: definition.emailNotifications } : {}),
    metadata: definition.metadata,
    ...(id ? { id } : {}),
    ...(recaptchaToken ? { recaptchaToken } : {}),
  };
  let response: Response;
  try {
    response = await fetch(`/api/forms/${encodeURIComponent(definition.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(submission),
      signal,
    });
  } catch {
    return { kind: 'error', message: FORM_MESSAGES.networkFailure, fieldErrors: {}, answered: false };
  }
  const body = await readBody(response);
  if (response.ok && body?.success === true) return successOutcome(definition, body);
  const message = (typeof body?.message === 'string' && body.message) || definition.messages?.error || FORM_MESSAGES.defaultError;
  return { kind: 'error', message, fieldErrors: stringErrors(body?.errors), answered: true };
}
