import { ACCOUNT_REGISTRATION_ACTION, type FormDefinition } from '@storefront/contracts';

/**
 * Where a form's submission goes. A definition names it in `actions.submit` (content/forms/*.json);
 * without one it goes to the forms service (POST /api/forms/{name}).
 * - `account-registration` (ACCOUNT_REGISTRATION_ACTION): POST /api/my-account/register (the
 *   /register form): the same body, and the answer signs the new customer in. The forms service
 *   refuses such a form, so it never stores a password.
 */
export const FORM_SUBMIT_ACTIONS = [ACCOUNT_REGISTRATION_ACTION] as const;
export type FormSubmitAction = (typeof FORM_SUBMIT_ACTIONS)[number] | 'form-submission';

/** The definition's `actions.submit`, read as one of the known actions (anything else: the forms service). */
export function submitActionOf(definition: Pick<FormDefinition, 'actions'>): FormSubmitAction {
  const named: unknown = definition.actions?.['submit'];
  return FORM_SUBMIT_ACTIONS.find((action) => action === named) ?? 'form-submission';
}
