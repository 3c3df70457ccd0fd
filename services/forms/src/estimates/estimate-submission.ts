import type { EstimatorBundle, EstimatorField, FormField, FormNotification, StoredEstimate } from '@storefront/contracts';
import { calculateEstimate, estimatorFields, selectionRows, summaryRows } from '@storefront/estimator-pricing';
import { validateFormSubmission, type FormValidationResult } from '@storefront/form-schema';

/** An estimator field under the form rules (required, e-mail, offered options, numbers: the spec's messages). */
export function asFormField(field: EstimatorField): FormField {
  return {
    name: field.name,
    type: field.type,
    label: field.label,
    ...(field.required ? { required: true } : {}),
    ...(field.options ? { options: field.options.map((option) => ({ label: option.label, value: option.value })) } : {}),
  };
}

export function validateEstimateValues(bundle: EstimatorBundle, formData: unknown): FormValidationResult {
  return validateFormSubmission({ fields: estimatorFields(bundle.template).map(asFormField) }, formData);
}

/** The server's estimate for validated values; undefined when nothing priced is picked. */
export function computeEstimate(bundle: EstimatorBundle, values: Record<string, unknown>): StoredEstimate | undefined {
  const price = calculateEstimate(bundle.template, bundle.pricing, values);
  if (!price) return undefined;
  return {
    template: bundle.template.name,
    totalPrice: { min: price.finalMin, max: price.finalMax },
    product: { min: price.min, max: price.max },
    labor: { min: price.laborMin, max: price.laborMax },
    summary: summaryRows(bundle.template.summary, price),
  };
}

/** The differences between the browser's price/summary and the server's, for the log (empty when they agree). */
export function browserDisagreement(estimate: StoredEstimate, body: { totalPrice?: unknown; summary?: unknown }): string[] {
  const differences: string[] = [];
  const sent = body.totalPrice as { min?: unknown; max?: unknown } | undefined;
  if (sent !== undefined && (sent?.min !== estimate.totalPrice.min || sent?.max !== estimate.totalPrice.max)) differences.push('totalPrice');
  if (body.summary !== undefined && JSON.stringify(body.summary) !== JSON.stringify(estimate.summary)) differences.push('summary');
  return differences;
}

/**
 * The estimate e-mail of "Email My Estimate" (the notifications module renders and queues it): the
 * customer's e-mail from the template's e-mail field, the picks, and the server's price and summary
 * rows, never the browser's.
 */
export function estimateNotification(bundle: EstimatorBundle, submissionId: string, values: Record<string, unknown>, estimate: StoredEstimate): FormNotification {
  const fields = estimatorFields(bundle.template);
  const emailField = fields.find((field) => field.type === 'email');
  const email = emailField ? values[emailField.name] : undefined;
  const nameField = fields.find((field) => field.name === 'name' || field.name === 'fullName');
  const name = nameField ? values[nameField.name] : undefined;
  return {
    formName: bundle.template.name,
    formTitle: bundle.template.title,
    submissionId,
    kind: 'estimate',
    submitterEmail: typeof email === 'string' && email !== '' ? email : null,
    ...(typeof name === 'string' && name !== '' ? { submitterName: name } : {}),
    // the picks as the summary and the PDF name them (customLabels first)
    fields: selectionRows(bundle.template, values),
    estimate: { min: estimate.totalPrice.min, max: estimate.totalPrice.max, rows: estimate.summary },
  };
}
