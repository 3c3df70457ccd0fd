import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { RequiredMark, FieldError, controlAria, fieldClassName, fieldMessageIds } from './FieldShell.js';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> {
  id: string;
  /** the statement ticked (consent, newsletter opt-in): may carry a link, so a node; never cut */
  label: ReactNode;
  required?: boolean;
  error?: string;
  describedBy?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/** One tick box (also the `newsletter` type). Works with `register()` or checked + onChange. */
export function Checkbox(props: CheckboxProps) {
  const { id, label, required, error, describedBy, className, ref, ...input } = props;
  const ids = fieldMessageIds(id);
  return (
    <div className={fieldClassName('checkbox', className)}>
      <div className="sf-field__check">
        <input {...input} {...controlAria({ id, required, error, describedBy })} ref={ref} id={id} type="checkbox" />
        <label id={ids.label} htmlFor={id}>
          {label}
          <RequiredMark required={required} />
        </label>
      </div>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
