import type { ReactNode } from 'react';
import type { FieldOption, FormField } from '@storefront/contracts';
import { FieldError, RequiredMark, fieldClassName } from './FieldShell.js';
import { labelText } from './types.js';

interface ChoiceFieldsetProps {
  field: FormField;
  errorId: string;
  error?: string;
  children: ReactNode;
}

/** Radio buttons and checkbox groups: one fieldset whose legend is the question. */
export function ChoiceFieldset({ field, errorId, error, children }: ChoiceFieldsetProps) {
  const layout = field.layout ?? 'radio';
  return (
    <fieldset className={`${fieldClassName(field, 'choice')} mf-choices mf-choices--${layout}`} aria-describedby={error ? errorId : undefined}>
      <legend className="mf-field__label">
        {labelText(field)}
        <RequiredMark required={field.required} />
      </legend>
      <div className="mf-choices__options">{children}</div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

interface ChoiceLabelProps {
  htmlFor: string;
  option: FieldOption;
  /** Radio cards may show the option's image; tick boxes do not. */
  withImage?: boolean;
}

/** One option's label: its text and, when it has one, its description (and image, for radio cards). */
export function ChoiceLabel({ htmlFor, option, withImage = false }: ChoiceLabelProps) {
  return (
    <label htmlFor={htmlFor}>
      {withImage && option.image && (
        <img src={option.image.src} width={option.image.width} height={option.image.height} alt={option.image.alt} loading="lazy" />
      )}
      <span className="mf-choice__label">{option.label}</span>
      {option.description && <span className="mf-choice__description">{option.description}</span>}
    </label>
  );
}
