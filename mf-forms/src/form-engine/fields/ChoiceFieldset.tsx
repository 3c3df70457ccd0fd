import type { ReactNode } from 'react';
import type { FormField } from '@storefront/contracts';
import { FieldError, RequiredMark, fieldClassName } from './FieldShell.js';
import { labelText } from './types.js';

interface ChoiceFieldsetProps {
  field: FormField;
  errorId: string;
  error?: string;
  children: ReactNode;
}

/** Radio buttons and checkbox groups: one fieldset whose legend is the question. */
export function ChoiceFieldset({ field, errorId, error, children }: ChoiceFieldsetProps) {
  const layout = field.layout ?? 'radio';
  return (
    <fieldset className={`${fieldClassName(field, 'choice')} mf-choices mf-choices--${layout}`} aria-describedby={error ? errorId : undefined}>
      <legend className="mf-field__label">
        {labelText(field)}
        <RequiredMark required={field.required} />
      </legend>
      <div className="mf-choices__options">{children}</div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
