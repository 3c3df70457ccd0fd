import { useController, useFormContext } from 'react-hook-form';
import type { EstimatorField } from '@storefront/contracts';
import { Checkbox, RadioGroup, Select, TextInput, Textarea } from '@storefront/ui/fields';

/** The id of a question's control (a radio question's fieldset): focus and scroll targets use it. */
export function estimatorInputId(name: string): string {
  return `estimator-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

const asText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * One estimator question drawn with the UI kit's field kit (the same fields as the forms and the
 * checkout): a dropdown, radio cards (an option's description under its label), a tick box or a
 * text/number/e-mail/phone input.
 */
export function EstimatorFieldInput({ field, error }: { field: EstimatorField; error?: string }) {
  const { control } = useFormContext();
  const { field: input } = useController({ name: field.name, control });
  const id = estimatorInputId(field.name);
  const common = { id, label: field.label, required: field.required, error, className: `mf-estimator-field mf-estimator-field--${field.type}` };

  switch (field.type) {
    case 'radio':
      return (
        <RadioGroup
          {...common}
          ref={input.ref}
          name={input.name}
          layout="card"
          options={(field.options ?? []).map((option) => ({ value: option.value, label: option.label, description: option.description }))}
          value={asText(input.value)}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          className={common.className}
          label={field.label}
          required={field.required}
          error={error}
          ref={input.ref}
          name={input.name}
          checked={input.value === true}
          onChange={(event) => input.onChange(event.target.checked)}
          onBlur={input.onBlur}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          ref={input.ref}
          name={input.name}
          placeholder={field.placeholder ?? 'Select an option'}
          options={(field.options ?? []).map((option) => ({ value: option.value, label: option.label }))}
          value={asText(input.value)}
          onChange={(event) => input.onChange(event.target.value)}
          onBlur={input.onBlur}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          ref={input.ref}
          name={input.name}
          placeholder={field.placeholder}
          value={asText(input.value)}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          ref={input.ref}
          name={input.name}
          type={field.type}
          placeholder={field.placeholder}
          value={asText(input.value)}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
  }
}
