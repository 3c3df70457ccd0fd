import { ConflictException, HttpException, Inject, Injectable, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, type PayableOrder, type PaymentMethod } from '@storefront/contracts';
import { UpstreamCircuitOpenError } from '@storefront/service-kit';
import { QueryFailedError, Repository } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import type { PaymentGateway } from '../gateways/payment-gateway.js';
import { PaymentReports } from '../payment-jobs/payment-reports.js';
import { MethodRouting, methodOfGateway } from '../payment-methods/method-routing.js';
import type { MethodChoice } from '../payment-methods/offered-methods.js';
import { storedPaymentMethodId } from '../payments/idempotency-key.js';
import { OrdersClient, type ShopperProof } from '../payments/orders-client.js';
import { cancelPathFor } from '../payments/return-paths.js';
import { AttemptLedger, GATEWAY_TIMEOUT_MS, PROVIDER_UNAVAILABLE, type Outcome } from './attempt-ledger.js';
import { isOpenAttempt, OPEN_ATTEMPT_STATUSES, PaymentAttempt, type AttemptStatus } from './payment-attempt.entity.js';
import { Settlement } from './settlement.js';

export const KEY_USED_FOR_ANOTHER_ORDER = 'This Idempotency-Key was already used for another order. Use a new key for this payment.';
export const KEY_USED_FOR_ANOTHER_PAYMENT =
  'This Idempotency-Key was already used for a payment with another card or gateway. Use a new key for this payment.';
export const KEY_STILL_IN_PROGRESS = 'A payment with this Idempotency-Key is still in progress. Please try again in a moment.';
export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';
export const CANCELED_FOR_NEW_ATTEMPT = 'The payment was canceled: the shopper started a new one.';

/** How long a duplicate request waits for the first one's answer before giving up. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 100;
/** The unique index that keeps one open attempt per order (migration 1795300000300). */
const ONE_OPEN_PER_ORDER = 'payment_attempt_one_open_per_order';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a shopper asks an attempt to pay: the order (with its proof) by a method, and for a split-payment order an instalment. */
export interface AttemptRequest {
  orderId: string;
  orderToken: string | undefined;
  /** the split-payment page's proof instead of the token */
  orderEmail?: string | undefined;
  paymentMethod: string;
  paymentToken?: string | undefined;
  /** cents: a part of the balance (checked by the orders service) */
  instalmentCents?: number | undefined;
  key: string;
}

/** How `once` starts and answers one kind of payment call, given the gateway and method it resolved. */
export interface AttemptHow<T> {
  /** where the provider sends the shopper back after a redirect */
  returnUrl: string;
  /** the method's settings availableMethods (Stripe's Payment Element: which payment method types it offers) */
  availableMethods?: string[];
  /** the caller's answer for what the gateway said */
  answer: (outcome: Outcome, order: PayableOrder, attemptId: string) => T;
  /** how a replay of the key is answered; absent, the first answer as stored (the spec's gateway-shaped calls) */
  current?: (attempt: PaymentAttempt) => Promise<T>;
}

/**
 * Starts a payment attempt: at most once per Idempotency-Key, only while the order has no other
 * open attempt, for the amount the orders service says is due. Every payment call (neutral or
 * provider-shaped) goes through `once`, with its own answer.
 */
@Injectable()
export class AttemptStart {
  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly routing: MethodRouting,
    private readonly ledger: AttemptLedger,
    private readonly settlement: Settlement,
    private readonly gateways: GatewayRegistry,
    private readonly orders: OrdersClient,
    private readonly reports: PaymentReports,
    @Inject(GATEWAY_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /**
   * Starts the payment with the gateway at most once per Idempotency-Key, and only while the order has no other open
   * attempt. The attempt row is inserted first: the unique index on the key decides between
   * duplicates (every loser waits for the winner's answer), the partial unique index on the order
   * between two tabs.
   */
  async once<T>(choice: MethodChoice, request: AttemptRequest, howFor: (gateway: PaymentGateway, method: PaymentMethod) => AttemptHow<T>): Promise<T> {
    // a method that is off (or a gateway no enabled method uses) is refused before the order is even asked about
    await this.routing.offered(choice, null);
    const proof = { orderToken: request.orderToken, orderEmail: request.orderEmail };
    // the proof first: a key replay is the creator's, and the creator has it. A replay is not asked
    // about its instalment again (the part it paid may no longer fit the balance it left).
    const proven = await this.orders.payableOrder(request.orderId, proof);
    // the method must be offered where this order is paid (a sample order, a quote, an instalment)
    const { gateway, method } = await this.routing.offered(choice, proven.scope);
    const how = howFor(gateway, method);
    const shape = { orderId: request.orderId, gateway: gateway.name, paymentMethodId: storedPaymentMethodId(request.paymentToken) };
    const existing = await this.attempts.findOneBy({ idempotencyKey: request.key });
    const replayAs = { current: how.current ?? null, answer: how.answer, order: proven };
    if (existing) return this.replay<T>(existing, shape, replayAs);
    let order = request.instalmentCents ? await this.orders.payableOrder(request.orderId, proof, request.instalmentCents) : proven;
    if (order.amountDue <= 0) throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
    // The provider keeps failing (its breaker is open): say so before any attempt is written, so this
    // Idempotency-Key stays unused and the same request sent again later pays normally.
    if (this.gateways.refusing(gateway.name)) throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
    try {
      await this.clearTheWay(order.id);
    } catch (error) {
      // the open attempt in the way may be a concurrent copy of this very request (same key): a replay
      const mine = error instanceof ConflictException ? await this.attempts.findOneBy({ idempotencyKey: request.key }) : null;
      if (mine) return this.replay<T>(mine, shape, replayAs);
      throw error;
    }

    let attemptId: string | undefined;
    try {
      const inserted = (await this.attempts.query(
        `INSERT INTO payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, payment_method_id, instalment_cents, scope)
         VALUES ($1, $2, $3, $4, 'processing', $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [order.id, methodOfGateway(gateway.name), gateway.name, order.amountDue, request.key, shape.paymentMethodId, request.instalmentCents ?? null, proven.scope],
      )) as { id: string }[];
      attemptId = inserted[0]?.id;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { constraint?: string })?.constraint === ONE_OPEN_PER_ORDER) {
        // the open attempt in the way may be this key's own (a concurrent copy of this request won): then this is a replay
        const mine = await this.attempts.findOneBy({ idempotencyKey: request.key });
        if (mine) return this.replay<T>(mine, shape, replayAs);
        throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
      }
      throw error;
    }
    if (!attemptId) return this.replay<T>(await this.attempts.findOneByOrFail({ idempotencyKey: request.key }), shape, replayAs);
    order = await this.amountStillDue(order, attemptId, proof, request.instalmentCents ?? undefined);

    const outcome = await this.ledger.call(gateway, () =>
      gateway.initiate({
        amount: order.amountDue,
        currency: 'usd',
        ...(request.paymentToken ? { paymentToken: request.paymentToken } : {}),
        returnUrl: how.returnUrl,
        // the page the shopper came from decides where a cancel goes: from the order's kind, never the browser
        cancelUrl: cancelPathFor(proven.scope, how.returnUrl),
        ...(how.availableMethods ? { availableMethods: how.availableMethods } : {}),
        receiptEmail: order.email,
        // the customer and addresses the order already holds (Authorize.Net keeps them with the transaction)
        email: order.email,
        billing: order.billing,
        shipping: order.shipping,
        metadata: this.metadataOf(order, attemptId),
        reference: attemptId,
      }),
    );
    if (outcome.kind === 'unanswered' && outcome.error instanceof UpstreamCircuitOpenError) {
      // The breaker opened after the check above and refused the call unsent: this attempt never
      // reached the provider, so it goes (nothing to reconcile, no report) and the key with it.
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
    }
    const response = how.answer(outcome, order, attemptId);
    const attempt = await this.attempts.findOneByOrFail({ id: attemptId });
    await this.ledger.record(attempt, gateway, outcome, { response: response as object });
    return response;
  }

  /**
   * The amount due once this attempt holds the order's one open slot. A payment from another tab (or
   * replica) may have completed just before, and left the slot, while the orders service had not yet
   * taken its result: the amount read before the slot was claimed then still counted it as owed, and
   * charging it would charge the order twice (the reliability harness's second tabs did, 25 in 1,000
   * with two payments replicas). Once the slot is ours no other attempt of the order can complete, so
   * after every completed one's result is delivered the orders service's amount is the truth. Read
   * again only when the order has a completed attempt (a paid order, an instalment before), so a
   * first payment costs no extra call. Paid meanwhile: this attempt goes, 409 orderPaid.
   */
  private async amountStillDue(order: PayableOrder, attemptId: string, proof: ShopperProof, instalmentCents: number | undefined): Promise<PayableOrder> {
    const completed = (await this.attempts.query(`SELECT id FROM payment_attempt WHERE order_id = $1 AND status = 'completed' AND id <> $2`, [order.id, attemptId])) as {
      id: string;
    }[];
    if (completed.length === 0) return order;
    let fresh: PayableOrder;
    try {
      for (const { id } of completed) await this.reports.deliver(id);
      fresh = await this.orders.payableOrder(order.id, proof, instalmentCents);
    } catch (error) {
      // not known to be safe to charge: nothing was sent to the provider, the key may pay later
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      if (error instanceof HttpException) throw error;
      throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
    }
    if (fresh.amountDue <= 0) {
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
    }
    if (fresh.amountDue !== order.amountDue) await this.attempts.update({ id: attemptId }, { amountCents: fresh.amountDue });
    return fresh;
  }

  /**
   * Before a new attempt: the order's open one must go. One the shopper abandoned on the provider's
   * page is canceled there; anything else (unknown, pending, held) is asked about again, and if it
   * is still open the new attempt is refused (it could charge a second time).
   */
  private async clearTheWay(orderId: string): Promise<void> {
    const open = await this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.order_id = :orderId AND attempt.status IN (:...open)', { orderId, open: [...OPEN_ATTEMPT_STATUSES] })
      .getMany();
    for (const attempt of open) {
      const gateway = this.gateways.get(attempt.gateway);
      let status: AttemptStatus = attempt.status;
      if (status === 'requires_action' && gateway && attempt.transactionId) {
        const canceled = await this.ledger.call(gateway, () => gateway.cancel(attempt.transactionId!));
        status =
          canceled.kind === 'answered' && canceled.payment.status === 'failed'
            ? await this.ledger.record(attempt, gateway, { kind: 'declined', message: CANCELED_FOR_NEW_ATTEMPT, payment: canceled.payment })
            : await this.settlement.reconcile(attempt);
      } else if (status !== 'processing' || Date.now() - attempt.updatedAt.getTime() > this.timeoutMs) {
        // a 'processing' row younger than a gateway call is another request's call under way
        status = await this.settlement.reconcile(attempt);
      }
      if (status === 'completed') throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
      if (isOpenAttempt(status)) throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
    }
  }

  /**
   * The answer for a key seen before, if it was for the same payment (else 422): once the first
   * request has answered, the stored answer, or with `current` the attempt as it stands now.
   *
   * The first request writes its answer together with the attempt's status (record()), so an
   * attempt past 'processing' without a stored answer is one whose request died mid-call and that
   * something else settled since (the reconciliation sweep, a webhook, a new Pay clearing the way).
   * That answer is built here from the attempt as it stands, in the replaying call's own shape, as a
   * fresh request would have answered that outcome. It is built on the replay side, not written by
   * whoever settles the attempt, because only the replaying request knows which of the four calls
   * (attempts, payment-intent, Authorize.Net, PayPal order) the key belongs to and so the answer's
   * shape, and this covers every way an attempt gets settled; the row stays the one source of truth
   * (nothing is stored, so a later change, e.g. a webhook, is answered as it then is).
   */
  private async replay<T>(
    attempt: PaymentAttempt,
    shape: { orderId: string; gateway: string; paymentMethodId: string | null },
    how: { current: ((attempt: PaymentAttempt) => Promise<T>) | null; answer: (outcome: Outcome, order: PayableOrder, attemptId: string) => T; order: PayableOrder },
  ): Promise<T> {
    if (attempt.orderId !== shape.orderId) throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_ORDER);
    if (attempt.gateway !== shape.gateway || attempt.paymentMethodId !== shape.paymentMethodId) throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_PAYMENT);
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let latest: PaymentAttempt | null = attempt;
    while (latest && latest.response == null && latest.status === 'processing') {
      if (Date.now() >= deadline) throw new ConflictException(KEY_STILL_IN_PROGRESS);
      await sleep(REPLAY_POLL_MS);
      latest = await this.attempts.findOneBy({ id: attempt.id });
    }
    if (!latest) throw new ConflictException(KEY_STILL_IN_PROGRESS);
    if (latest.response == null) return how.answer(this.ledger.outcomeOfAttempt(latest), how.order, latest.id);
    return how.current ? how.current(latest) : (latest.response as T);
  }

  private metadataOf(order: PayableOrder, attemptId: string): Record<string, string> {
    return { orderId: order.id, orderIncrementId: order.orderIncrementId, attemptId, ...(order.paymentId ? { paymentId: order.paymentId } : {}) };
  }
}
