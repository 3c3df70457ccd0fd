import { formatCents } from '@storefront/money';
import { Alert } from '@storefront/ui';

/**
 * A payment that failed on the provider's page, on the page it came back to (quote link, split
 * payment): why (the payments service's words), and what is still owed, from the server's figures.
 * It stays until the shopper dismisses it or pays again: they arrive from another site and must
 * find it (the 5 s of spec 9 is for the messages of this page's own actions).
 */
export function PaymentFailedNotice({ message, dueCents, onDismiss }: { message: string; dueCents: number; onDismiss(): void }) {
  return (
    <Alert type="error" onDismiss={onDismiss}>
      <p className="sf-pay-failed__message">{message}</p>
      {dueCents > 0 ? <p className="sf-pay-failed__due">{`Amount due: ${formatCents(dueCents)}`}</p> : null}
    </Alert>
  );
}
