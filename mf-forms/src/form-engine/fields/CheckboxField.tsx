import { useFormContext } from 'react-hook-form';
import { SafeHtml } from '@storefront/ui';
import { fieldIds } from '../field-ids.js';
import { FieldError, RequiredMark, fieldClassName } from './FieldShell.js';
import { labelText, type FieldProps } from './types.js';

/** One tick box (consent, newsletter opt-in); its label may carry a link, so it is sanitised HTML. */
export function CheckboxField({ field, name, formId, error }: FieldProps) {
  const { register } = useFormContext();
  const ids = fieldIds(formId, name);
  return (
    <div className={fieldClassName(field, 'checkbox')}>
      <div className="mf-field__check">
        <input
          {...register(name)}
          id={ids.input}
          type="checkbox"
          aria-required={field.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <label htmlFor={ids.input}>
          <SafeHtml as="span" html={labelText(field)} />
          <RequiredMark required={field.required} />
        </label>
      </div>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
