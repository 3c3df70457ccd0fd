import type { ReactNode, Ref } from 'react';
import { ChoiceIcon, isChoiceIconName } from './choice-icons.js';
import { FieldsetShell, type FieldBaseProps } from './FieldShell.js';
import type { FieldChoice } from './Select.js';

interface ChoiceGroupProps extends Omit<FieldBaseProps, 'describedBy'> {
  /** the inputs' shared name */
  name: string;
  options: readonly FieldChoice[];
  onBlur?: () => void;
  disabled?: boolean;
  /** the first input (react-hook-form focuses it on an error) */
  ref?: Ref<HTMLInputElement>;
}

function optionId(id: string, index: number): string {
  return `${id}-${index}`;
}

interface ChoiceOptionProps {
  groupId: string;
  index: number;
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  required?: boolean;
  /** the group's ref goes on its first input */
  groupRef?: Ref<HTMLInputElement>;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  /** what the label shows */
  children: ReactNode;
}

/** One tick box or radio with its label: the input comes first so CSS can style the label by its state. */
function ChoiceOption({ groupId, index, type, name, value, checked, disabled, required, groupRef, onChange, onBlur, children }: ChoiceOptionProps) {
  return (
    <div className="sf-choice">
      <input
        ref={index === 0 ? groupRef : undefined}
        id={optionId(groupId, index)}
        className="sf-choice__input"
        type={type}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-required={required || undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
      <label htmlFor={optionId(groupId, index)} className="sf-choice__label">
        {children}
      </label>
    </div>
  );
}

export interface CheckboxGroupProps extends ChoiceGroupProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** Several tick boxes answering one question (fieldset + legend); the value is the ticked values in option order. */
export function CheckboxGroup({ id, label, required, error, hint, labelLengthLimit, className, name, options, value, onChange, onBlur, disabled, ref }: CheckboxGroupProps) {
  function toggle(optionValue: string, checked: boolean) {
    const next = new Set(value);
    if (checked) next.add(optionValue);
    else next.delete(optionValue);
    onChange(options.map((option) => option.value).filter((entry) => next.has(entry)));
  }
  return (
    <FieldsetShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} kind="choices">
      <div className="sf-choices sf-choices--checkbox">
        {options.map((option, index) => (
          <ChoiceOption key={option.value} groupId={id} index={index} type="checkbox" name={name} value={option.value} checked={value.includes(option.value)} disabled={disabled} groupRef={ref} onChange={(checked) => toggle(option.value, checked)} onBlur={onBlur}>
            <span className="sf-choice__text">{option.label}</span>
            {option.description && <span className="sf-choice__description">{option.description}</span>}
          </ChoiceOption>
        ))}
      </div>
    </FieldsetShell>
  );
}

/** Radio layouts (spec §3): plain radios, segmented buttons, or cards with an image and a description. */
export type RadioLayout = 'radio' | 'button' | 'card';

export interface RadioGroupProps extends ChoiceGroupProps {
  value: string;
  onChange: (value: string) => void;
  layout?: RadioLayout;
}

/**
 * One answer of several. Every layout is native radios in a fieldset (arrow keys move between them,
 * screen readers say "radio, 2 of 4"); `button` and `card` only change how the labels look.
 */
export function RadioGroup({ id, label, required, error, hint, labelLengthLimit, className, name, options, value, onChange, onBlur, disabled, layout = 'radio', ref }: RadioGroupProps) {
  return (
    <FieldsetShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} kind="choices">
      <div className={`sf-choices sf-choices--${layout}`}>
        {options.map((option, index) => (
          <ChoiceOption key={option.value} groupId={id} index={index} type="radio" name={name} value={option.value} checked={value === option.value} disabled={disabled} required={required} groupRef={ref} onChange={() => onChange(option.value)} onBlur={onBlur}>
            {layout === 'card' && isChoiceIconName(option.image?.iconName) && <ChoiceIcon name={option.image.iconName} />}
            {layout === 'card' && option.image?.src && (
              <img className="sf-choice__image" src={option.image.src} width={option.image.width} height={option.image.height} alt={option.image.alt ?? ''} loading="lazy" />
            )}
            <span className="sf-choice__text">{option.label}</span>
            {option.description && layout !== 'button' && <span className="sf-choice__description">{option.description}</span>}
          </ChoiceOption>
        ))}
      </div>
    </FieldsetShell>
  );
}
