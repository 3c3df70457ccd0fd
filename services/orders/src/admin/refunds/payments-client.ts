import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { jobRoutes, paymentRoutes, type OrderPaymentsResponse, type RefundRequest, type RefundResponse } from '@storefront/contracts';
import { RemoteDeadLetters } from '../upstream/remote-dead-letters.js';
import { InternalService, ServiceRefusal, ServiceUnavailable, pathOf } from '../upstream/internal-service.js';

/** The payments service did not answer (down, too slow, 5xx, its breaker open): nothing it would have done is known. */
export class PaymentsUnavailable extends ServiceUnavailable {
  override readonly name: string = 'PaymentsUnavailable';
  constructor(message: string, options?: ErrorOptions) {
    super('payments', message, options);
  }
}

/** The payments service answered and refused (404, 409, 400): its message, for staff. */
export class PaymentsRefusal extends ServiceRefusal {
  override readonly name: string = 'PaymentsRefusal';
  constructor(message: string, status: number, body: ServiceRefusal['body'] = {}) {
    super('payments', message, status, body);
  }
}

/**
 * The payments service's internal API as the back office uses it: an order's payments, refunds, and
 * its job runner's dead letters. Every call is signed as the caller `orders` (ORDERS_INTERNAL_SECRET),
 * bounded (10 s: a refund waits on the provider) and goes through one breaker, so a payments outage
 * answers at once (InternalService).
 */
@Injectable()
export class PaymentsClient implements OnModuleDestroy {
  private readonly payments = new InternalService({
    service: 'payments',
    timeoutMs: 10_000,
    unavailableMessage: 'The payments service is unavailable right now. Nothing was changed; try again in a moment.',
    unavailable: (message, cause) => new PaymentsUnavailable(message, { cause }),
    refusal: (message, status, body) => new PaymentsRefusal(message, status, body),
  });

  /** The payments job runner's dead letters (GET /internal/jobs/dead-letters on payments), and their retry. */
  readonly deadLetters = new RemoteDeadLetters(this.payments, { list: jobRoutes.paymentsDeadLetters, retry: jobRoutes.paymentsRetryDeadLetter });

  onModuleDestroy(): void {
    this.payments.shutdown();
  }

  /** Every payment attempt of the order, with what is left to refund of each. */
  orderPayments(orderId: string): Promise<OrderPaymentsResponse> {
    return this.payments.json<OrderPaymentsResponse>('GET', pathOf(paymentRoutes.orderPayments.path, { orderId }));
  }

  /** Refunds `amountCents` of a completed attempt under `reference` (the same reference again is the same refund). */
  refund(request: RefundRequest): Promise<RefundResponse> {
    return this.payments.json<RefundResponse>('POST', paymentRoutes.refundPayment.path, { body: JSON.stringify(request) });
  }
}
