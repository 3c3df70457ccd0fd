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
