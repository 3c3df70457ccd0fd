import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Select, TextInput, type FieldChoice, type TextInputType } from '@storefront/ui/fields';

// The account forms' inputs: the UI kit's field kit bound by register(), as the checkout's are, with
// the form's default value drawn into the server's HTML (what a visitor types before hydration is
// kept by react-hook-form: see shared/typed-before-hydration.ts).

// Account labels are short and whole: no cut.
const NO_LABEL_CUT = Number.MAX_SAFE_INTEGER;

function messageOf<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  const message = error?.message;
  return typeof message === 'string' && message ? message : undefined;
}

function textDefault<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>): string | undefined {
  const value: unknown = get(form.formState.defaultValues, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export interface AccountTextFieldProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  /** the id prefix of the form (ids are `${idPrefix}-${name}`) */
  idPrefix: string;
  label: string;
  required?: boolean;
  type?: TextInputType;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  hint?: string;
  className?: string;
}

/** What every registered account input gets: register()'s props, its id, its server-drawn default and its message. */
function registeredField<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>, idPrefix: string) {
  return {
    ...form.register(name),
    defaultValue: textDefault(form, name),
    id: `${idPrefix}-${name}`,
    labelLengthLimit: NO_LABEL_CUT,
    error: messageOf(form, name),
  };
}

export function AccountTextField<V extends FieldValues>({ form, name, idPrefix, ...input }: AccountTextFieldProps<V>) {
  return <TextInput {...input} {...registeredField(form, name, idPrefix)} />;
}

export interface AccountSelectFieldProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  idPrefix: string;
  label: string;
  options: readonly FieldChoice[];
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}

export function AccountSelectField<V extends FieldValues>({ form, name, idPrefix, ...select }: AccountSelectFieldProps<V>) {
  return <Select {...select} {...registeredField(form, name, idPrefix)} />;
}

export interface AccountCheckboxProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: Path<V>;
  idPrefix: string;
  label: string;
  className?: string;
}

export function AccountCheckbox<V extends FieldValues>({ form, name, idPrefix, label, className }: AccountCheckboxProps<V>) {
  return (
    <Checkbox
      {...form.register(name)}
      defaultChecked={get(form.formState.defaultValues, name) === true}
      id={`${idPrefix}-${name}`}
      label={label}
      error={messageOf(form, name)}
      className={className}
    />
  );
}
