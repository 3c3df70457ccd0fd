import type { PaymentStatus } from '@storefront/contracts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from '../gateways/payment-gateway.js';
import { mapCardIntentStatus } from '../gateways/status-mapping.js';
import { runCardIntent } from './card-intent-flow.js';

function intent(rawStatus: string, extra: Partial<GatewayPayment> = {}): GatewayPayment {
  return {
    id: 'pi_1',
    rawStatus,
    status: mapCardIntentStatus(rawStatus) as PaymentStatus,
    amount: 1000,
    currency: 'usd',
    clientSecret: 'pi_1_secret_x',
    nextActionUrl: null,
    returnUrl: '/payment/verify/stripe',
    card: { brand: 'visa', last4: '4242' },
    message: null,
    metadata: {},
    ...extra,
  };
}

/** A gateway whose calls answer the given intents in order, recording which calls were made. */
function scriptedGateway(script: Partial<Record<'create' | 'confirm' | 'capture' | 'retrieve', () => Promise<GatewayPayment>>>) {
  const calls: string[] = [];
  const call = (name: keyof typeof script) => () => {
    calls.push(name);
    const answer = script[name];
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer();
  };
  const gateway: PaymentGateway = {
    name: 'stripe',
    sandbox: true,
    create: call('create'),
    confirm: call('confirm'),
    capture: call('capture'),
    retrieve: call('retrieve'),
    verify: call('retrieve'),
  };
  return { gateway, calls };
}

const input = { amount: 1000, currency: 'usd' as const, paymentMethodId: 'pm_1', returnUrl: '/payment/verify/stripe', metadata: {} };

describe('runCardIntent (spec card intent handling)', () => {
  it('confirms, then retrieves a succeeded intent', async () => {
    const { gateway, calls } = scriptedGateway({
      create: async () => intent('requires_confirmation'),
      confirm: async () => intent('succeeded'),
      retrieve: async () => intent('succeeded'),
    });
    const outcome = await runCardIntent(gateway, input);
    expect(calls).toEqual(['create', 'confirm', 'retrieve']);
    expect(outcome).toMatchObject({ status: 'completed', message: null, awaitingShopper: false });
  });

  it('captures an intent that requires capture', async () => {
    const { gateway, calls } = scriptedGateway({
      create: async () => intent('requires_capture'),
      capture: async () => intent('succeeded'),
      retrieve: async () => intent('succeeded'),
    });
    expect((await runCardIntent(gateway, input)).status).toBe('completed');
    expect(calls).toEqual(['create', 'capture', 'retrieve']);
  });

  it('hands a 3-D Secure redirect to the browser', async () => {
    const { gateway } = scriptedGateway({
      create: async () => intent('requires_action', { nextActionUrl: '/challenge' }),
    });
    expect(await runCardIntent(gateway, input)).toMatchObject({ status: 'on_hold', message: null, awaitingShopper: true });
  });

  it('asks for authentication when the gateway offers no page', async () => {
    const { gateway } = scriptedGateway({ create: async () => intent('requires_confirmation'), confirm: async () => intent('requires_action') });
    expect(await runCardIntent(gateway, input)).toMatchObject({ status: 'on_hold', message: 'Additional authentication required' });
  });

  it('names any other status', async () => {
    const { gateway } = scriptedGateway({ create: async () => intent('requires_confirmation'), confirm: async () => intent('processing') });
    expect(await runCardIntent(gateway, input)).toMatchObject({ status: 'pending', message: 'Unexpected payment status: processing' });
  });

  it('fails with the gateway message on a refusal, or the spec default when it has none', async () => {
    const declined = scriptedGateway({
      create: async () => intent('requires_confirmation'),
      confirm: async () => {
        throw new GatewayError('Your card was declined.', intent('requires_payment_method'));
      },
    });
    expect(await runCardIntent(declined.gateway, input)).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    const silent = scriptedGateway({
      create: async () => {
        throw new GatewayError('');
      },
    });
    expect(await runCardIntent(silent.gateway, input)).toMatchObject({ status: 'failed', message: 'Error while handling Payment', payment: null });
  });

  it('fails with "Payment failed" when the gateway cannot be reached', async () => {
    const { gateway } = scriptedGateway({
      create: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await runCardIntent(gateway, input)).toMatchObject({ status: 'failed', message: 'Payment failed', awaitingShopper: false });
  });

  it('stops a gateway that keeps asking for confirmation', async () => {
    const { gateway, calls } = scriptedGateway({ create: async () => intent('requires_confirmation'), confirm: async () => intent('requires_confirmation') });
    expect(await runCardIntent(gateway, input)).toMatchObject({ status: 'pending', message: 'Unexpected payment status: requires_confirmation' });
    expect(calls.filter((c) => c === 'confirm')).toHaveLength(4);
  });
});
