import type { ReactNode } from 'react';
import { FieldShell, fieldMessageIds, type FieldBaseProps } from './FieldShell.js';

/** Options that come from the network: loading, or failed with a message and a way to try again. */
export interface OptionsLoadState {
  loading?: boolean;
  loadError?: string;
  onRetry?: () => void;
}

/** A list that could not be loaded: the message (the control points at it) and Retry. */
export function OptionsLoadError({ id, message, onRetry }: { id: string; message: string; onRetry?: () => void }) {
  return (
    <p id={id} className="sf-field__notice" role="alert">
      {message}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="sf-field__retry" onClick={onRetry}>
            Retry
          </button>
        </>
      )}
    </p>
  );
}

/**
 * The shell of a dropdown whose options come from the network: label, control, hint, then (when the
 * load failed) the message with Retry, which the control names in its aria-describedby.
 */
export function OptionsFieldShell({ loadError, onRetry, children, ...field }: Omit<FieldBaseProps, 'describedBy'> & Omit<OptionsLoadState, 'loading'> & { children: ReactNode }) {
  return (
    <FieldShell {...field} kind="select" after={loadError !== undefined && <OptionsLoadError id={fieldMessageIds(field.id).notice} message={loadError} onRetry={onRetry} />}>
      {children}
    </FieldShell>
  );
}
