import { GatewayDeclined } from '../payment-gateway.js';
import { cardPayment, initiateCardIntent, type CardIntentOperations, type ProviderIntent } from './card-intent-flow.js';

function intent(status: string, extra: Partial<ProviderIntent> = {}): ProviderIntent {
  return {
    id: 'pi_1',
    status,
    clientSecret: 'pi_1_secret_x',
    amount: 1000,
    redirectUrl: null,
    lastError: null,
    card: { brand: 'visa', last4: '4242' },
    metadata: {},
    ...extra,
  };
}

/** A provider whose calls answer the given intents in order, recording which calls were made. */
function scripted(script: Partial<Record<keyof CardIntentOperations, () => Promise<ProviderIntent>>>) {
  const calls: string[] = [];
  const call = (name: keyof CardIntentOperations) => () => {
    calls.push(name);
    const answer = script[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer();
  };
  const ops: CardIntentOperations = { create: call('create'), confirm: call('confirm'), capture: call('capture'), retrieve: call('retrieve') };
  return { ops, calls };
}

const input = { amount: 1000, currency: 'usd' as const, paymentToken: 'tok_1', returnUrl: '/payment/verify/stripe', metadata: {}, reference: 'att-1' };

describe('initiateCardIntent (spec §4 card intent handling)', () => {
  it('confirms, then retrieves a succeeded intent: completed', async () => {
    const { ops, calls } = scripted({ create: async () => intent('requires_confirmation'), confirm: async () => intent('succeeded'), retrieve: async () => intent('succeeded') });
    const payment = await initiateCardIntent(ops, input);
    expect(calls).toEqual(['create', 'confirm', 'retrieve']);
    expect(payment).toMatchObject({ status: 'completed', message: null, nextAction: null, amount: 1000 });
  });

  it('captures an intent that requires capture', async () => {
    const { ops, calls } = scripted({ create: async () => intent('requires_capture'), capture: async () => intent('succeeded'), retrieve: async () => intent('succeeded') });
    expect((await initiateCardIntent(ops, input)).status).toBe('completed');
    expect(calls).toEqual(['create', 'capture', 'retrieve']);
  });

  it('hands a 3-D Secure page to the shopper as a redirect (held until they come back)', async () => {
    const { ops } = scripted({ create: async () => intent('requires_confirmation'), confirm: async () => intent('requires_action', { redirectUrl: '/challenge/pi_1' }) });
    expect(await initiateCardIntent(ops, input)).toMatchObject({ status: 'on_hold', message: null, nextAction: { type: 'redirect', url: '/challenge/pi_1' } });
  });

  it("asks for authentication when the provider offers no page: 'Additional authentication required'", async () => {
    const { ops } = scripted({ create: async () => intent('requires_confirmation'), confirm: async () => intent('requires_action') });
    expect(await initiateCardIntent(ops, input)).toMatchObject({ status: 'on_hold', message: 'Additional authentication required', nextAction: null });
  });

  it("names any other status: 'Unexpected payment status: processing' (pending)", async () => {
    const { ops } = scripted({ create: async () => intent('requires_confirmation'), confirm: async () => intent('processing') });
    expect(await initiateCardIntent(ops, input)).toMatchObject({ status: 'pending', message: 'Unexpected payment status: processing' });
  });

  it("throws the provider's decline with its message and the intent as it stands", async () => {
    const { ops } = scripted({
      create: async () => intent('requires_confirmation'),
      confirm: async () => intent('requires_payment_method', { lastError: 'Your card was declined.' }),
    });
    const error = await initiateCardIntent(ops, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayDeclined);
    expect((error as GatewayDeclined).message).toBe('Your card was declined.');
    expect((error as GatewayDeclined).payment).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
  });

  it('without a card token (the payment element) the intent waits for the browser to confirm it with the client secret', async () => {
    const { ops, calls } = scripted({ create: async () => intent('requires_payment_method') });
    const payment = await initiateCardIntent(ops, { ...input, paymentToken: undefined });
    expect(calls).toEqual(['create']);
    expect(payment).toMatchObject({ status: 'pending', nextAction: { type: 'confirm', clientSecret: 'pi_1_secret_x' } });
  });

  it('lets an unanswered call through as it is (the flow records an unknown outcome, not a failure)', async () => {
    const { ops } = scripted({ create: async () => intent('requires_confirmation'), confirm: () => Promise.reject(new Error('ETIMEDOUT')) });
    await expect(initiateCardIntent(ops, input)).rejects.toThrow('ETIMEDOUT');
  });
});

describe('cardPayment', () => {
  it('maps a canceled intent (failed 3-D Secure) to failed', () => {
    expect(cardPayment(intent('canceled', { lastError: 'The shopper failed 3-D Secure authentication.' }))).toMatchObject({ status: 'failed', message: 'The shopper failed 3-D Secure authentication.' });
  });
});
