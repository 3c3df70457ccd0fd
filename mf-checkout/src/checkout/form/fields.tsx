import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';

/**
 * The checkout's inputs, on the UI kit's one field kit (sf-field, sf-field__label, sf-input,
 * sf-field__error): a visible label, aria-invalid and aria-describedby pointing at the message when
 * there is one, and the message announced when it appears.
 */
export function fieldIds(name: string) {
  return { input: `checkout-${name}`, error: `checkout-${name}-error` };
}

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="sf-field__error" role="alert">
      {message}
    </p>
  );
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="sf-checkout-required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  disabled?: boolean;
}

export interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  /** rewrites what was typed or pasted (digits only, "MM / YY") before the form sees it */
  filter?: (text: string) => string;
  onValueChange?: (value: string) => void;
}

/** Label, control and error in the kit's sf-field layout: what every checkout field shares. */
function FieldFrame({ label, required, className, ids, error, children }: { label: string; required?: boolean; className?: string; ids: { input: string; error: string }; error?: string; children: ReactNode }) {
  return (
    <div className={['sf-field', className].filter(Boolean).join(' ')}>
      <label className="sf-field__label" htmlFor={ids.input}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

export function TextField({ name, label, required, className, disabled, type = 'text', autoComplete, inputMode, maxLength, placeholder, filter, onValueChange }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const ids = fieldIds(name);
  const { onChange, ...registration } = register(name);
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    if (filter) {
      const filtered = filter(event.target.value);
      if (filtered !== event.target.value) event.target.value = filtered;
    }
    onValueChange?.(event.target.value);
    return onChange(event);
  }
  return (
    <FieldFrame label={label} required={required} className={className} ids={ids} error={error}>
      <input
        {...registration}
        onChange={handleChange}
        id={ids.input}
        type={type}
        className="sf-input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends BaseFieldProps {
  options: { value: string; label: string }[];
  placeholder?: string;
  autoComplete?: string;
  onValueChange?: (value: string) => void;
}

export function SelectField({ name, label, required, className, disabled, options, placeholder, autoComplete, onValueChange }: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const ids = fieldIds(name);
  const { onChange, ...registration } = register(name);
  return (
    <FieldFrame label={label} required={required} className={className} ids={ids} error={error}>
      <select
        {...registration}
        onChange={(event) => {
          onValueChange?.(event.target.value);
          return onChange(event);
        }}
        id={ids.input}
        className="sf-input"
        autoComplete={autoComplete}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Digits only (card number, CVV, zip-like inputs); anything else typed or pasted is dropped. */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** "1228" -> "12 / 28" while typing, as a hosted expiry field shows it. */
export function expiryFormat(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function FieldGroup({ legend, children, className, describedBy }: { legend: string; children: ReactNode; className?: string; describedBy?: string }) {
  return (
    <fieldset className={['sf-checkout-group', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend className="sf-checkout-group__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
