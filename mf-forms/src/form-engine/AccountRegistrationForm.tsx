import { ACCOUNT_PATHS, SESSION_CHANGED_EVENT } from '@storefront/contracts';
import { RESULT_MESSAGE_MS, useAlerts, useNavigate } from '@storefront/ui';
import { DynamicForm, type DynamicFormProps } from './DynamicForm.js';
import type { SubmitOutcome } from './submit-form.js';

/** An outcome's words without markup (a configured success message may be HTML; a site alert is text). */
export function outcomeText(outcome: Extract<SubmitOutcome, { kind: 'success' }>): string {
  if (!outcome.html) return outcome.message;
  const text = new DOMParser().parseFromString(outcome.message, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The /register form (a definition whose `actions.submit` is `account-registration`): the form
 * engine's form, sent to the account service (submit-form.ts). Its success has signed the new
 * customer in (the answer set the session cookies), so it tells the page (SESSION_CHANGED_EVENT: the
 * header shows My Account), keeps the success message on screen as a site alert, which outlives this
 * page, and opens My Account.
 */
export function AccountRegistrationForm({ definition, onSuccess }: DynamicFormProps) {
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  return (
    <DynamicForm
      definition={definition}
      onSuccess={(outcome) => {
        window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
        showAlert({ message: outcomeText(outcome), messageType: 'success', autoDismiss: RESULT_MESSAGE_MS });
        onSuccess?.(outcome);
        navigate(ACCOUNT_PATHS.myAccount);
      }}
    />
  );
}
