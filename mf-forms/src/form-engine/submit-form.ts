import { FORM_MESSAGES, type FormDefinition, type FormSubmission, type FormSubmitResponse, type FormValues } from '@storefront/contracts';

export type SubmitOutcome =
  | { kind: 'success'; message: string; html: boolean }
  | { kind: 'error'; message: string; fieldErrors: Record<string, string> };

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
export async function submitForm(definition: FormDefinition, formData: FormValues, signal?: AbortSignal): Promise<SubmitOutcome> {
  const submission: FormSubmission = {
    formData,
    name: definition.name,
    emailNotifications: definition.emailNotifications,
    metadata: definition.metadata,
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
    return { kind: 'error', message: FORM_MESSAGES.networkFailure, fieldErrors: {} };
  }
  const body = await readBody(response);
  if (response.ok && body?.success === true) {
    const configured = definition.messages?.success;
    return configured ? { kind: 'success', message: configured, html: true } : { kind: 'success', message: FORM_MESSAGES.defaultSuccess, html: false };
  }
  const message = (typeof body?.message === 'string' && body.message) || definition.messages?.error || FORM_MESSAGES.defaultError;
  return { kind: 'error', message, fieldErrors: stringErrors(body?.errors) };
}
