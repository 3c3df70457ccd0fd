import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module.js';
import { describeGatewayAdapter } from '../../testing/gateway-adapter-suite.js';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import { SandboxPayPalGateway } from './sandbox-paypal-gateway.js';
import { SandboxIntent, SandboxPaymentMethod } from './sandbox.entities.js';
import { signedSandboxWebhook } from './sandbox-webhooks.js';

/** The sandbox's two adapters, held to the behaviour every gateway adapter must show, on real PostgreSQL. */
const schema = `sandbox_adapters_${process.pid}_${Date.now().toString(36)}`;
const db = new DataSource({
  type: 'postgres',
  url: process.env.DATABASE_URL,
  schema,
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  migrationsTableName: 'migrations',
  extra: { options: `-c search_path=${schema},public` },
});

beforeAll(async () => {
  await db.initialize();
  await db.query(`CREATE SCHEMA "${schema}"`);
  await db.runMigrations();
});

afterAll(async () => {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db.destroy();
});

const cards = () => new SandboxCardGateway(db.getRepository(SandboxIntent), db.getRepository(SandboxPaymentMethod));
const webhook = (paymentId: string, { eventId, signed }: { eventId: string; signed: boolean }) =>
  signedSandboxWebhook({ id: eventId, type: 'payment.updated', paymentId }, signed ? {} : { secret: 'not-the-secret' });

describeGatewayAdapter('sandbox card gateway (as stripe)', {
  kind: 'card',
  adapter: () => cards().emulating('stripe'),
  cardToken: async (outcome) => (await cards().tokenise({ cardNumber: SANDBOX_TEST_CARDS[outcome], expMonth: 12, expYear: 2040 })).id,
  shopperAnswers: async (payment, approve) => {
    expect(await cards().settleChallenge(payment.id, approve)).toBeDefined();
  },
  webhook,
});

describeGatewayAdapter('sandbox PayPal gateway', {
  kind: 'redirect',
  adapter: () => new SandboxPayPalGateway(db.getRepository(SandboxIntent)),
  shopperAnswers: async (payment, approve) => {
    expect(await new SandboxPayPalGateway(db.getRepository(SandboxIntent)).settleApproval(payment.id, approve)).toBeDefined();
  },
  webhook,
});

it('the sandbox card gateway keeps no card number, only brand, last four and the outcome', async () => {
  const token = await cards().tokenise({ cardNumber: SANDBOX_TEST_CARDS.succeeds, expMonth: 12, expYear: 2040 });
  const payment = await cards().emulating('stripe').initiate({ amount: 100, currency: 'usd', paymentToken: token.id, returnUrl: '/payment/verify/stripe', metadata: {}, reference: randomUUID() });
  expect(payment.card).toEqual({ brand: 'visa', last4: '4242' });
  const everything = JSON.stringify(await db.query(`SELECT * FROM "${schema}".sandbox_intent`)) + JSON.stringify(await db.query(`SELECT * FROM "${schema}".sandbox_payment_method`));
  expect(everything).not.toContain(SANDBOX_TEST_CARDS.succeeds);
});
