import type { Ref, SelectHTMLAttributes } from 'react';
import { controlAria, fieldMessageIds, type FieldBaseProps } from './FieldShell.js';
import { OptionsFieldShell, type OptionsLoadState } from './options-state.js';

/** The spec's loading text, in a select whose options are on their way. */
export const OPTIONS_LOADING = 'Loading...';

/** One choice of a select, radio group or tick-box group. */
export interface FieldChoice {
  value: string;
  label: string;
  /** card radios */
  description?: string;
  /** iconName: one of the kit's ChoiceIcon names (an unknown one is not drawn) */
  image?: { src?: string; width?: number; height?: number; alt?: string; iconName?: string };
}

export interface SelectProps extends FieldBaseProps, OptionsLoadState, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'multiple'> {
  options: readonly FieldChoice[];
  /** the empty first choice of a single select (none for a multi-select) */
  placeholder?: string;
  multiSelect?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native dropdown, or a list box with `multiSelect`. Works with `register()` or value + onChange.
 * While its options load it shows "Loading..." and cannot be used; a failed load says so, with Retry.
 */
export function Select(props: SelectProps) {
  const { id, label, required, error, describedBy, hint, labelLengthLimit, className, options, placeholder, multiSelect, loading, loadError, onRetry, ref, ...select } = props;
  const ids = fieldMessageIds(id);
  const unavailable = loading || loadError !== undefined;
  return (
    <OptionsFieldShell id={id} label={label} required={required} error={error} hint={hint} labelLengthLimit={labelLengthLimit} className={className} loadError={loadError} onRetry={onRetry}>
      <select
        {...select}
        {...controlAria({ id, required, error, describedBy, hint }, loadError !== undefined ? ids.notice : undefined)}
        ref={ref}
        id={id}
        multiple={multiSelect}
        disabled={select.disabled || unavailable}
        aria-busy={loading || undefined}
        className="sf-input"
      >
        {loading ? (
          <option value="">{OPTIONS_LOADING}</option>
        ) : loadError !== undefined ? (
          <option value="">{loadError}</option>
        ) : (
          <>
            {!multiSelect && placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </>
        )}
      </select>
    </OptionsFieldShell>
  );
}
