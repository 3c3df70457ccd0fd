import { useFormContext } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { FieldShell } from './FieldShell.js';
import type { FieldProps } from './types.js';

/** Spec: text areas have 4 rows unless the definition says otherwise. */
const DEFAULT_ROWS = 4;

export function TextareaField({ field, name, formId, error }: FieldProps) {
  const { register } = useFormContext();
  const ids = fieldIds(formId, name);
  return (
    <FieldShell field={field} inputId={ids.input} errorId={ids.error} error={error} kind="textarea">
      <textarea
        {...register(name)}
        id={ids.input}
        rows={field.rows ?? DEFAULT_ROWS}
        className="mf-field__input sf-input"
        placeholder={field.placeholder}
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      />
    </FieldShell>
  );
}
