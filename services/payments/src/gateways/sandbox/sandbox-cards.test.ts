import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { mapCardIntentStatus } from '../card-intents/status-mapping.js';
import { confirmedIntentState, sandboxOutcomeOf } from './sandbox-cards.js';

describe('sandbox test cards', () => {
  it('selects the outcome by number, spaces allowed; any other number pays', () => {
    expect(sandboxOutcomeOf('4000 0000 0000 0002')).toBe('declined');
    expect(sandboxOutcomeOf(SANDBOX_TEST_CARDS.requiresAuthentication)).toBe('requiresAuthentication');
    expect(sandboxOutcomeOf('5555555555554444')).toBe('succeeds');
  });

  it.each([
    ['succeeds', 'succeeded', 'completed', null, false],
    ['declined', 'requires_payment_method', 'pending', 'Your card was declined.', false],
    ['requiresAuthentication', 'requires_action', 'on_hold', null, true],
    ['pending', 'processing', 'pending', null, false],
    ['onHold', 'requires_action', 'on_hold', null, false],
  ] as const)('%s leaves the intent %s (%s)', (outcome, raw, mapped, lastError, challenge) => {
    const state = confirmedIntentState(outcome);
    expect(state).toEqual({ status: raw, lastError, challenge });
    // A decline's own status maps to pending; the adapter reports it failed because of lastError.
    expect(mapCardIntentStatus(state.status)).toBe(mapped);
  });
});
