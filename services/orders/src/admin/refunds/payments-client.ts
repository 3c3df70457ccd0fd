import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { paymentRoutes, type OrderPaymentsResponse, type RefundRequest, type RefundResponse } from '@storefront/contracts';
import {
  UpstreamBreaker,
  failingAnswerThrown,
  internalSecretOf,
  isUpstreamFailure,
  readCircuitBreakerSettings,
  readEnvConfig,
  signInternalRequest,
  traceHeaders,
  url,
} from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

/** The payments service did not answer (down, too slow, 5xx, its breaker open): nothing it would have done is known. */
export class PaymentsUnavailable extends Error {
  override readonly name = 'PaymentsUnavailable';
}

/** The payments service answered and refused (404, 409, 400): its message, for staff. */
export class PaymentsRefusal extends Error {
  override readonly name = 'PaymentsRefusal';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * The payments service's internal API as the back office uses it: an order's payments, and refunds.
 * Every call is signed as the caller `orders` (ORDERS_INTERNAL_SECRET), bounded (10 s: a refund waits
 * on the provider) and goes through one breaker, so a payments outage answers at once.
 */
@Injectable()
export class PaymentsClient implements OnModuleDestroy {
  private readonly logger = new Logger('payments-client');
  private readonly baseUrl: string;
  private readonly breaker: UpstreamBreaker;

  constructor() {
    this.baseUrl = readEnvConfig({ baseUrl: url(SERVICES.payments.urlEnv, localServiceUrl('payments', process.env)) }).baseUrl;
    this.breaker = new UpstreamBreaker({ upstream: 'payments', isUpstreamFailure, settings: readCircuitBreakerSettings(process.env), logger: this.logger });
  }

  onModuleDestroy(): void {
    this.breaker.shutdown();
  }

  /** Every payment attempt of the order, with what is left to refund of each. */
  async orderPayments(orderId: string): Promise<OrderPaymentsResponse> {
    return (await this.call('GET', paymentRoutes.orderPayments.path.replace(':orderId', encodeURIComponent(orderId)))) as OrderPaymentsResponse;
  }

  /** Refunds `amountCents` of a completed attempt under `reference` (the same reference again is the same refund). */
  async refund(request: RefundRequest): Promise<RefundResponse> {
    return (await this.call('POST', paymentRoutes.refundPayment.path, JSON.stringify(request))) as RefundResponse;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: string): Promise<unknown> {
    const target = `${this.baseUrl}${path}`;
    let res: Response;
    try {
      res = await this.breaker.run(async () =>
        failingAnswerThrown(
          'payments',
          await fetch(target, {
            method,
            headers: {
              Accept: 'application/json',
              ...(body !== undefined && { 'Content-Type': 'application/json' }),
              ...traceHeaders(),
              ...signInternalRequest({ caller: 'orders', secret: internalSecretOf('orders'), method, url: target, ...(body !== undefined && { body }) }),
            },
            ...(body !== undefined && { body }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          }),
        ),
      );
    } catch (error) {
      this.logger.warn(`Payments service unavailable: ${error instanceof Error ? error.message : String(error)}`, { path });
      throw new PaymentsUnavailable('The payments service is unavailable right now. Nothing was changed; try again in a moment.', { cause: error });
    }
    const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
    if (!res.ok) {
      const message = typeof answer?.message === 'string' ? answer.message : `The payments service refused (${res.status}).`;
      // 401/403: the services' secrets differ (an operator's problem), not the staff member's
      if (res.status === 401 || res.status === 403) throw new PaymentsUnavailable(`The payments service refused this service's signature (${res.status}): check ORDERS_INTERNAL_SECRET.`);
      throw new PaymentsRefusal(message, res.status);
    }
    return answer;
  }
}
