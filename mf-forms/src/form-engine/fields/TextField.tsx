import type { ChangeEvent, HTMLInputTypeAttribute } from 'react';
import { useFormContext } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { decimalOnly, digitsOnly } from '../input-filters.js';
import { FieldShell } from './FieldShell.js';
import type { FieldProps } from './types.js';

const autoCompleteByName: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  name: 'name',
  fullName: 'name',
  email: 'email',
  phone: 'tel',
  phoneNumber: 'tel',
  zip: 'postal-code',
  zipCode: 'postal-code',
  city: 'address-level2',
  address: 'street-address',
};

/** text, email, tel, password and number inputs. */
export function TextField({ field, name, formId, error }: FieldProps) {
  const { register } = useFormContext();
  const ids = fieldIds(formId, name);
  const { onChange, ...registration } = register(name);
  const filter = field.onlyNumbers ? digitsOnly : field.type === 'number' ? decimalOnly : undefined;
  // Numbers use a text input so the browser never swallows what was typed; the filter keeps it numeric.
  const type: HTMLInputTypeAttribute = field.type === 'number' ? 'text' : field.type;
  const inputMode = field.onlyNumbers ? 'numeric' : field.type === 'number' ? 'decimal' : undefined;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (filter) {
      const filtered = filter(event.target.value);
      if (filtered !== event.target.value) event.target.value = filtered;
    }
    return onChange(event);
  }

  return (
    <FieldShell field={field} inputId={ids.input} errorId={ids.error} error={error} kind="text">
      <input
        {...registration}
        onChange={handleChange}
        id={ids.input}
        type={type}
        inputMode={inputMode}
        className="mf-field__input sf-input"
        placeholder={field.placeholder}
        autoComplete={autoCompleteByName[field.name]}
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      />
    </FieldShell>
  );
}
