import type { ReactNode } from 'react';

export type AlertType = 'success' | 'error' | 'info' | 'warning';

export interface AlertProps {
  type: AlertType;
  children: ReactNode;
  onDismiss?: () => void;
}

/** Errors and warnings interrupt (role=alert); success and info are announced politely (role=status). */
export function Alert({ type, children, onDismiss }: AlertProps) {
  const urgent = type === 'error' || type === 'warning';
  return (
    <div className={`sf-alert sf-alert--${type}`} role={urgent ? 'alert' : 'status'}>
      <div className="sf-alert__body">{children}</div>
      {onDismiss && (
        <button type="button" className="sf-alert__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
