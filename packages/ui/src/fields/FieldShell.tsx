import type { ReactNode } from 'react';
import { truncateText } from '../text/truncate.js';

/** Spec §9: labels longer than this are cut (a field's labelLengthLimit overrides it). */
export const LABEL_LENGTH_LIMIT = 40;

/** The ids that tie a field's label, control, hint and message together for screen readers. */
export function fieldMessageIds(id: string) {
  return { label: `${id}-label`, error: `${id}-error`, hint: `${id}-hint`, notice: `${id}-notice` };
}

/** aria-describedby from the ids that are present (undefined when none). */
export function describedByIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((entry): entry is string => typeof entry === 'string' && entry !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

/** What every field takes besides its value. */
export interface FieldBaseProps {
  /** the control's id; the label, hint and error ids are made from it */
  id: string;
  label: string;
  required?: boolean;
  /** the message under the control (aria-invalid, announced when it appears) */
  error?: string;
  /** more ids describing the control (a hint outside the field) */
  describedBy?: string;
  hint?: ReactNode;
  /** default 40 */
  labelLengthLimit?: number;
  /** classes for the field's wrapper (grid placement, the definition's className) */
  className?: string;
}

/**
 * A label cut at its limit: the cut text is what sighted users see (the full text as a tooltip), the
 * full text is what screen readers read.
 */
export function FieldLabelText({ text, limit = LABEL_LENGTH_LIMIT }: { text: string; limit?: number }) {
  const { text: cut, truncated } = truncateText(text, limit);
  if (!truncated) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true" title={text}>
        {cut}
      </span>
      <span className="sf-visually-hidden">{text}</span>
    </>
  );
}

export function RequiredMark({ required }: { required?: boolean }) {
  // The star is for sighted users; the control carries aria-required for screen readers.
  return required ? (
    <span className="sf-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="sf-field__error" role="alert">
      {message}
    </p>
  );
}

export function fieldClassName(kind: string, className?: string): string {
  return ['sf-field', `sf-field--${kind}`, className].filter(Boolean).join(' ');
}

/** The ARIA a control of a field carries: required, invalid, and what describes it. */
export function controlAria(props: Pick<FieldBaseProps, 'id' | 'required' | 'error' | 'describedBy' | 'hint'>, ...more: (string | undefined)[]) {
  const ids = fieldMessageIds(props.id);
  return {
    'aria-required': props.required || undefined,
    'aria-invalid': props.error ? (true as const) : undefined,
    'aria-describedby': describedByIds(props.error && ids.error, props.hint !== undefined && ids.hint, props.describedBy, ...more),
  };
}

interface FieldShellProps extends Omit<FieldBaseProps, 'describedBy'> {
  kind: string;
  children: ReactNode;
  /** the label names this id (default: `id`); a drop zone's button, for instance */
  labelFor?: string;
  /** after the control, before the error: a file list, a Retry button */
  after?: ReactNode;
}

/** Label (with the required mark, cut at its limit), control, hint, then the error announced when it appears. */
export function FieldShell({ id, label, required, error, hint, labelLengthLimit, className, kind, children, labelFor, after }: FieldShellProps) {
  const ids = fieldMessageIds(id);
  return (
    <div className={fieldClassName(kind, className)}>
      <label id={ids.label} className="sf-field__label" htmlFor={labelFor ?? id}>
        <FieldLabelText text={label} limit={labelLengthLimit} />
        <RequiredMark required={required} />
      </label>
      {children}
      {hint !== undefined && (
        <p id={ids.hint} className="sf-field__hint">
          {hint}
        </p>
      )}
      {after}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

interface FieldsetShellProps extends Omit<FieldBaseProps, 'describedBy'> {
  kind: string;
  children: ReactNode;
}

/** Radio buttons, tick-box groups and groups of fields: one fieldset whose legend is the question. */
export function FieldsetShell({ id, label, required, error, hint, labelLengthLimit, className, kind, children }: FieldsetShellProps) {
  const ids = fieldMessageIds(id);
  return (
    <fieldset
      id={id}
      className={fieldClassName(kind, className)}
      aria-describedby={describedByIds(error && ids.error, hint !== undefined && ids.hint)}
    >
      <legend id={ids.label} className="sf-field__label">
        <FieldLabelText text={label} limit={labelLengthLimit} />
        <RequiredMark required={required} />
      </legend>
      {hint !== undefined && (
        <p id={ids.hint} className="sf-field__hint">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={ids.error} message={error} />
    </fieldset>
  );
}
