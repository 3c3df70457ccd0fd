import {
  ESTIMATOR_MESSAGES,
  call,
  formApi,
  type ApiAnswer,
  type EstimatorTemplate,
  type FormSubmission,
  type FormSubmitResponse,
  type PriceResult,
} from '@storefront/contracts';
import { summaryRows, type EstimateValues } from '@storefront/estimator-pricing';

/** The two things the last group can do with an estimate: e-mail it, or keep it as a PDF. */
export type EstimateAction = 'email' | 'print';

/**
 * The body of POST /api/forms/{template.name}. Only Email My Estimate carries the template's
 * emailNotifications: a PDF download is stored but sends no e-mail (spec §4 Print). The price and the
 * summary rows are what the shopper saw; the server prices the selections again itself.
 */
export function estimateSubmission(template: EstimatorTemplate, values: EstimateValues, price: PriceResult | null, action: EstimateAction): FormSubmission {
  const submission: FormSubmission = {
    name: template.name,
    formData: values,
    summary: summaryRows(template.summary, price),
  };
  if (action === 'email' && template.emailNotifications) submission.emailNotifications = template.emailNotifications;
  if (template.metadata) submission.metadata = template.metadata;
  if (price) submission.totalPrice = { min: price.finalMin, max: price.finalMax };
  return submission;
}

export type SendOutcome =
  | { kind: 'sent'; data?: FormSubmitResponse['data'] }
  /** the server answered, but not with success: true */
  | { kind: 'rejected'; message?: string; fieldErrors: Record<string, string> }
  /** no answer at all */
  | { kind: 'network' };

/** POSTs the estimate once, under the attempt's Idempotency-Key (a resent attempt is not stored twice). */
export async function sendEstimate(submission: FormSubmission, idempotencyKey: string): Promise<SendOutcome> {
  let answer: ApiAnswer<FormSubmitResponse | undefined>;
  try {
    answer = await call(formApi.submit, { params: { formName: submission.name }, body: submission, idempotencyKey });
  } catch {
    return { kind: 'network' };
  }
  if (answer.ok && answer.data?.success === true) return { kind: 'sent', data: answer.data.data };
  const text = answer.ok ? answer.data?.message : answer.error.message;
  const message = text?.trim() ? text : undefined;
  return { kind: 'rejected', message, fieldErrors: answer.ok ? {} : (answer.error.errors ?? {}) };
}

/**
 * What the shopper reads when sending did not work (spec §8): e-mail -> "Failed to send email", or
 * "Submission failed" without an answer; PDF -> the server's message, else "Failed to download PDF".
 */
export function failureMessage(action: EstimateAction, outcome: Exclude<SendOutcome, { kind: 'sent' }>): string {
  if (action === 'email') return outcome.kind === 'network' ? ESTIMATOR_MESSAGES.submissionFailed : ESTIMATOR_MESSAGES.emailFailed;
  return (outcome.kind === 'rejected' && outcome.message) || ESTIMATOR_MESSAGES.pdfFailed;
}
