import { useEffect } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import type { FormField, FormValues } from '@storefront/contracts';
import { isFieldHidden, visibleOptions } from '@storefront/form-schema';
import { CheckboxField } from './fields/CheckboxField.js';
import { CheckboxGroupField } from './fields/CheckboxGroupField.js';
import { HiddenField } from './fields/HiddenField.js';
import { RadioField } from './fields/RadioField.js';
import { SelectField } from './fields/SelectField.js';
import { TextareaField } from './fields/TextareaField.js';
import { TextField } from './fields/TextField.js';
import { RequiredMark, fieldClassName } from './fields/FieldShell.js';
import type { FieldProps } from './fields/types.js';
import { emptyValueFor } from './form-values.js';

interface FieldListProps {
  fields: readonly FormField[];
  formId: string;
  /** "group." inside a group, empty at the top */
  prefix?: string;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

/**
 * Spec 4: when a hideWhen condition matches, the field is hidden and its value cleared; a picked
 * option that gets hidden is cleared too. (The shared schema also strips hidden fields on submit.)
 */
function useClearHiddenValues(fields: readonly FormField[], scope: FormValues, prefix: string) {
  const { setValue, getValues } = useFormContext();
  useEffect(() => {
    for (const field of fields) {
      const path = prefix + field.name;
      if (field.type === 'group') continue;
      const current: unknown = getValues(path);
      if (isFieldHidden(field, scope)) {
        if (!isEmpty(current)) setValue(path, emptyValueFor(field));
      } else if (field.options?.some((option) => option.hideWhen) && typeof current === 'string' && current !== '') {
        if (!visibleOptions(field.options, scope).some((option) => option.value === current)) setValue(path, '');
      }
    }
  }, [fields, scope, prefix, setValue, getValues]);
}

function GroupField({ field, name, formId }: FieldProps) {
  return (
    <fieldset className={`${fieldClassName(field, 'group')} mf-group`}>
      {field.label && (
        <legend className="mf-field__label">
          {field.label}
          <RequiredMark required={field.required} />
        </legend>
      )}
      <FieldList fields={field.fields ?? []} formId={formId} prefix={`${name}.`} />
    </fieldset>
  );
}

function FieldRenderer(props: FieldProps) {
  switch (props.field.type) {
    case 'text':
    case 'email':
    case 'tel':
    case 'password':
    case 'number':
      return <TextField {...props} />;
    case 'textarea':
      return <TextareaField {...props} />;
    case 'select':
      return <SelectField {...props} />;
    case 'checkbox':
    case 'newsletter':
      return <CheckboxField {...props} />;
    case 'radio':
      return <RadioField {...props} />;
    case 'checkbox-group':
      return <CheckboxGroupField {...props} />;
    case 'hidden':
      return <HiddenField {...props} />;
    case 'group':
      return <GroupField {...props} />;
    case 'file':
      // File upload needs a multipart submission the forms service does not take yet.
      return null;
  }
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

  return (
    <>
      {fields.map((field) => {
        if (isFieldHidden(field, scope)) return null;
        const name = prefix + field.name;
        const message: unknown = get(errors, `${name}.message`);
        return (
          <FieldRenderer
            key={name}
            field={field}
            name={name}
            formId={formId}
            error={typeof message === 'string' ? message : undefined}
            options={visibleOptions(field.options, scope)}
          />
        );
      })}
    </>
  );
}
