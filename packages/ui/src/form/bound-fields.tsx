import type { ChangeEvent } from 'react';
import { get, useFormContext, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from '../fields/Checkbox.js';
import { Select, type SelectProps } from '../fields/Select.js';
import { TextInput, type TextInputProps } from '../fields/TextInput.js';

/**
 * The kit's fields bound to a react-hook-form form by `register()`: the field's id (`${idPrefix}-${name}`),
 * its message from the form's errors, and its default value drawn into the server's HTML. What a visitor
 * types before hydration stays in the uncontrolled input and react-hook-form reads it when it
 * registers; a field drawn empty instead would show the first option of a list until hydration, then
 * switch.
 */
interface BindingProps<V extends FieldValues> {
  name: Path<V>;
  /** the form's own ids start with it: `${idPrefix}-${name}` */
  idPrefix: string;
  /** the form to bind to; the one in context (FormProvider) when left out */
  control?: Control<V>;
}

/** Labels written by us are shown whole; only the form engine's editor-written labels take the kit's cut. */
const NO_LABEL_CUT = Number.MAX_SAFE_INTEGER;

/** The id a bound field gets, for a form's own aria-describedby or focus targets. */
export function boundFieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/** A field's message (none when empty) and its starting value, read from the form's state. */
export function useBoundFieldState<V extends FieldValues>(name: Path<V>, control?: Control<V>): { error: string | undefined; defaultValue: unknown; control: Control<V> } {
  const context = useFormContext<V>() as ReturnType<typeof useFormContext<V>> | null;
  const bound = control ?? context?.control;
  if (!bound) throw new Error(`The field "${name}" is bound to no form: pass control or render it inside a FormProvider.`);
  const { errors, defaultValues } = useFormState({ control: bound, name });
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return { error: typeof message === 'string' && message ? message : undefined, defaultValue: get(defaultValues, name), control: bound };
}

/** A text default for an input's `defaultValue` (none when empty: the HTML stays as it was). */
function textDefault(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** register()'s props, with `onValueChange` told of each change before the form is. */
function useRegistration<V extends FieldValues>(name: Path<V>, control: Control<V>, onValueChange: ((value: string) => void) | undefined) {
  const { onChange, ...registration } = control.register(name);
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      onValueChange?.(event.target.value);
      return onChange(event);
    },
  };
}

type KitOwned = 'id' | 'name' | 'error' | 'ref' | 'onChange' | 'onBlur' | 'defaultValue' | 'value';

export type FormTextInputProps<V extends FieldValues> = BindingProps<V> &
  Omit<TextInputProps, KitOwned> & {
    /** told of each change (the shopper's country picks the state list) */
    onValueChange?: (value: string) => void;
  };

/** What a bound text input and a bound select both take from the form: id, registration, message, starting value. */
function useBoundTextControl<V extends FieldValues>(name: Path<V>, idPrefix: string, control: Control<V> | undefined, onValueChange: ((value: string) => void) | undefined) {
  const state = useBoundFieldState(name, control);
  const registration = useRegistration(name, state.control, onValueChange);
  return { ...registration, id: boundFieldId(idPrefix, name), error: state.error, defaultValue: textDefault(state.defaultValue) };
}

export function FormTextInput<V extends FieldValues>({ name, idPrefix, control, onValueChange, labelLengthLimit = NO_LABEL_CUT, ...input }: FormTextInputProps<V>) {
  const bound = useBoundTextControl(name, idPrefix, control, onValueChange);
  return <TextInput {...input} {...bound} labelLengthLimit={labelLengthLimit} />;
}

export type FormSelectProps<V extends FieldValues> = BindingProps<V> &
  Omit<SelectProps, KitOwned> & {
    onValueChange?: (value: string) => void;
  };

export function FormSelect<V extends FieldValues>({ name, idPrefix, control, onValueChange, labelLengthLimit = NO_LABEL_CUT, ...select }: FormSelectProps<V>) {
  const bound = useBoundTextControl(name, idPrefix, control, onValueChange);
  return <Select {...select} {...bound} labelLengthLimit={labelLengthLimit} />;
}

export type FormCheckboxProps<V extends FieldValues> = BindingProps<V> & Omit<CheckboxProps, KitOwned | 'defaultChecked' | 'checked'>;

export function FormCheckbox<V extends FieldValues>({ name, idPrefix, control, ...checkbox }: FormCheckboxProps<V>) {
  const state = useBoundFieldState(name, control);
  return <Checkbox {...checkbox} {...state.control.register(name)} id={boundFieldId(idPrefix, name)} error={state.error} defaultChecked={state.defaultValue === true} />;
}
