// The test cards' own module (no imports): the hosted fields frame bundles this file too.
import { SANDBOX_TEST_CARDS, type SandboxOutcome } from '@storefront/contracts/sandbox-pay';

/** What a sandbox card number makes the payment do (docs/payments-and-email.md, "Sandbox"). */
export type { SandboxOutcome };

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';

const OUTCOME_BY_NUMBER = new Map<string, SandboxOutcome>(
  (Object.entries(SANDBOX_TEST_CARDS) as [SandboxOutcome, string][]).map(([outcome, number]) => [number, outcome]),
);

/** The outcome a (validated) card number selects; any number not in the list pays. */
export function sandboxOutcomeOf(cardNumber: string): SandboxOutcome {
  return OUTCOME_BY_NUMBER.get(cardNumber.replace(/[\s-]/g, '')) ?? 'succeeds';
}

/**
 * The card intent a confirmation leaves, by outcome (Stripe's behaviour for its test cards): a
 * decline leaves the intent waiting for another card with the decline as its last error.
 */
export function confirmedIntentState(outcome: SandboxOutcome): {
  status: 'succeeded' | 'requires_payment_method' | 'requires_action' | 'processing';
  lastError: string | null;
  challenge: boolean;
} {
  switch (outcome) {
    case 'declined':
      return { status: 'requires_payment_method', lastError: SANDBOX_DECLINE_MESSAGE, challenge: false };
    case 'requiresAuthentication':
      return { status: 'requires_action', lastError: null, challenge: true };
    case 'pending':
      return { status: 'processing', lastError: null, challenge: false };
    case 'onHold':
      // Held for review: authentication is asked for, but there is no page the shopper could use.
      return { status: 'requires_action', lastError: null, challenge: false };
    case 'succeeds':
    case 'slow':
      return { status: 'succeeded', lastError: null, challenge: false };
  }
}
