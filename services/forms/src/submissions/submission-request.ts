import { BadRequestException } from '@nestjs/common';
import { ACCOUNT_REGISTRATION_ACTION, accountRoutes, isUuid, type FormDefinition, type FormField, type FormSubmission } from '@storefront/contracts';
import { submittedStepIndex } from './form-steps.js';

/** The message of every 400 carrying per-field errors. */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export const FORM_NOT_FOUND_MESSAGE = 'Form not found';
export const SUBMISSION_NOT_FOUND_MESSAGE = 'Form submission not found';
export const CONTINUATION_TOKEN_REQUIRED_MESSAGE =
  'continuationToken is required to continue a form: send the one the first step returned with its id.';
export const ACCOUNT_REGISTRATION_MESSAGE = `This form creates a customer account: send it to POST ${accountRoutes.register.path}, not to the form submissions.`;

/**
 * The envelope's `name` must be the form in the address: a body meant for one form is never stored
 * under another. (The envelope itself is checked by the route's schema, formSubmissionSchema.)
 */
export function assertSubmissionNames(formName: string, submission: Pick<FormSubmission, 'name'>): void {
  if (submission.name !== formName) {
    throw new BadRequestException(`Form name "${submission.name}" does not match the form "${formName}" in the address`);
  }
}

/**
 * A form whose submit creates an account (actions.submit 'account-registration') is the accounts'
 * to take: stored here it would keep a copy derived from the password among the submissions.
 */
export function assertNotAccountRegistration(definition: Pick<FormDefinition, 'actions'>): void {
  if (definition.actions?.submit === ACCOUNT_REGISTRATION_ACTION) {
    throw new BadRequestException({ message: ACCOUNT_REGISTRATION_MESSAGE, errorType: 'accountRegistrationForm' });
  }
}

export function isSubmissionId(id: string): boolean {
  return isUuid(id);
}

/** A multi-step form definition lists its fields per step (spec: steps each with fields). */
type DefinitionWithSteps = FormDefinition & { steps?: { fields?: FormField[] }[] };

/**
 * The fields to check for one request. A single-step form: all of them. A multi-step form: the step
 * the submitted values belong to (each Next sends one step), so later steps' required fields are not
 * demanded early.
 */
export function fieldsToValidate(definition: FormDefinition, formData: unknown): FormField[] {
  const index = submittedStepIndex(definition, formData);
  if (index === null) return definition.fields ?? [];
  return (definition as DefinitionWithSteps).steps?.[index]?.fields ?? [];
}
