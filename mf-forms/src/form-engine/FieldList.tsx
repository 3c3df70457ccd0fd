import { useEffect, useRef, type ComponentType } from 'react';
import { get, useController, useFormContext, useWatch } from 'react-hook-form';
import type { FormField, FormFieldType, FormValues } from '@storefront/contracts';
import { fieldTypeOf, isFieldHidden, visibleOptions } from '@storefront/form-schema';
import { SafeHtml } from '@storefront/ui';
import {
  Checkbox,
  CheckboxGroup,
  FieldGrid,
  FieldsetShell,
  FileField,
  RadioGroup,
  SearchableSelect,
  Select,
  TextInput,
  Textarea,
  fieldGridClass,
  type FileFieldLayout,
  type RadioLayout,
} from '@storefront/ui/fields';
import { fieldIds } from './field-ids.js';
import { useFieldOptions } from './field-options.js';
import { emptyValueFor, isEmptyValue } from './form-values.js';
import { fileHint } from './file-hint.js';

interface FieldListProps {
  fields: readonly FormField[];
  formId: string;
  /** "group." inside a group, empty at the top */
  prefix?: string;
}

interface FieldProps {
  field: FormField;
  /** react-hook-form path: the field's name, or "group.field" inside a group */
  name: string;
  formId: string;
  error?: string;
  /** the values hideWhen and dependsOn look at: the whole form, or the group's values inside a group */
  scope: FormValues;
  siblings: readonly FormField[];
}

function labelText(field: FormField): string {
  return field.label ?? field.name;
}

/**
 * Spec §4: when a hideWhen condition matches, the field is hidden and its value cleared; a chosen
 * option that gets hidden is cleared too. (The shared schema also strips hidden fields on submit.)
 */
function useClearHiddenValues(fields: readonly FormField[], scope: FormValues, prefix: string) {
  const { setValue, getValues } = useFormContext();
  useEffect(() => {
    for (const field of fields) {
      if (fieldTypeOf(field).group) continue;
      const path = prefix + field.name;
      const current: unknown = getValues(path);
      if (isFieldHidden(field, scope)) {
        if (!isEmptyValue(current)) setValue(path, emptyValueFor(field));
        continue;
      }
      if (!field.options?.some((option) => option.hideWhen)) continue;
      const shown = new Set(visibleOptions(field.options, scope).map((option) => option.value));
      if (typeof current === 'string' && current !== '' && !shown.has(current)) setValue(path, '');
      if (Array.isArray(current) && current.some((value) => !shown.has(String(value)))) {
        setValue(
          path,
          current.filter((value) => shown.has(String(value))),
        );
      }
    }
  }, [fields, scope, prefix, setValue, getValues]);
}

/**
 * dependsOn: a field whose parent's answer changes is cleared (a city of the old state means nothing
 * in the new one); clearing it is itself a change, so a chain (country -> state -> city) clears down.
 */
function useClearDependents(fields: readonly FormField[], scope: FormValues, prefix: string) {
  const { setValue } = useFormContext();
  const previous = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    const parents = new Map<string, string>();
    for (const field of fields) {
      if (field.dependsOn) parents.set(field.name, JSON.stringify(scope[field.dependsOn] ?? ''));
    }
    const before = previous.current;
    previous.current = parents;
    if (!before) return;
    for (const field of fields) {
      if (field.dependsOn && before.get(field.name) !== parents.get(field.name)) setValue(prefix + field.name, emptyValueFor(field));
    }
  }, [fields, scope, prefix, setValue]);
}

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
  country: 'country',
  state: 'address-level1',
  companyName: 'organization',
};

/** Where a field sits in the form's grid: its column, or the whole row (span 2, or by its type). */
function placement(field: FormField): string {
  const { wide } = fieldTypeOf(field);
  return [fieldGridClass({ column: field.column, span: field.span, wide }), 'mf-field', `mf-field--${field.type}`, field.className].filter(Boolean).join(' ');
}

function asString(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : value === undefined || value === null || value === '' ? [] : [String(value)];
}

/** One field on the kit, held by react-hook-form (the kit knows nothing of the form library). */
function useKitField({ field, name, formId, error }: FieldProps) {
  const { field: control } = useController({ name });
  const id = fieldIds(formId, name).input;
  const common = {
    id,
    label: labelText(field),
    required: field.required,
    error,
    labelLengthLimit: field.labelLengthLimit,
    className: placement(field),
  };
  return { control, id, common };
}

/** text, email, tel, password and number: one input, its `type` the field's. */
function TextField(props: FieldProps) {
  const { field, name } = props;
  const { control, common } = useKitField(props);
  return (
    <TextInput
      {...common}
      ref={control.ref}
      name={name}
      type={field.type === 'email' || field.type === 'tel' || field.type === 'password' || field.type === 'number' ? field.type : 'text'}
      onlyNumbers={field.onlyNumbers}
      numericOnly={field.numericOnly}
      placeholder={field.placeholder}
      autoComplete={autoCompleteByName[field.name]}
      value={asString(control.value)}
      onChange={control.onChange}
      onBlur={control.onBlur}
    />
  );
}

function TextareaField(props: FieldProps) {
  const { field, name } = props;
  const { control, common } = useKitField(props);
  return (
    <Textarea
      {...common}
      ref={control.ref}
      name={name}
      rows={field.rows}
      placeholder={field.placeholder}
      value={asString(control.value)}
      onChange={control.onChange}
      onBlur={control.onBlur}
    />
  );
}

function SelectField(props: FieldProps) {
  const { field, name, scope, siblings } = props;
  const { control, common } = useKitField(props);
  const options = useFieldOptions(field, scope, siblings);
  if (field.isDropdownSearchable && !field.multiSelect) {
    return (
      <SearchableSelect
        {...common}
        {...options}
        ref={control.ref}
        name={name}
        placeholder={field.placeholder}
        value={asString(control.value)}
        onChange={control.onChange}
        onBlur={control.onBlur}
      />
    );
  }
  return (
    <Select
      {...common}
      {...options}
      ref={control.ref}
      name={name}
      multiSelect={field.multiSelect}
      placeholder={field.placeholder ?? 'Select an option'}
      autoComplete={autoCompleteByName[field.name]}
      value={field.multiSelect ? asStrings(control.value) : asString(control.value)}
      onChange={(event) => control.onChange(field.multiSelect ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value)}
      onBlur={control.onBlur}
    />
  );
}

/** checkbox and newsletter: one tick box. */
function CheckboxField(props: FieldProps) {
  const { field, name, error } = props;
  const { control, id } = useKitField(props);
  return (
    <Checkbox
      id={id}
      className={placement(field)}
      // its label may carry a link (terms), so it is sanitised HTML, and a statement is never cut
      label={<SafeHtml as="span" html={labelText(field)} />}
      required={field.required}
      error={error}
      ref={control.ref}
      name={name}
      checked={control.value === true}
      onChange={(event) => control.onChange(event.target.checked)}
      onBlur={control.onBlur}
    />
  );
}

function RadioField(props: FieldProps) {
  const { field, name, scope, siblings } = props;
  const { control, common } = useKitField(props);
  const { options } = useFieldOptions(field, scope, siblings);
  return (
    <RadioGroup
      {...common}
      ref={control.ref}
      name={name}
      layout={(field.layout as RadioLayout | undefined) ?? 'radio'}
      options={options}
      value={asString(control.value)}
      onChange={control.onChange}
      onBlur={control.onBlur}
    />
  );
}

function CheckboxGroupField(props: FieldProps) {
  const { field, name, scope, siblings } = props;
  const { control, common } = useKitField(props);
  const { options } = useFieldOptions(field, scope, siblings);
  return <CheckboxGroup {...common} ref={control.ref} name={name} options={options} value={asStrings(control.value)} onChange={control.onChange} onBlur={control.onBlur} />;
}

function FileUploadField(props: FieldProps) {
  const { field, name } = props;
  const { control, common } = useKitField(props);
  return (
    <FileField
      {...common}
      ref={control.ref}
      name={name}
      layout={(field.layout as FileFieldLayout | undefined) ?? 'drag-&-drop'}
      fileTypes={field.fileTypes}
      maxFiles={field.maxFiles}
      maxFileSize={field.maxFileSize}
      hint={fileHint(field)}
      value={Array.isArray(control.value) ? (control.value as File[]) : []}
      onChange={control.onChange}
      onBlur={control.onBlur}
    />
  );
}

function HiddenField({ name }: FieldProps) {
  const { register } = useFormContext();
  return <input {...register(name)} type="hidden" />;
}

function GroupField({ field, name, formId, error }: FieldProps) {
  const id = fieldIds(formId, name).input;
  return (
    <FieldsetShell id={id} label={labelText(field)} required={field.required} error={error} labelLengthLimit={field.labelLengthLimit} className={`${placement(field)} mf-group`} kind="group">
      <FieldGrid className="mf-form__fields">
        <FieldList fields={field.fields ?? []} formId={formId} prefix={`${name}.`} />
      </FieldGrid>
    </FieldsetShell>
  );
}

/** The control each field type is drawn with (the compiler refuses a type without one). */
const FIELD_COMPONENTS: Record<FormFieldType, ComponentType<FieldProps>> = {
  text: TextField,
  email: TextField,
  number: TextField,
  hidden: HiddenField,
  tel: TextField,
  password: TextField,
  textarea: TextareaField,
  select: SelectField,
  checkbox: CheckboxField,
  newsletter: CheckboxField,
  'checkbox-group': CheckboxGroupField,
  radio: RadioField,
  file: FileUploadField,
  group: GroupField,
};

/**
 * A field's message: its own, or for a list value (files, a multi-select) the first of its items' —
 * yup reports "File is too large…" on photos[1], not on photos.
 */
export function fieldErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own !== '') return own;
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = fieldErrorMessage(item);
      if (message) return message;
    }
  }
  return undefined;
}

/** Renders the fields that are not hidden, each with its current error message. */
export function FieldList({ fields, formId, prefix = '' }: FieldListProps) {
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const allValues = useWatch({ control }) as FormValues;
  // Conditions look at sibling fields: the whole form at the top, the group's values inside a group.
  const scope = (prefix ? (get(allValues, prefix.slice(0, -1)) as FormValues | undefined) : allValues) ?? {};
  useClearHiddenValues(fields, scope, prefix);
  useClearDependents(fields, scope, prefix);

  return (
    <>
      {fields.map((field) => {
        if (isFieldHidden(field, scope)) return null;
        const name = prefix + field.name;
        const props: FieldProps = { field, name, formId, error: fieldErrorMessage(get(errors, name)), scope, siblings: fields };
        const Field = FIELD_COMPONENTS[field.type];
        return <Field key={name} {...props} />;
      })}
    </>
  );
}
