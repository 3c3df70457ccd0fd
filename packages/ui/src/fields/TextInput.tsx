import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { FieldShell, controlAria, type FieldBaseProps } from './FieldShell.js';
import { decimalOnly, digitsOnly } from './input-filters.js';

export type TextInputType = 'text' | 'email' | 'tel' | 'password' | 'number' | 'hidden';

export interface TextInputProps extends FieldBaseProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> {
  type?: TextInputType;
  /** digits only (typed and pasted) */
  onlyNumbers?: boolean;
  /** digits with one optional decimal point (typed and pasted); number inputs always are */
  numericOnly?: boolean;
  /** rewrites what was typed or pasted before anyone sees it (card number spacing, "MM / YY") */
  filter?: (text: string) => string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * text, email, tel, password, number and hidden inputs. Works with react-hook-form's `register()`
 * (ref, name, onChange, onBlur are passed through) or as a controlled input (value + onChange).
 */
export function TextInput(props: TextInputProps) {
  const { id, label, required, error, describedBy, hint, labelLengthLimit, className, type = 'text', onlyNumbers, numericOnly, filter, onChange, ref, ...input } = props;
  if (type === 'hidden') return <input {...input} ref={ref} id={id} type="hidden" onChange={onChange} />;

  const rewrite = filter ?? (onlyNumbers ? digitsOnly : numericOnly || type === 'number' ? decimalOnly : undefined);
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    // One place for keystrokes and pastes alike: both arrive here as the input's new value.
    if (rewrite) {
      const rewritten = rewrite(event.target.value);
      if (rewritten !== event.target.value) event.target.value = rewritten;
    }
    onChange?.(event);
  }
  // Numbers use a text input so the browser never swallows what was typed; the filter keeps it numeric.
  const htmlType = type === 'number' ? 'text' : type;
  const inputMode = input.inputMode ?? (onlyNumbers ? 'numeric' : numericOnly || type === 'number' ? 'decimal' : undefined);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} kind="text">
      <input
        {...input}
        {...controlAria({ id, required, error, describedBy, hint })}
        ref={ref}
        id={id}
        type={htmlType}
        inputMode={inputMode}
        className="sf-input"
        onChange={handleChange}
      />
    </FieldShell>
  );
}
