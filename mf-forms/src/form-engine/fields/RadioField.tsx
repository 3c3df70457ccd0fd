import { useFormContext } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { ChoiceFieldset } from './ChoiceFieldset.js';
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
            <label htmlFor={optionId}>
              {option.image && (
                <img src={option.image.src} width={option.image.width} height={option.image.height} alt={option.image.alt} loading="lazy" />
              )}
              <span className="mf-choice__label">{option.label}</span>
              {option.description && <span className="mf-choice__description">{option.description}</span>}
            </label>
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}
