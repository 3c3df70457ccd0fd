import type { FormEvent, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { Button } from '@storefront/ui';
import { FormTextInput } from '@storefront/ui/form';

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

/**
 * A new password and its confirmation (a reset, a change): both `new-password`, so a password
 * manager offers to make and save one, and the rule's hint under the first.
 */
export function NewPasswordFields<V extends FieldValues & { confirmPassword: string }>({
  control,
  idPrefix,
  name,
  confirmLabel,
}: {
  control: Control<V>;
  idPrefix: string;
  /** the new password's field ('confirmPassword' is its confirmation) */
  name: Path<V>;
  confirmLabel: string;
}) {
  return (
    <>
      <FormTextInput control={control} name={name} idPrefix={idPrefix} label="New password" type="password" required autoComplete="new-password" hint="At least 8 characters." />
      <FormTextInput control={control} name={'confirmPassword' as Path<V>} idPrefix={idPrefix} label={confirmLabel} type="password" required autoComplete="new-password" />
    </>
  );
}
