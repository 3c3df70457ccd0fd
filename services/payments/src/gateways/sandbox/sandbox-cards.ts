import { SANDBOX_TEST_CARDS } from '@storefront/contracts';

/** What a sandbox card number makes the payment do (README "Sandbox test cards"). */
export type SandboxOutcome = keyof typeof SANDBOX_TEST_CARDS;

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';

/** How long the sandbox takes to answer for the slow test card (past the payments service's gateway timeout). */
export function sandboxSlowMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SANDBOX_SLOW_MS);
  return Number.isInteger(value) && value >= 0 ? value : 30_000;
}

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
