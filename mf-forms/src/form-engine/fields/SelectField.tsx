import { useFormContext } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { FieldShell } from './FieldShell.js';
import type { FieldProps } from './types.js';

/** A dropdown, or a list box when multiSelect is set. */
export function SelectField({ field, name, formId, error, options }: FieldProps) {
  const { register } = useFormContext();
  const ids = fieldIds(formId, name);
  const multiple = field.multiSelect === true;
  return (
    <FieldShell field={field} inputId={ids.input} errorId={ids.error} error={error} kind="select">
      <select
        {...register(name)}
        id={ids.input}
        multiple={multiple}
        className="mf-field__input sf-input"
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      >
        {!multiple && <option value="">{field.placeholder ?? 'Select an option'}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
