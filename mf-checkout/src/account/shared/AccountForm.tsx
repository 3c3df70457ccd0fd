import type { FormEvent, ReactNode } from 'react';
import { Button } from '@storefront/ui';

export interface AccountFormProps {
  /** the form's accessible name */
  label: string;
  className?: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** the answer of the last submit, above the fields */
  alert: ReactNode;
  submitting: boolean;
  submitText: string;
  /** the button's text while the request is under way */
  busyText: string;
  /** more actions beside the submit button (Cancel) */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * An account form: no `action` and no browser validation (the form's rules say what is wrong, in
 * the spec's words), the last answer above the fields, and the submit button busy while it is sent.
 */
export function AccountForm({ label, className, onSubmit, alert, submitting, submitText, busyText, actions, children }: AccountFormProps) {
  return (
    <form className={['sf-account-form', className].filter(Boolean).join(' ')} aria-label={label} noValidate onSubmit={onSubmit}>
      {alert}
      {children}
      <div className="sf-account-form__actions">
        <Button type="submit" aria-busy={submitting || undefined}>
          {submitting ? busyText : submitText}
        </Button>
        {actions}
      </div>
    </form>
  );
}
