import { randomBytes, randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { createSchemaDatabase } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module.js';
import { describeGatewayAdapter } from '../../testing/gateway-adapter-suite.js';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import { SandboxPayPalGateway } from './sandbox-paypal-gateway.js';
import { GatewayLookupError } from '../payment-gateway.js';
import { sandboxTokenForCard } from './hosted-fields/sandbox-token.js';
import { SandboxIntent } from './sandbox.entities.js';
import { signedSandboxWebhook } from './sandbox-webhooks.js';
import { sandboxRefundCount } from './sandbox-refunds.js';

/** The sandbox's two adapters, held to the behaviour every gateway adapter must show, on real PostgreSQL. */
const schema = `sandbox_adapters_${process.pid}_${Date.now().toString(36)}`;
let db: DataSource;

beforeAll(async () => {
  db = await createSchemaDatabase(schema, { entities: PAYMENTS_ENTITIES, migrations: PAYMENTS_MIGRATIONS });
});

afterAll(async () => {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.destroy();
});

const cards = () => new SandboxCardGateway(db.getRepository(SandboxIntent));
/** A token as the hosted fields frame makes it in the shopper's browser. */
const token = (cardNumber: string) => sandboxTokenForCard(cardNumber, new Uint8Array(randomBytes(16))).token;
const webhook = (paymentId: string, { eventId, signed }: { eventId: string; signed: boolean }) =>
  signedSandboxWebhook({ id: eventId, type: 'payment.updated', paymentId }, signed ? {} : { secret: 'not-the-secret' });

describeGatewayAdapter('sandbox card gateway (as stripe)', {
  kind: 'card',
  adapter: () => cards().emulating('stripe'),
  cardToken: async (outcome) => token(SANDBOX_TEST_CARDS[outcome]),
  shopperAnswers: async (payment, approve) => {
    expect(await cards().settleChallenge(payment.id, approve)).toBeDefined();
  },
  webhook,
  refundsAtProvider: (paymentId) => sandboxRefundCount(db.getRepository(SandboxIntent), paymentId),
});

describeGatewayAdapter('sandbox PayPal gateway', {
  kind: 'redirect',
  adapter: () => new SandboxPayPalGateway(db.getRepository(SandboxIntent)),
  shopperAnswers: async (payment, approve) => {
    expect(await new SandboxPayPalGateway(db.getRepository(SandboxIntent)).settleApproval(payment.id, approve)).toBeDefined();
  },
  webhook,
  refundsAtProvider: (paymentId) => sandboxRefundCount(db.getRepository(SandboxIntent), paymentId),
});

describe('the sandbox card gateway takes hosted fields tokens', () => {
  const initiate = (paymentToken: string) =>
    cards().emulating('stripe').initiate({ amount: 100, currency: 'usd', paymentToken, returnUrl: '/payment/verify/stripe', metadata: {}, reference: randomUUID() });

  it('keeps brand, last four and the outcome the token names, never a card number', async () => {
    const payment = await initiate(token(SANDBOX_TEST_CARDS.succeeds));
    expect(payment).toMatchObject({ status: 'completed', card: { brand: 'visa', last4: '4242' } });
    const [row] = await db.query(`SELECT * FROM "${schema}".sandbox_intent WHERE id = $1`, [payment.id]);
    expect(row).toMatchObject({ card_brand: 'visa', card_last4: '4242', card_outcome: 'succeeds' });
    expect(JSON.stringify(await db.query(`SELECT * FROM "${schema}".sandbox_intent`))).not.toContain(SANDBOX_TEST_CARDS.succeeds);
  });

  it.each([
    ['declined', SANDBOX_TEST_CARDS.declined, 'failed'],
    ['3-D Secure', SANDBOX_TEST_CARDS.requiresAuthentication, 'on_hold'],
    ['pending', SANDBOX_TEST_CARDS.pending, 'pending'],
    ['held', SANDBOX_TEST_CARDS.onHold, 'on_hold'],
  ])('%s: the payment ends as it did with the card typed in', async (_what, cardNumber, status) => {
    const payment = await initiate(token(cardNumber)).catch((error: { payment?: unknown }) => error.payment);
    expect(payment).toMatchObject({ status, card: { last4: cardNumber.slice(-4) } });
  });

  it('refuses anything but a well-formed token as an unknown payment method', async () => {
    for (const bad of ['pm_sandbox_8fd2e4e94751d1f5a90d9025', `tok_sandbox_succeeds_visa_4242424242424242_${'a'.repeat(32)}`, SANDBOX_TEST_CARDS.succeeds]) {
      await expect(initiate(bad)).rejects.toThrow(GatewayLookupError);
    }
  });
});

describe('sandbox refunds, keyed by our reference as a provider idempotency key is', () => {
  const paid = () =>
    cards().emulating('stripe').initiate({ amount: 2171, currency: 'usd', paymentToken: token(SANDBOX_TEST_CARDS.succeeds), returnUrl: '/payment/verify/stripe', metadata: {}, reference: randomUUID() });

  it('makes one refund of the same reference sent at once, never more than the payment took, and refuses the reference for another amount', async () => {
    const gateway = cards().emulating('stripe');
    const payment = await paid();
    const reference = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => gateway.refund(payment.id, { amount: 2000, reference })));
    expect(new Set(answers.map((refund) => refund.id)).size).toBe(1);
    expect(await sandboxRefundCount(db.getRepository(SandboxIntent), payment.id)).toBe(1);
    await expect(gateway.refund(payment.id, { amount: 2001, reference })).rejects.toThrow('This refund reference was already used for another refund.');
    // two other refunds at once, each within what is left alone but not together: the provider locks the payment and refuses one
    const [first, second] = await Promise.allSettled([gateway.refund(payment.id, { amount: 171, reference: randomUUID() }), gateway.refund(payment.id, { amount: 171, reference: randomUUID() })]);
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected']);
    const [row] = await db.query(`SELECT refunded_amount FROM "${schema}".sandbox_intent WHERE id = $1`, [payment.id]);
    expect(row).toEqual({ refunded_amount: 2171 });
  });

  it("deletes a payment's refunds with it (housekeeping deletes old sandbox intents)", async () => {
    const payment = await paid();
    await cards().emulating('stripe').refund(payment.id, { amount: 100, reference: randomUUID() });
    await db.query(`DELETE FROM "${schema}".sandbox_intent WHERE id = $1`, [payment.id]);
    expect(await sandboxRefundCount(db.getRepository(SandboxIntent), payment.id)).toBe(0);
  });
});
