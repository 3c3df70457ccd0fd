import { record, str, type FormObject } from './form.js';
import { invalid, missing, newId, now, type StripeReply } from './replies.js';
import { stripeEvent, type StripeEvent } from './webhooks.js';

/**
 * Stripe's Refunds (https://docs.stripe.com/api/refunds): create, list and retrieve, on the
 * PaymentIntents of api.ts. A repeated create is answered once through the Idempotency-Key the way
 * every POST is (StripeApi.handle replays the first answer for the same key and parameters, and
 * refuses the key with other parameters), so nothing here keeps keys of its own.
 */

/** A Refund object as Stripe returns it. */
interface StoredRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: string;
  [field: string]: unknown;
}

/** What a refund reads and changes of a PaymentIntent (api.ts's StoredIntent). */
export interface RefundableIntent {
  id: string;
  status: string;
  currency: string;
  amount_received: number;
  amount_refunded: number;
  latest_charge: string | null;
}

export class StripeRefunds {
  /** every refund made, oldest first (Stripe's Refund objects) */
  private readonly refunds: StoredRefund[] = [];

  constructor(
    private readonly intentOf: (id: string) => RefundableIntent | undefined,
    private readonly onEvent?: (event: StripeEvent) => void,
  ) {}

  /** Is this a Refunds request (answered only with a secret key)? */
  static handles(method: string, path: string): boolean {
    return ((method === 'POST' || method === 'GET') && path === '/v1/refunds') || (method === 'GET' && /^\/v1\/refunds\/([^/]+)$/.test(path));
  }

  /** POST /v1/refunds, GET /v1/refunds and GET /v1/refunds/:id (a request `handles` accepted). */
  route(method: string, path: string, params: FormObject): StripeReply {
    if (method === 'POST') return this.refund(params);
    if (path === '/v1/refunds') return this.listRefunds(params);
    const refundId = /^\/v1\/refunds\/([^/]+)$/.exec(path)![1]!;
    const found = this.refunds.find((refund) => refund.id === refundId);
    return found ? { status: 200, body: found } : missing('refund', refundId, 'id');
  }

  private refund(params: FormObject): StripeReply {
    const intentId = str(params.payment_intent);
    if (!intentId) return invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
    const intent = this.intentOf(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const refundable = intent.amount_received - intent.amount_refunded;
    if (refundable <= 0) return invalid(`Charge ${intent.latest_charge} has already been refunded.`, undefined, 'charge_already_refunded');
    let amount = refundable;
    if (params.amount !== undefined) {
      // a refund has no minimum (the 50-cent minimum is a charge's): any whole number of cents above 0
      const text = str(params.amount) ?? '';
      if (!/^\d+$/.test(text)) return invalid(`Invalid integer: ${text}`, 'amount', 'parameter_invalid_integer');
      const wanted = Number(text);
      if (wanted < 1) return invalid('Amount must be at least 1 cent.', 'amount', 'amount_too_small');
      if (wanted > refundable) return invalid(`Refund amount ($${(wanted / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(refundable / 100).toFixed(2)})`, 'amount');
      amount = wanted;
    }
    intent.amount_refunded += amount;
    const refund: StoredRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
      metadata: record(params.metadata),
      payment_intent: intent.id,
      reason: str(params.reason) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.refunds.push(refund);
    this.onEvent?.(stripeEvent('charge.refunded', { id: intent.latest_charge, object: 'charge', payment_intent: intent.id, amount_refunded: intent.amount_refunded }));
    return { status: 200, body: refund };
  }

  /** GET /v1/refunds: newest first, filtered by payment_intent when given (Stripe's list object). */
  private listRefunds(params: FormObject): StripeReply {
    const intentId = str(params.payment_intent);
    const limit = Math.min(100, Number(str(params.limit) ?? 10) || 10);
    const found = this.refunds.filter((refund) => intentId === undefined || refund.payment_intent === intentId).reverse();
    return { status: 200, body: { object: 'list', data: found.slice(0, limit), has_more: found.length > limit, url: '/v1/refunds' } };
  }

  /** The refunds Stripe made of a PaymentIntent, oldest first (tests: a repeated refund made one). */
  refundsOf(intentId: string): object[] {
    return this.refunds.filter((refund) => refund.payment_intent === intentId);
  }
}
