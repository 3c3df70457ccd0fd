import { useEffect } from 'react';
import { useNavigate } from '@storefront/ui';
import { loginPathFor } from './browser-call.js';

/**
 * An account screen without a session (the API answered 401) goes to the sign-in page, which brings
 * the visitor back to `returnPath` afterwards; `replace`, so Back does not return to the dead end.
 */
export function useSignInRedirect(signedOut: boolean, returnPath: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (signedOut) navigate(loginPathFor(returnPath), { replace: true });
  }, [signedOut, returnPath, navigate]);
}
