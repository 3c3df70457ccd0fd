import { Button } from '@storefront/ui';
import type { FormEvent, InputHTMLAttributes } from 'react';

interface SearchFormProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'onSubmit'> {
  id: string;
  /** read by screen readers; the box shows a placeholder instead */
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  formClassName: string;
  submitDisabled?: boolean;
}

/** A search landmark: one query box with a visually hidden label, and a Search button. */
export function SearchForm({ id, label, value, onChange, onSubmit, formClassName, submitDisabled, className, ...input }: SearchFormProps) {
  return (
    <form role="search" className={formClassName} onSubmit={onSubmit}>
      <label htmlFor={id} className="sf-visually-hidden">
        {label}
      </label>
      <input {...input} id={id} className={className ? `sf-input ${className}` : 'sf-input'} type="search" value={value} onChange={(event) => onChange(event.target.value)} />
      <Button type="submit" disabled={submitDisabled}>
        Search
      </Button>
    </form>
  );
}
