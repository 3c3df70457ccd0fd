import { isPlainObject, type FormDefinition } from '@storefront/contracts';

/**
 * The step one request of a multi-step form belongs to: the first step that has a submitted field
 * (each Next sends one step), else the first step. null for a single-step form. The one rule for both
 * validation (which fields to check) and completion (the last step sends the e-mails).
 */
export function submittedStepIndex(definition: Pick<FormDefinition, 'steps'>, formData: unknown): number | null {
  const steps = definition.steps;
  if (!Array.isArray(steps) || steps.length === 0) return null;
  const submitted = isPlainObject(formData) ? new Set(Object.keys(formData)) : new Set<string>();
  const index = steps.findIndex((step) => step.fields?.some((field) => submitted.has(field.name)));
  return index === -1 ? 0 : index;
}

/**
 * Whether this request completes the submission: always for a single-step form; for a multi-step form
 * only when the values belong to its LAST step. Decided from the definition, never from the browser.
 */
export function completesSubmission(definition: Pick<FormDefinition, 'steps'>, formData: unknown): boolean {
  const index = submittedStepIndex(definition, formData);
  return index === null || index === (definition.steps?.length ?? 0) - 1;
}
