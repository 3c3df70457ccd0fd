import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { REFUND_MESSAGES, overRefundableMessage, type OrderPaymentsResponse, type RefundRequest, type RefundResponse } from '@storefront/contracts';
import { UpstreamCircuitOpenError } from '@storefront/service-kit';
import { In, Repository } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { GatewayDeclined, GatewayLookupError, type PaymentGateway } from '../gateways/payment-gateway.js';
import { GATEWAY_TIMEOUT_MS } from '../payment-attempts/attempt-ledger.js';
import { PaymentAttempt } from '../payment-attempts/payment-attempt.entity.js';
import { withinTime } from '../payments/gateway-calls.js';
import { PaymentRefund } from './payment-refund.entity.js';
import { ledgerChange, paymentRecord, refundRecord, refundTotals, sameRefundRequest, type RefundOutcome } from './refund-rules.js';

/**
 * Refunds of completed payment attempts, at most once per reference (the orders service calls for
 * its back office). The caller names each refund with a reference it stored before calling; the row
 * is written `pending` with it before the provider is called, under a lock on the attempt's row that
 * makes concurrent refunds of one payment take turns, so together they never pass what it took
 * (completed and pending refunds both count). The provider gets the same reference as its
 * idempotency key (each adapter says how), so a repeat after an unknown outcome (a timeout, a 5xx,
 * a crash between the call and the record) asks again and can never refund twice.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('refunds');

  constructor(
    @InjectRepository(PaymentRefund) private readonly refunds: Repository<PaymentRefund>,
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly gateways: GatewayRegistry,
    @Inject(GATEWAY_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  async refund(request: RefundRequest): Promise<RefundResponse> {
    const existing = await this.refunds.findOneBy({ reference: request.reference });
    if (existing) return this.repeat(existing, request);
    const attempt = await this.attempts.findOneBy({ id: request.attemptId });
    if (!attempt) throw new NotFoundException(REFUND_MESSAGES.attemptNotFound);
    if (attempt.status !== 'completed' || !attempt.transactionId) throw new ConflictException(REFUND_MESSAGES.notCompleted);
    const gateway = this.gatewayOf(attempt);
    // the provider keeps failing (its breaker is open): say so before anything is written, so the reference stays unused
    if (this.gateways.refusing(gateway.name)) throw new ServiceUnavailableException(REFUND_MESSAGES.providerUnavailable);
    const refund = await this.reserve(request);
    // a concurrent request with this reference wrote it first: this one is its repeat
    if (!refund) return this.repeat(await this.refunds.findOneByOrFail({ reference: request.reference }), request);
    return this.send(refund, attempt, gateway, true);
  }

  /** Every attempt of an order, oldest first, each with its refunds; an order never paid here has none. */
  async orderPayments(orderId: string): Promise<OrderPaymentsResponse> {
    const attempts = await this.attempts.find({ where: { orderId }, order: { createdAt: 'ASC' } });
    const refunds = attempts.length ? await this.refunds.findBy({ attemptId: In(attempts.map((attempt) => attempt.id)) }) : [];
    return { orderId, payments: attempts.map((attempt) => paymentRecord(attempt, refunds.filter((refund) => refund.attemptId === attempt.id))) };
  }

  /**
   * The refund's pending row, written only if the attempt (locked for the transaction) is completed
   * and has at least `amountCents` left once its completed and pending refunds are counted. Null
   * when a refund with this reference exists by the time the lock is held (a concurrent repeat).
   */
  private reserve(request: RefundRequest): Promise<PaymentRefund | null> {
    return this.refunds.manager.transaction(async (manager) => {
      const [attempt] = (await manager.query('SELECT status, amount_cents FROM payment_attempt WHERE id = $1 FOR UPDATE', [request.attemptId])) as { status: string; amount_cents: string }[];
      if (!attempt) throw new NotFoundException(REFUND_MESSAGES.attemptNotFound);
      // read after the lock: whatever another refund of this payment wrote has committed by now
      const refunds = await manager.findBy(PaymentRefund, { attemptId: request.attemptId });
      if (refunds.some((refund) => refund.reference === request.reference)) return null;
      if (attempt.status !== 'completed') throw new ConflictException(REFUND_MESSAGES.notCompleted);
      const { refundableCents } = refundTotals({ status: 'completed', amountCents: Number(attempt.amount_cents) }, refunds);
      if (request.amountCents > refundableCents) throw new ConflictException(overRefundableMessage(refundableCents));
      const inserted = (await manager.query(
        `INSERT INTO payment_refund (reference, attempt_id, amount_cents, status, requested_by) VALUES ($1, $2, $3, 'pending', $4)
         ON CONFLICT (reference) DO NOTHING RETURNING id`,
        [request.reference, request.attemptId, request.amountCents, request.requestedBy],
      )) as { id: string }[];
      return inserted[0] ? manager.findOneByOrFail(PaymentRefund, { id: inserted[0].id }) : null;
    });
  }

  /** A reference sent again: the same request answers its refund (asked of the provider again while pending); another request is refused. */
  private async repeat(refund: PaymentRefund, request: RefundRequest): Promise<RefundResponse> {
    if (!sameRefundRequest(refund, request)) throw new ConflictException(REFUND_MESSAGES.referenceReused);
    const attempt = await this.attempts.findOneByOrFail({ id: refund.attemptId });
    if (refund.status !== 'pending') return this.answer(refund.id, attempt);
    const gateway = this.gatewayOf(attempt);
    if (this.gateways.refusing(gateway.name)) throw new ServiceUnavailableException(REFUND_MESSAGES.stillPending);
    return this.send(refund, attempt, gateway, false);
  }

  /** Asks the provider for the refund under its reference, records what it said, and answers the refund with the attempt's totals. */
  private async send(refund: PaymentRefund, attempt: PaymentAttempt, gateway: PaymentGateway, firstCall: boolean): Promise<RefundResponse> {
    // requestedAt: the row is written before any call, so no refund under its reference is older (bounds a provider's search)
    const outcome = await this.ask(gateway, () =>
      gateway.refund(attempt.transactionId!, { amount: refund.amountCents, reference: refund.reference, requestedAt: refund.createdAt }),
    );
    if (outcome.kind === 'unsent') {
      // nothing reached the provider: a first call leaves no trace (the reference is free again), a repeat stays pending
      if (firstCall) await this.refunds.delete({ id: refund.id, status: 'pending' });
      throw new ServiceUnavailableException(firstCall ? REFUND_MESSAGES.providerUnavailable : REFUND_MESSAGES.stillPending);
    }
    if (outcome.kind === 'answered' && outcome.refund.amount !== refund.amountCents) {
      this.logger.warn('The provider answered a refund for another amount than asked', { refundId: refund.id, asked: refund.amountCents, answered: outcome.refund.amount });
    }
    const change = ledgerChange(outcome);
    // only a pending row moves: a concurrent repeat that recorded first said the same (the provider answered both alike)
    await this.refunds.update({ id: refund.id, status: 'pending' }, change);
    this.logger.log('Refund recorded', {
      refundId: refund.id,
      reference: refund.reference,
      attemptId: attempt.id,
      gateway: gateway.name,
      amountCents: refund.amountCents,
      status: change.status,
      requestedBy: refund.requestedBy,
      sandbox: gateway.sandbox,
    });
    return this.answer(refund.id, attempt);
  }

  /** One provider call within the gateway time bound, as an outcome (never throws for the provider's answer or silence). */
  private async ask(gateway: PaymentGateway, run: () => ReturnType<PaymentGateway['refund']>): Promise<RefundOutcome> {
    try {
      return { kind: 'answered', refund: await withinTime(run, this.timeoutMs) };
    } catch (error) {
      if (error instanceof UpstreamCircuitOpenError) return { kind: 'unsent' };
      if (error instanceof GatewayDeclined) return { kind: 'declined', message: error.message || 'The payment provider refused the refund.' };
      if (error instanceof GatewayLookupError) return { kind: 'declined', message: `The payment provider does not know this payment: ${error.message}` };
      this.logger.warn(`The payment provider did not answer a refund: ${error instanceof Error ? error.message : String(error)}`, { gateway: gateway.name });
      return { kind: 'unanswered' };
    }
  }

  /** The adapter the attempt was paid through (409 where it is not available here, e.g. a sandbox payment in production). */
  private gatewayOf(attempt: PaymentAttempt): PaymentGateway {
    const gateway = this.gateways.get(attempt.gateway);
    if (!gateway) throw new ConflictException(REFUND_MESSAGES.gatewayUnavailable);
    return gateway;
  }

  private async answer(refundId: string, attempt: PaymentAttempt): Promise<RefundResponse> {
    const refunds = await this.refunds.findBy({ attemptId: attempt.id });
    const refund = refunds.find((entry) => entry.id === refundId);
    if (!refund) throw new NotFoundException(REFUND_MESSAGES.attemptNotFound);
    return { refund: refundRecord(refund), attempt: { id: attempt.id, ...refundTotals(attempt, refunds) } };
  }
}
