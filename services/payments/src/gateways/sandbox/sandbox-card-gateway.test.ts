import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import type { Repository } from 'typeorm';
import { GatewayError, GatewayLookupError } from '../payment-gateway.js';
import { sandboxTokenForCard } from './hosted-fields/sandbox-token.js';
import { SandboxCardGateway } from './sandbox-card-gateway.js';
import type { SandboxIntent } from './sandbox.entities.js';

/** The few repository calls the card gateway makes, over a Map (the real table is the integration tests'). */
function memoryIntents() {
  const rows = new Map<string, SandboxIntent>();
  const repository = {
    create: (fields: Partial<SandboxIntent>) => ({ ...fields }) as SandboxIntent,
    insert: async (row: SandboxIntent) => void rows.set(row.id, { ...row }),
    save: async (row: SandboxIntent) => {
      rows.set(row.id, { ...row });
      return row;
    },
    findOneBy: async ({ id }: { id: string }) => (rows.has(id) ? { ...rows.get(id)! } : null),
  };
  return { rows, repository: repository as unknown as Repository<SandboxIntent> };
}

const token = (number: string) => sandboxTokenForCard(number, new Uint8Array(16).fill(7)).token;
const input = { amount: 1449, currency: 'usd' as const, returnUrl: '/payment/verify/stripe', metadata: { orderId: 'ord-1' } };

describe('the sandbox card gateway takes hosted fields tokens', () => {
  it('confirms with the outcome the token names and keeps brand, last four and outcome, never a number', async () => {
    const { rows, repository } = memoryIntents();
    const gateway = new SandboxCardGateway(repository).emulating('stripe');
    const created = await gateway.create(input);
    const paid = await gateway.confirm(created.id, { paymentMethodId: token(SANDBOX_TEST_CARDS.succeeds) });
    expect(paid).toMatchObject({ rawStatus: 'succeeded', status: 'completed', card: { brand: 'visa', last4: '4242' } });
    const row = rows.get(created.id)!;
    expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', cardOutcome: 'succeeds', paymentMethodId: token(SANDBOX_TEST_CARDS.succeeds) });
    expect(JSON.stringify(row)).not.toContain(SANDBOX_TEST_CARDS.succeeds);
  });

  it.each([
    ['declined', SANDBOX_TEST_CARDS.declined, 'requires_payment_method', 'failed'],
    ['3-D Secure', SANDBOX_TEST_CARDS.requiresAuthentication, 'requires_action', 'on_hold'],
    ['pending', SANDBOX_TEST_CARDS.pending, 'processing', 'pending'],
    ['held', SANDBOX_TEST_CARDS.onHold, 'requires_action', 'on_hold'],
  ])('%s: the intent and the payment end as they did with the card typed in', async (_what, number, rawStatus, status) => {
    const { repository } = memoryIntents();
    const gateway = new SandboxCardGateway(repository).emulating('stripe');
    const created = await gateway.create({ ...input, paymentMethodId: token(number) });
    expect(created.card).toEqual({ brand: 'visa', last4: number.slice(-4) });
    const confirmed = await gateway.confirm(created.id, { paymentMethodId: token(number) }).catch((error: GatewayError) => error.payment);
    expect(confirmed).toMatchObject({ rawStatus, status });
  });

  it('refuses a malformed token with the lookup error, at create and at confirm', async () => {
    const { repository } = memoryIntents();
    const gateway = new SandboxCardGateway(repository).emulating('stripe');
    await expect(gateway.create({ ...input, paymentMethodId: 'pm_sandbox_8fd2e4e94751d1f5a90d9025' })).rejects.toThrow(GatewayLookupError);
    const created = await gateway.create(input);
    const forged = `tok_sandbox_succeeds_visa_4242424242424242_${'a'.repeat(32)}`;
    await expect(gateway.confirm(created.id, { paymentMethodId: forged })).rejects.toThrow(new GatewayLookupError(`No such payment method: ${forged}`));
  });
});
