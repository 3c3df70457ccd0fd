import type { HTMLAttributes, ReactNode } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { FieldError, Select, TextInput } from '@storefront/ui/fields';

/**
 * The checkout's inputs: the UI kit's field kit (label, required mark, aria-invalid and
 * aria-describedby pointing at the message, the message announced when it appears) bound to the
 * checkout's react-hook-form by `register()`, with the checkout's ids.
 */
export function fieldIds(name: string) {
  return { input: `checkout-${name}`, error: `checkout-${name}-error` };
}

export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

export { FieldError };

/**
 * The field's starting value, drawn into the server's HTML (the country already United States, the
 * default method chosen): what the shopper sees, and may change, before hydration is what the form
 * starts from. react-hook-form then keeps a field changed before hydration (its value is no longer
 * its defaultValue) and leaves the rest as they are; without it the page showed the first country
 * of the list until hydration, then switched.
 */
export function useDefaultValue(name: string): unknown {
  const { formState } = useFormContext();
  return get(formState.defaultValues, name);
}

/** A text default for an input's `defaultValue` (none when empty: the HTML stays as it was). */
function textDefault(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
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
  /** rewrites what was typed or pasted (e.g. digits only) before the form sees it */
  filter?: (text: string) => string;
  onValueChange?: (value: string) => void;
  /** shown and submitted, not editable (a signed-in customer's e-mail); said to assistive technology too */
  readOnly?: boolean;
}

// Checkout labels are the kit's whole: none is near the form engine's 40-character cut.
const NO_LABEL_CUT = Number.MAX_SAFE_INTEGER;

export function TextField({ name, label, required, className, disabled, readOnly, type = 'text', autoComplete, inputMode, maxLength, placeholder, filter, onValueChange }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const { onChange, ...registration } = register(name);
  const defaultValue = textDefault(useDefaultValue(name));
  return (
    <TextInput
      {...registration}
      defaultValue={defaultValue}
      id={fieldIds(name).input}
      label={label}
      required={required}
      error={error}
      className={className}
      labelLengthLimit={NO_LABEL_CUT}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly || undefined}
      aria-readonly={readOnly || undefined}
      filter={filter}
      onChange={(event) => {
        onValueChange?.(event.target.value);
        return onChange(event);
      }}
    />
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
  const { onChange, ...registration } = register(name);
  const defaultValue = textDefault(useDefaultValue(name));
  return (
    <Select
      {...registration}
      defaultValue={defaultValue}
      id={fieldIds(name).input}
      label={label}
      required={required}
      error={error}
      className={className}
      labelLengthLimit={NO_LABEL_CUT}
      options={options}
      placeholder={placeholder}
      autoComplete={autoComplete}
      disabled={disabled}
      onChange={(event) => {
        onValueChange?.(event.target.value);
        return onChange(event);
      }}
    />
  );
}

export function FieldGroup({ legend, children, className, describedBy }: { legend: string; children: ReactNode; className?: string; describedBy?: string }) {
  return (
    <fieldset className={['sf-checkout-group', className].filter(Boolean).join(' ')} aria-describedby={describedBy}>
      <legend className="sf-checkout-group__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
