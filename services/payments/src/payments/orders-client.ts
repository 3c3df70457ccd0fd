import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { PAYMENT_SCOPES, PREFER_RETURN_MINIMAL, type PayableOrder, type PaymentResultReport } from '@storefront/contracts';
import {
  UpstreamBreaker,
  UpstreamStatusError,
  failingAnswerThrown,
  isUpstreamFailure,
  readCircuitBreakerSettings,
  readEnvConfig,
  signInternalRequest,
  text,
  traceHeaders,
  url,
  type CircuitBreakerSettings,
} from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

export const ORDERS_CLIENT_OPTIONS = Symbol('ORDERS_CLIENT_OPTIONS');

export interface OrdersClientOptions {
  baseUrl: string;
  /** PAYMENTS_INTERNAL_SECRET: every call to the orders service's internal API is signed with it (unset: development, unsigned from this machine) */
  internalSecret?: string;
  timeoutMs: number;
  /** the orders breaker's settings (CIRCUIT_*); absent: read from the environment */
  circuit?: CircuitBreakerSettings;
}

export function ordersClientOptionsFromEnv(env: Record<string, string | undefined> = process.env): OrdersClientOptions {
  const config = readEnvConfig(
    { baseUrl: url(SERVICES.orders.urlEnv, localServiceUrl('orders', env)), internalSecret: text('PAYMENTS_INTERNAL_SECRET', '') },
    env,
  );
  return { baseUrl: config.baseUrl, internalSecret: config.internalSecret || undefined, timeoutMs: 5000, circuit: readCircuitBreakerSettings(env) };
}

export const ORDER_NOT_FOUND = 'Order not found.';

/**
 * A shopper's proof that an order is theirs: its token (X-Order-Token), or for the split-payment
 * page its e-mail (spec §6). A call with neither is refused here, before it could read as the
 * payments service's own.
 */
export interface ShopperProof {
  orderToken?: string | undefined;
  orderEmail?: string | undefined;
}
export const PAYMENT_REFUSED_BY_ORDER = 'This payment cannot be made for this order.';
export const ORDERS_UNAVAILABLE = 'Orders are unavailable right now. Please try again in a moment.';

/**
 * The orders service's internal API: what an order may be charged, and the verified outcome. Both
 * calls go through one breaker: while orders keeps failing (unreachable, past the 5 s
 * bound, 5xx, 429) a payment is answered ORDERS_UNAVAILABLE at once, before any gateway is called,
 * and a report fails at once so its job tries again later. A 404 or 400 is orders answering.
 */
@Injectable()
export class OrdersClient implements OnModuleDestroy {
  private readonly logger = new Logger('orders-client');
  private readonly breaker: UpstreamBreaker;

  constructor(@Inject(ORDERS_CLIENT_OPTIONS) private readonly options: OrdersClientOptions) {
    this.breaker = new UpstreamBreaker({ upstream: 'orders', isUpstreamFailure, ...(options.circuit ? { settings: options.circuit } : {}), logger: this.logger });
  }

  onModuleDestroy(): void {
    this.breaker.shutdown();
  }

  /**
   * What an order may be charged. With `orderToken` (a shopper's call) the orders service checks it
   * is the order's and answers 404 otherwise; a shopper's call without a token is refused here,
   * before it could read as the payments service's own.
   */
  async payableOrder(orderId: string, proof?: ShopperProof, instalmentCents?: number | null): Promise<PayableOrder> {
    const orderToken = proof?.orderToken?.trim() || undefined;
    const orderEmail = orderToken ? undefined : proof?.orderEmail?.trim() || undefined;
    if (proof && !orderToken && !orderEmail) throw new NotFoundException(ORDER_NOT_FOUND);
    const query = new URLSearchParams({
      ...(orderEmail ? { email: orderEmail } : {}),
      ...(instalmentCents ? { instalment: String(instalmentCents) } : {}),
    }).toString();
    const payableUrl = `${this.options.baseUrl}/internal/orders/${encodeURIComponent(orderId)}/payable${query ? `?${query}` : ''}`;
    let res: Response;
    try {
      res = await this.breaker.run(async () =>
        failingAnswerThrown(
          'orders',
          await fetch(payableUrl, {
            headers: { ...this.headers('GET', payableUrl), ...(orderToken ? { 'X-Order-Token': orderToken } : {}) },
            signal: AbortSignal.timeout(this.options.timeoutMs),
          }),
        ),
      );
    } catch (error) {
      // unreachable, too slow, a 5xx/429, or refused unasked while the breaker is open: the shopper tries again later
      const why = error instanceof UpstreamStatusError ? `answered ${error.status}` : `unreachable: ${error instanceof Error ? error.message : String(error)}`;
      this.logger.warn(`Orders service ${why}`, { orderId, ...(error instanceof UpstreamStatusError ? { status: error.status } : {}) });
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    if (res.status === 404) throw new NotFoundException(ORDER_NOT_FOUND);
    // the order takes no payment any more (staff canceled it): the shopper is told so, in the order's words
    if (res.status === 409) {
      const body = (await res.json().catch(() => null)) as { message?: unknown; errorType?: unknown } | null;
      throw new ConflictException({
        message: typeof body?.message === 'string' ? body.message : PAYMENT_REFUSED_BY_ORDER,
        ...(typeof body?.errorType === 'string' ? { errorType: body.errorType } : {}),
      });
    }
    // the order refuses what was asked (an instalment outside the spec's rules, split payment not enabled): the shopper's to correct
    if (res.status === 400) {
      const body = (await res.json().catch(() => null)) as { message?: unknown; errorType?: unknown; errors?: unknown } | null;
      throw new BadRequestException({
        message: typeof body?.message === 'string' ? body.message : PAYMENT_REFUSED_BY_ORDER,
        ...(typeof body?.errorType === 'string' ? { errorType: body.errorType } : {}),
        ...(body?.errors && typeof body.errors === 'object' ? { errors: body.errors } : {}),
      });
    }
    if (!res.ok) {
      // 401 here means PAYMENTS_INTERNAL_SECRET differs between the services (or the clocks by more than 5 minutes): an operator's problem.
      this.logger.warn(`Orders service answered ${res.status} for a payable order`, { orderId, status: res.status });
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    const order = (await res.json().catch(() => null)) as PayableOrder | null;
    // no scope, no payment: which methods may pay this order depends on it
    if (!order || typeof order.amountDue !== 'number' || !Number.isFinite(order.amountDue) || !(PAYMENT_SCOPES as readonly unknown[]).includes(order.scope)) {
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    return order;
  }

  /**
   * Throws when the orders service did not accept the report (the caller retries), at once while
   * the breaker is open (UpstreamCircuitOpenError: nothing was sent, the report's job tries again).
   */
  async reportPaymentResult(orderId: string, report: PaymentResultReport): Promise<void> {
    const reportUrl = `${this.options.baseUrl}/internal/orders/${encodeURIComponent(orderId)}/payment-result`;
    const body = JSON.stringify(report);
    const res = await this.breaker.run(async () =>
      failingAnswerThrown(
        'orders',
        await fetch(reportUrl, {
          method: 'POST',
          // signed when sent, not when queued: a report retried later gets a fresh time
          // only the status is read here: orders skips the order's view (RFC 7240)
          headers: { ...this.headers('POST', reportUrl, body), 'Content-Type': 'application/json', Prefer: PREFER_RETURN_MINIMAL },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        }),
      ),
    );
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new Error(`orders service answered ${res.status}`);
  }

  /**
   * The call's signature (payments' own secret over the method, path, query and body), and the
   * trace of the request or job making the call (its x-request-id and traceparent), so orders logs the same ids.
   */
  private headers(method: string, url: string, body?: string): Record<string, string> {
    return {
      Accept: 'application/json',
      ...traceHeaders(),
      ...signInternalRequest({ caller: 'payments', secret: this.options.internalSecret, method, url, ...(body !== undefined ? { body } : {}) }),
    };
  }
}
