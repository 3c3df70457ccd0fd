import type { Repository } from 'typeorm';
import { GatewayDeclined, GatewayLookupError, type GatewayRefund, type RefundInput } from '../payment-gateway.js';
import { SandboxIntent, SandboxRefund } from './sandbox.entities.js';
import { SANDBOX_ID, sandboxId } from './sandbox-ids.js';

/** What a refund of each kind of sandbox payment needs: the state a paid one is in, and the words for a refusal. */
const PAID: Record<SandboxIntent['kind'], { status: string; refused: string }> = {
  card: { status: 'succeeded', refused: 'This payment cannot be refunded' },
  paypal: { status: 'COMPLETED', refused: 'This PayPal payment cannot be refunded' },
};

const answer = (refund: SandboxRefund): GatewayRefund => ({ id: refund.id, status: 'completed', amount: refund.amount, message: null });

/**
 * A refund on the sandbox (no money moves), as a provider with an idempotency key makes one: the
 * payment's row is locked, so two refunds of one payment are taken one after the other and never
 * refund more than it took; a refund already made under `input.reference` answers that refund (the
 * reference is unique), and the same reference for another payment or amount is refused, like
 * Stripe's idempotency error.
 */
export async function sandboxRefund(intents: Repository<SandboxIntent>, kind: SandboxIntent['kind'], id: string, input: RefundInput): Promise<GatewayRefund> {
  if (!SANDBOX_ID.test(id)) throw new GatewayLookupError(`No such payment: ${id}`);
  return intents.manager.transaction(async (manager) => {
    const intent = await manager.getRepository(SandboxIntent).createQueryBuilder('intent').setLock('pessimistic_write').where('intent.id = :id AND intent.kind = :kind', { id, kind }).getOne();
    if (!intent) throw new GatewayLookupError(`No such payment: ${id}`);
    // read after the lock: a concurrent refund under the same reference has committed by now
    const earlier = await manager.findOneBy(SandboxRefund, { reference: input.reference });
    if (earlier) {
      if (earlier.intentId !== id || earlier.amount !== input.amount) throw new GatewayDeclined('This refund reference was already used for another refund.');
      return answer(earlier);
    }
    const refundable = intent.amount - intent.refundedAmount;
    if (intent.status !== PAID[kind].status || input.amount <= 0 || input.amount > refundable) {
      throw new GatewayDeclined(`${PAID[kind].refused} (${intent.status}, ${refundable} cents refundable).`);
    }
    const refund = manager.create(SandboxRefund, { id: sandboxId('re_sandbox'), reference: input.reference, intentId: id, amount: input.amount });
    await manager.insert(SandboxRefund, refund);
    await manager.update(SandboxIntent, { id }, { refundedAmount: intent.refundedAmount + input.amount });
    return answer(refund);
  });
}

/** How many refunds the sandbox made of a payment (tests: the provider saw one refund). */
export function sandboxRefundCount(intents: Repository<SandboxIntent>, id: string): Promise<number> {
  return intents.manager.countBy(SandboxRefund, { intentId: id });
}
