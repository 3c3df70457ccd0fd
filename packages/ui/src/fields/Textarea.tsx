import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldShell, controlAria, type FieldBaseProps } from './FieldShell.js';

/** Spec §3/§9: text areas have 4 rows unless the definition says otherwise. */
export const TEXTAREA_DEFAULT_ROWS = 4;

export interface TextareaProps extends FieldBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea(props: TextareaProps) {
  const { id, label, required, error, describedBy, hint, labelLengthLimit, className, rows, ref, ...textarea } = props;
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} kind="textarea">
      <textarea
        {...textarea}
        {...controlAria({ id, required, error, describedBy, hint })}
        ref={ref}
        id={id}
        rows={rows ?? TEXTAREA_DEFAULT_ROWS}
        className="sf-input sf-input--textarea"
      />
    </FieldShell>
  );
}
