import type { ReactNode } from 'react';
import type { FormField } from '@storefront/contracts';
import { labelText } from './types.js';

export function RequiredMark({ required }: { required?: boolean }) {
  // The star is for sighted users; inputs carry aria-required for screen readers.
  return required ? (
    <span className="mf-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mf-field__error" role="alert">
      {message}
    </p>
  );
}

export function fieldClassName(field: FormField, kind: string): string {
  const wide = field.span === 2 || kind === 'textarea' || kind === 'choice' || kind === 'group';
  return ['sf-field', 'mf-field', `mf-field--${kind}`, wide ? 'mf-field--wide' : '', field.className ?? ''].filter(Boolean).join(' ');
}

interface FieldShellProps {
  field: FormField;
  inputId: string;
  errorId: string;
  error?: string;
  kind: string;
  children: ReactNode;
}

/** Label above, input, then the error message announced when it appears. */
export function FieldShell({ field, inputId, errorId, error, kind, children }: FieldShellProps) {
  return (
    <div className={fieldClassName(field, kind)}>
      <label className="mf-field__label" htmlFor={inputId}>
        {labelText(field)}
        <RequiredMark required={field.required} />
      </label>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
