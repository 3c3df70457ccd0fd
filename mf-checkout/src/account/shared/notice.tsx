import { useState } from 'react';
import { Alert, useLocation } from '@storefront/ui';

/** Router state an account screen leaves for the next one: what just happened ('Address saved.'). */
export interface AccountNoticeState {
  notice?: string;
}

/** The notice the previous screen left in the router state, shown once (dismissable). */
export function LocationNotice() {
  const location = useLocation();
  const left = (location.state as AccountNoticeState | null)?.notice;
  const [dismissed, setDismissed] = useState(false);
  if (!left || dismissed) return null;
  return (
    <Alert type="success" onDismiss={() => setDismissed(true)}>
      {left}
    </Alert>
  );
}
