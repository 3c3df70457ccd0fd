import { useController } from 'react-hook-form';
import { fieldIds } from '../field-ids.js';
import { ChoiceFieldset, ChoiceLabel } from './ChoiceFieldset.js';
import type { FieldProps } from './types.js';

/** Several tick boxes answering one question; the value is the list of ticked option values. */
export function CheckboxGroupField({ field, name, formId, error, options }: FieldProps) {
  const { field: control } = useController({ name });
  const ids = fieldIds(formId, name);
  const selected: string[] = Array.isArray(control.value) ? (control.value as string[]) : [];

  function toggle(value: string, checked: boolean) {
    control.onChange(checked ? [...selected, value] : selected.filter((entry) => entry !== value));
  }

  return (
    <ChoiceFieldset field={field} errorId={ids.error} error={error}>
      {options.map((option, index) => {
        const optionId = `${ids.input}-${index}`;
        return (
          <div className="mf-choice" key={option.value}>
            <input
              id={optionId}
              ref={index === 0 ? control.ref : undefined}
              type="checkbox"
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={control.onBlur}
              aria-invalid={error ? true : undefined}
            />
            <ChoiceLabel htmlFor={optionId} option={option} />
          </div>
        );
      })}
    </ChoiceFieldset>
  );
}
