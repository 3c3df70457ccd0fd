import { ApiError } from '@paypal/paypal-server-sdk';
import { UpstreamBreaker, UpstreamCircuitOpenError } from '@storefront/service-kit';
import Stripe from 'stripe';
import { AuthorizeNetError } from './authorizenet/authorizenet-gateway.js';
import { authorizeNetProvider } from './authorizenet/authorizenet-provider.js';
import { AuthorizeNetTransportError } from './authorizenet/authorizenet-sdk.js';
import { guardedByBreaker } from './guarded-gateway.js';
import { GatewayDeclined, GatewayLookupError, WebhookSignatureError, type GatewayPayment, type PaymentGateway, type RefundInput } from './payment-gateway.js';
import { isProviderFailure } from './provider-failures.js';
import { STRIPE_PROVIDER } from './stripe/stripe-provider.js';

/** PayPal's SDK error for an answer with `statusCode` (its ApiError, as its HTTP client builds it). */
const paypalAnswered = (statusCode: number) =>
  new ApiError({ request: { method: 'POST', url: 'https://api-m.paypal.com/v2/checkout/orders' }, response: { statusCode, headers: {}, body: '{}' } } as never, `HTTP ${statusCode}`);

describe('isProviderFailure: which errors count toward opening a provider breaker', () => {
  it('counts Stripe not answering, failing (5xx) or rate limiting (429)', () => {
    expect(isProviderFailure(new Stripe.errors.StripeConnectionError({ message: 'Request aborted due to timeout being reached (20000ms)' }), STRIPE_PROVIDER)).toBe(true);
    expect(isProviderFailure(new Stripe.errors.StripeAPIError({ message: 'Something went wrong', statusCode: 500 } as never), STRIPE_PROVIDER)).toBe(true);
    expect(isProviderFailure(new Stripe.errors.StripeRateLimitError({ message: 'Too many requests', statusCode: 429 } as never), STRIPE_PROVIDER)).toBe(true);
  });

  it("does not count Stripe answering about the payment or our request (a decline, 400, a wrong key, an idempotency conflict)", () => {
    expect(isProviderFailure(new Stripe.errors.StripeCardError({ message: 'Your card was declined.', statusCode: 402 } as never), STRIPE_PROVIDER)).toBe(false);
    expect(isProviderFailure(new Stripe.errors.StripeInvalidRequestError({ message: 'Missing param', statusCode: 400 } as never), STRIPE_PROVIDER)).toBe(false);
    expect(isProviderFailure(new Stripe.errors.StripeAuthenticationError({ message: 'Invalid API Key', statusCode: 401 } as never), STRIPE_PROVIDER)).toBe(false);
    expect(isProviderFailure(new Stripe.errors.StripeIdempotencyError({ message: 'Keys for idempotent requests…', statusCode: 400 } as never), STRIPE_PROVIDER)).toBe(false);
  });

  it("counts PayPal's 5xx and 429 (also when the adapter read a 429 as a refusal) and its transport failing; not its 4xx", () => {
    expect(isProviderFailure(paypalAnswered(500))).toBe(true);
    expect(isProviderFailure(paypalAnswered(503))).toBe(true);
    expect(isProviderFailure(new GatewayDeclined('Failed to create PayPal order. Please try again.', undefined, { cause: paypalAnswered(429) }))).toBe(true);
    expect(isProviderFailure(new GatewayDeclined('Failed to create PayPal order. Please try again.', undefined, { cause: paypalAnswered(422) }))).toBe(false);
    expect(isProviderFailure(paypalAnswered(422))).toBe(false);
    // axios' own transport, and the stand-in transport's fetch
    expect(isProviderFailure(Object.assign(new Error('timeout of 20000ms exceeded'), { code: 'ECONNABORTED', isAxiosError: true }))).toBe(true);
    expect(isProviderFailure(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))).toBe(true);
  });

  it("counts Authorize.Net's transport failing; not its refusals (E000xx answers) or a declined card", () => {
    expect(isProviderFailure(new AuthorizeNetTransportError('Authorize.Net did not answer createTransaction within 15000 ms'), authorizeNetProvider)).toBe(true);
    expect(isProviderFailure(new AuthorizeNetError('Authorize.Net refused createTransaction: E00007 User authentication failed'), authorizeNetProvider)).toBe(false);
    expect(isProviderFailure(new GatewayDeclined('This transaction has been declined.'), authorizeNetProvider)).toBe(false);
  });

  it('never counts an unknown id, a bad webhook signature, or our own bug', () => {
    expect(isProviderFailure(new GatewayLookupError('No such payment intent'))).toBe(false);
    expect(isProviderFailure(new WebhookSignatureError('The Stripe-Signature header is missing.'))).toBe(false);
    expect(isProviderFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});

describe('guardedByBreaker', () => {
  const settings = { errorThresholdPercentage: 50, volumeThreshold: 3, rollingCountTimeoutMs: 10000, resetTimeoutMs: 200 };
  const payment: GatewayPayment = {
    id: 'pi_1',
    rawStatus: 'succeeded',
    status: 'completed',
    amount: 1000 as GatewayPayment['amount'],
    currency: 'usd',
    nextAction: null,
    clientSecret: null,
    card: null,
    message: null,
    metadata: {},
  };
  const refused = () => new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED 127.0.0.1:4999' });

  /** A provider adapter whose every call is recorded, answering `behaviour()` (a stand-in for the SDK side, not for the decorator). */
  function provider(behaviour: () => Promise<GatewayPayment>, withChangeAmount = true) {
    const calls: string[] = [];
    const refundInputs: RefundInput[] = [];
    const call = (name: string) => () => {
      calls.push(name);
      return behaviour();
    };
    const adapter: PaymentGateway = {
      name: 'stripe',
      sandbox: false,
      testMode: true,
      initiate: call('initiate'),
      confirm: call('confirm'),
      capture: call('capture'),
      getStatus: call('getStatus'),
      findByReference: call('findByReference'),
      cancel: call('cancel'),
      refund: async (_id, input) => {
        calls.push('refund');
        refundInputs.push(input);
        await behaviour();
        return { id: 're_1', status: 'completed', amount: input.amount, message: null };
      },
      ...(withChangeAmount ? { changeAmount: call('changeAmount') } : {}),
      update: call('update'),
      parseWebhook: async () => {
        calls.push('parseWebhook');
        return { id: 'evt_1', type: 'payment_intent.succeeded', paymentId: 'pi_1' };
      },
    };
    return { adapter, calls, refundInputs };
  }

  const breakers: UpstreamBreaker[] = [];
  const breaker = () => {
    const made = new UpstreamBreaker({ upstream: 'stripe', isUpstreamFailure: (error) => isProviderFailure(error, STRIPE_PROVIDER), settings });
    breakers.push(made);
    return made;
  };
  afterEach(() => breakers.splice(0).forEach((made) => made.shutdown()));

  it('keeps what the adapter is and answers (name, modes, results, its errors as they are; no changeAmount where it has none)', async () => {
    const { adapter, refundInputs } = provider(async () => payment);
    const guarded = guardedByBreaker(adapter, breaker());
    expect(guarded).toMatchObject({ name: 'stripe', sandbox: false, testMode: true });
    await expect(guarded.getStatus('pi_1')).resolves.toBe(payment);
    // the refund's amount and our reference (the provider's idempotency key) reach the adapter as given
    const reference = '2f0d6c9e-8b1a-4c3d-9e5f-6a7b8c9d0e1f';
    await expect(guarded.refund('pi_1', { amount: 400, reference })).resolves.toEqual({ id: 're_1', status: 'completed', amount: 400, message: null });
    expect(refundInputs).toEqual([{ amount: 400, reference }]);
    const declined = new GatewayDeclined('Your card was declined.');
    await expect(guardedByBreaker(provider(() => Promise.reject(declined)).adapter, breaker()).initiate({} as never)).rejects.toBe(declined);
    expect(guardedByBreaker(provider(async () => payment, false).adapter, breaker()).changeAmount).toBeUndefined();
  });

  it('opens after the provider keeps failing, then refuses every call unsent (webhooks too), and lets a trial through after the reset', async () => {
    let answer: () => Promise<GatewayPayment> = () => Promise.reject(refused());
    const { adapter, calls } = provider(() => answer());
    const stripe = breaker();
    const guarded = guardedByBreaker(adapter, stripe);
    for (let i = 0; i < 3; i++) await expect(guarded.initiate({} as never)).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(stripe.state).toBe('open');
    calls.length = 0;
    for (const refusedCall of [
      guarded.initiate({} as never),
      guarded.confirm('pi_1'),
      guarded.capture('pi_1'),
      guarded.getStatus('pi_1'),
      guarded.findByReference('ref'),
      guarded.cancel('pi_1'),
      guarded.refund('pi_1', { amount: 100, reference: 'ref' }),
      guarded.changeAmount!('pi_1', 100 as GatewayPayment['amount']),
      guarded.update('pi_1', { metadata: {} }),
      guarded.parseWebhook({ headers: {}, rawBody: Buffer.from('{}') }),
    ]) {
      await expect(refusedCall).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
    }
    expect(calls).toEqual([]);

    answer = async () => payment;
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(guarded.getStatus('pi_1')).resolves.toBe(payment);
    expect(stripe.state).toBe('closed');
    await expect(guarded.parseWebhook({ headers: {}, rawBody: Buffer.from('{}') })).resolves.toMatchObject({ id: 'evt_1' });
  });

  it('stays closed through declines, unknown ids and bad webhook signatures: the provider answered', async () => {
    const answers = [new GatewayDeclined('Your card was declined.'), new GatewayLookupError('No such payment_intent'), new Stripe.errors.StripeCardError({ message: 'declined', statusCode: 402 } as never)];
    let next = 0;
    const { adapter } = provider(() => Promise.reject(answers[next++ % answers.length]));
    const stripe = breaker();
    const guarded = guardedByBreaker(adapter, stripe);
    for (let i = 0; i < 9; i++) await guarded.initiate({} as never).catch(() => undefined);
    expect(stripe.state).toBe('closed');
  });
});
