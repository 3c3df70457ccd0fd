import { useFormContext } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { ChoiceFieldset, ChoiceLabel } from './ChoiceFieldset.js';
import type { FieldProps } from './types.js';

/** Radio options in the radio, button or card layout; card options may show an image and description. */
export function RadioField({ field, name, formId, error, options }: FieldProps) {
  const { register } = useFormContext();
  const ids = fieldIds(formId, name);
  return (
    <ChoiceFieldset field={field} errorId={ids.error} error={error}>
      {options.map((option, index) => {
        const optionId = `${ids.input}-${index}`;
        return (
          <div className="mf-choice" key={option.value}>
            <input
              {...register(name)}
              id={optionId}
              type="radio"
              value={option.value}
              aria-required={field.required || undefined}
              aria-invalid={error ? true : undefined}
            />
            <ChoiceLabel htmlFor={optionId} option={option} withImage />
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}
