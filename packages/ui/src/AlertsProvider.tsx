import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, type AlertType } from './Alert.js';

/** §9: an alert fades out over 500 ms. */
export const ALERT_FADE_MS = 500;

/** §4's alert fields (messageType maps to the kit's Alert types; default info, the kit's "primary"). */
export interface SiteAlert {
  id?: string;
  message: string;
  messageType?: AlertType;
  /** ms before it dismisses itself; 0 (default) keeps it until removed. */
  autoDismiss?: number;
  /** default true: shows a Dismiss button */
  messageRemovable?: boolean;
  /** default true: fades out instead of vanishing */
  fadeEffect?: boolean;
}

export interface AlertsApi {
  /** Shows `alert`, replacing the one on screen (one at a time). */
  showAlert: (alert: SiteAlert) => void;
  removeAlert: () => void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

/** The site's alerts api; throws outside AlertsProvider (§8: context misuse). */
export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext);
  if (!api) throw new Error('useAlerts must be used inside AlertsProvider');
  return api;
}

/** One alert at a time, pinned to the bottom of the screen, announced to screen readers. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<SiteAlert | null>(null);
  const [fading, setFading] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = () => {
    timers.current.forEach(clearTimeout);
    timers.current = [];
  };

  // The alert on screen, read by removeAlert without re-creating it (state updaters stay pure).
  const current = useRef<SiteAlert | null>(null);

  const removeAlert = useCallback(() => {
    clearTimers();
    if (!current.current) return;
    if (current.current.fadeEffect === false) {
      current.current = null;
      setAlert(null);
      return;
    }
    setFading(true);
    timers.current.push(
      setTimeout(() => {
        current.current = null;
        setAlert(null);
        setFading(false);
      }, ALERT_FADE_MS),
    );
  }, []);

  const showAlert = useCallback(
    (next: SiteAlert) => {
      clearTimers();
      setFading(false);
      current.current = next;
      setAlert(next);
      if (next.autoDismiss && next.autoDismiss > 0) timers.current.push(setTimeout(removeAlert, next.autoDismiss));
    },
    [removeAlert],
  );

  useEffect(() => clearTimers, []);

  const api = useMemo(() => ({ showAlert, removeAlert }), [showAlert, removeAlert]);
  return (
    <AlertsContext.Provider value={api}>
      {children}
      {alert && (
        <div className={`sf-alert-host${fading ? ' sf-alert-host--fading' : ''}`} key={alert.id}>
          <Alert
            type={alert.messageType ?? 'info'}
            onDismiss={alert.messageRemovable === false ? undefined : removeAlert}
          >
            {alert.message}
          </Alert>
        </div>
      )}
    </AlertsContext.Provider>
  );
}
