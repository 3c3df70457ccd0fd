import { BadRequestException, HttpException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, type PaymentVerifyResponse } from '@storefront/contracts';
import { UpstreamCircuitOpenError } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { Repository } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { WebhookSignatureError, type GatewayPayment, type PaymentGateway, type WebhookRequest } from '../gateways/payment-gateway.js';
import { gatewayInUse, type MethodChoice } from '../payment-methods/offered-methods.js';
import { neverReceivedAfterMs } from '../payments/gateway-calls.js';
import { AttemptLedger, GATEWAY_TIMEOUT_MS, PROVIDER_UNAVAILABLE, type Outcome, type PaymentProof } from './attempt-ledger.js';
import { isOpenAttempt, OPEN_ATTEMPT_STATUSES, PaymentAttempt, type AttemptStatus } from './payment-attempt.entity.js';

export const NEVER_REACHED_PROVIDER = 'The payment did not reach the payment provider; nothing was charged.';
/** An attempt whose request died after the provider created the payment and before it was confirmed. */
export const NEVER_CONFIRMED = 'The payment was never confirmed and has been canceled; nothing was charged. Please try again.';
/** The 404 of a webhook for a gateway no enabled payment method uses (or that has no keys and no sandbox). */
export const WEBHOOK_GATEWAY_NOT_IN_USE = 'No enabled payment method takes payments through this gateway.';
/** The 503 of a webhook whose payment the provider did not describe in time: not marked seen, so the provider sends it again. */
export const WEBHOOK_NOT_APPLIED = 'The event could not be applied yet; please send it again.';

/**
 * Settles what the shopper's request left open, always by asking the provider (never by trusting
 * a browser or an event body): the return page's verify, the reconciliation sweep and webhooks.
 */
/** A reconciliation sweep: attempts quiet this long, this many at the most, until the signal (its job's time) ends it. */
export interface ReconcileOptions {
  quietMs?: number;
  limit?: number;
  signal?: AbortSignal;
}

@Injectable()
export class Settlement {
  private readonly logger = new Logger('payments');
  /** an attempt the provider never received is given up as failed after this long */
  private readonly neverReceivedAfterMs = neverReceivedAfterMs();

  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly ledger: AttemptLedger,
    private readonly gateways: GatewayRegistry,
    private readonly content: ContentStore,
    @Inject(GATEWAY_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /**
   * Back from the provider's page (3-D Secure, PayPal): the provider's own answer decides, never the
   * browser's redirect_status. Needs the payment's client secret or the order's token.
   */
  async verify(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentVerifyResponse> {
    const { gateway, attempt } = await this.ledger.followUp(choice, paymentId, proof);
    const outcome = await this.ledger.call(gateway, () => gateway.confirm(paymentId, proof.clientSecret ? { clientSecret: proof.clientSecret } : {}));
    if (outcome.kind === 'answered' || outcome.kind === 'declined') await this.ledger.record(attempt, gateway, outcome);
    if (outcome.kind === 'unanswered') {
      await this.ledger.record(attempt, gateway, outcome);
      return {
        success: false,
        error: PAYMENT_MESSAGES.unconfirmed,
        status: null,
        transactionId: paymentId,
        transactionResponse: null,
        testPayment: gateway.testMode,
        metadata: this.attemptMetadata(attempt),
      };
    }
    const payment = outcome.payment;
    const status = outcome.kind === 'declined' ? 'failed' : payment!.status;
    const success = status === 'completed' || status === 'pending';
    const message = outcome.kind === 'declined' ? outcome.message : payment!.message;
    return {
      success,
      ...(success ? {} : { error: message ?? PAYMENT_MESSAGES.failed }),
      status,
      transactionId: paymentId,
      transactionResponse: payment ? { amount: payment.amount } : null,
      testPayment: gateway.testMode,
      metadata: this.attemptMetadata(attempt),
    };
  }

  /**
   * Asks the gateway again about an open attempt (unknown, pending, held, or left processing by a
   * process that died between the gateway call and saving its answer) and records what it says.
   * An attempt the provider never received is given up as failed once it is old enough.
   */
  async reconcile(attempt: PaymentAttempt, { sweep = false }: { sweep?: boolean } = {}): Promise<AttemptStatus> {
    const gateway = this.gateways.get(attempt.gateway);
    if (!gateway || !isOpenAttempt(attempt.status)) return attempt.status;
    let outcome: Outcome;
    if (attempt.transactionId) {
      outcome = await this.ledger.askProvider(gateway, attempt.transactionId);
    } else {
      const found = await this.ledger.call(gateway, () => gateway.findByReference(attempt.id));
      if (found.kind === 'answered' && found.payment === null) {
        if (Date.now() - attempt.createdAt.getTime() < this.neverReceivedAfterMs) return attempt.status;
        outcome = { kind: 'declined', message: NEVER_REACHED_PROVIDER, payment: null };
      } else {
        outcome = found as Outcome;
      }
    }
    // still unanswered: leave it as it is, the next sweep asks again
    if (outcome.kind === 'unanswered') return attempt.status;
    if (outcome.kind === 'answered' && outcome.payment.awaitingConfirmation && this.neverHandedOut(attempt)) {
      return this.cancelUnconfirmed(attempt, gateway, outcome.payment, sweep);
    }
    return this.ledger.record(attempt, gateway, outcome);
  }

  /**
   * Whether no browser was ever given this attempt's payment (client secret, approval link): a
   * 'processing' row is one whose Pay request never answered (record() writes the status and the
   * answer together), and an 'unknown' one without a payment id answered "unconfirmed" with no next
   * action. Nobody can then legitimately confirm its payment: only the dead request would have.
   */
  private neverHandedOut(attempt: PaymentAttempt): boolean {
    return attempt.status === 'processing' || (attempt.status === 'unknown' && attempt.transactionId === null);
  }

  /**
   * A payment the provider created for a request that died before confirming it (killed between
   * create and confirm): nothing was charged, but recorded as 'pending' it would hold the order's one
   * open attempt for good (no later sweep confirms it), and every new Pay would get 409. Only the
   * sweep settles it, and only for an attempt quiet for PAYMENTS_RECONCILE_QUIET_SECONDS (its query)
   * and older than a gateway call (its request is over even when the sweep runs with quietMs 0): it
   * is canceled at the provider first, so it can never be confirmed later, then failed, so the
   * shopper's next Pay starts a new attempt. Elsewhere (a new Pay clearing the way, a key's replay)
   * it is left as it is for the sweep.
   */
  private async cancelUnconfirmed(attempt: PaymentAttempt, gateway: PaymentGateway, payment: GatewayPayment, sweep: boolean): Promise<AttemptStatus> {
    if (!sweep || Date.now() - attempt.updatedAt.getTime() <= this.timeoutMs) return attempt.status;
    const canceled = await this.ledger.call(gateway, () => gateway.cancel(payment.id));
    // unanswered: still open, the next sweep cancels it
    if (canceled.kind === 'unanswered') return attempt.status;
    if (canceled.kind === 'answered' && canceled.payment.status === 'failed') {
      this.logger.warn('Canceled a payment its request never confirmed', { attemptId: attempt.id, orderId: attempt.orderId, gateway: gateway.name });
      return this.ledger.record(attempt, gateway, { kind: 'declined', message: NEVER_CONFIRMED, payment: canceled.payment });
    }
    // the provider would not cancel it (it moved on meanwhile): record what it is now
    return this.ledger.record(attempt, gateway, canceled);
  }

  /** One reconciliation sweep: the open attempts not changed for `quietMs`, oldest first. */
  async reconcileDue({ quietMs = 60_000, limit = 50, signal }: ReconcileOptions = {}): Promise<{ checked: number; settled: number }> {
    const due = await this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.status IN (:...open)', { open: [...OPEN_ATTEMPT_STATUSES] })
      .andWhere(`attempt.updated_at < now() - make_interval(secs => :quiet)`, { quiet: quietMs / 1000 })
      .orderBy('attempt.updated_at', 'ASC')
      .limit(limit)
      .getMany();
    let settled = 0;
    for (const attempt of due) {
      // the job's time is up: what is left is the next sweep's (an attempt is settled whole or not at all)
      if (signal?.aborted) break;
      const status = await this.reconcile(attempt, { sweep: true }).catch((error: unknown) => {
        this.logger.warn(`Reconciliation could not settle an attempt: ${error instanceof Error ? error.message : String(error)}`, { attemptId: attempt.id });
        return attempt.status;
      });
      if (!isOpenAttempt(status)) settled += 1;
    }
    if (due.length > 0) this.logger.log('Reconciliation sweep', { event: 'payments.reconcile', checked: due.length, settled });
    return { checked: due.length, settled };
  }

  /**
   * POST /api/payment/webhooks/:gateway: a provider's signed event, applied once per event id. The
   * event only says which payment changed; its state is asked of the gateway and recorded like any
   * other answer, so a forged or stale event body can never decide a payment.
   */
  async handleWebhook(gatewayName: string, request: WebhookRequest): Promise<{ received: boolean; duplicate: boolean }> {
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    const gateway = gatewayInUse(methods, gatewayName) ? this.gateways.get(gatewayName) : undefined;
    if (!gateway) throw new NotFoundException(WEBHOOK_GATEWAY_NOT_IN_USE);
    let event;
    try {
      event = await gateway.parseWebhook(request);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadRequestException('The webhook signature does not match.');
      // the provider's breaker is open: not taken (nor marked seen), so the provider sends it again later
      if (error instanceof UpstreamCircuitOpenError) throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
      throw error;
    }
    const inserted = (await this.attempts.query(
      `INSERT INTO payment_webhook_event (gateway, event_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [gateway.name, event.id, event.paymentId],
    )) as unknown[];
    if (inserted.length === 0) return { received: true, duplicate: true };
    // The event is marked seen first, so a concurrent copy of it is a duplicate; if applying it then
    // fails (the provider does not answer, recording throws) the mark is removed again and the
    // provider's retry of the same event is applied, not taken for a duplicate.
    let attempt: PaymentAttempt | null;
    try {
      attempt = await this.applyWebhook(gateway, event.paymentId);
    } catch (error) {
      await this.attempts.query(`DELETE FROM payment_webhook_event WHERE gateway = $1 AND event_id = $2`, [gateway.name, event.id]);
      this.logger.warn(`Webhook not applied, left for the provider's retry: ${error instanceof Error ? error.message : String(error)}`, {
        event: 'payments.webhook-not-applied',
        gateway: gateway.name,
        eventId: event.id,
      });
      if (error instanceof HttpException) throw error;
      throw new ServiceUnavailableException(WEBHOOK_NOT_APPLIED);
    }
    this.logger.log('Webhook applied', { event: 'payments.webhook', gateway: gateway.name, eventId: event.id, type: event.type, attemptId: attempt?.id ?? null });
    return { received: true, duplicate: false };
  }

  /** Asks the provider about the event's payment and records it; throws when that cannot be done now. */
  private async applyWebhook(gateway: PaymentGateway, paymentId: string | null): Promise<PaymentAttempt | null> {
    const attempt = paymentId ? await this.attempts.findOneBy({ transactionId: paymentId, gateway: gateway.name }) : null;
    if (attempt) {
      const outcome = await this.ledger.askProvider(gateway, attempt.transactionId!);
      if (outcome.kind === 'unanswered') throw new ServiceUnavailableException(WEBHOOK_NOT_APPLIED);
      await this.ledger.record(attempt, gateway, outcome, { evenIfFinal: true });
    }
    return attempt;
  }

  private attemptMetadata(attempt: PaymentAttempt): PaymentVerifyResponse['metadata'] {
    const raw = attempt.raw as { metadata?: Record<string, string> } | null;
    const response = attempt.response as { orderIncrementId?: string } | null;
    const orderIncrementId = response?.orderIncrementId ?? raw?.metadata?.orderIncrementId;
    const paymentId = raw?.metadata?.paymentId;
    return { orderId: attempt.orderId, ...(orderIncrementId ? { orderIncrementId } : {}), ...(paymentId ? { paymentId } : {}) };
  }
}
