import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { PayableOrder, PaymentResultReport } from '@storefront/contracts';
import { readEnvConfig, text, url } from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

export const ORDERS_CLIENT_OPTIONS = Symbol('ORDERS_CLIENT_OPTIONS');

export interface OrdersClientOptions {
  baseUrl: string;
  /** sent as X-Internal-Token when set: the orders service's internal API is not for browsers */
  internalToken?: string;
  timeoutMs: number;
}

export function ordersClientOptionsFromEnv(env: Record<string, string | undefined> = process.env): OrdersClientOptions {
  const config = readEnvConfig(
    { baseUrl: url(SERVICES.orders.urlEnv, localServiceUrl('orders', env)), internalToken: text('INTERNAL_API_TOKEN', '') },
    env,
  );
  return { baseUrl: config.baseUrl, internalToken: config.internalToken || undefined, timeoutMs: 5000 };
}

export const ORDER_NOT_FOUND = 'Order not found.';
export const ORDERS_UNAVAILABLE = 'Orders are unavailable right now. Please try again in a moment.';

/** The orders service's internal API: what an order may be charged, and the verified outcome. */
@Injectable()
export class OrdersClient {
  private readonly logger = new Logger('orders-client');

  constructor(@Inject(ORDERS_CLIENT_OPTIONS) private readonly options: OrdersClientOptions) {}

  /**
   * What an order may be charged. With `orderToken` (a shopper's call) the orders service checks it
   * is the order's and answers 404 otherwise; a shopper's call without a token is refused here,
   * before it could read as the payments service's own.
   */
  async payableOrder(orderId: string, orderToken?: string): Promise<PayableOrder> {
    if (orderToken !== undefined && !orderToken.trim()) throw new NotFoundException(ORDER_NOT_FOUND);
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}/internal/orders/${encodeURIComponent(orderId)}/payable`, {
        headers: { ...this.headers(), ...(orderToken !== undefined ? { 'X-Order-Token': orderToken } : {}) },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      this.logger.warn(`Orders service unreachable: ${error instanceof Error ? error.message : String(error)}`, { orderId });
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    if (res.status === 404) throw new NotFoundException(ORDER_NOT_FOUND);
    if (!res.ok) {
      // 401/403 here means INTERNAL_API_TOKEN differs between the services: an operator's problem.
      this.logger.warn(`Orders service answered ${res.status} for a payable order`, { orderId, status: res.status });
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    const order = (await res.json().catch(() => null)) as PayableOrder | null;
    if (!order || typeof order.amountDue !== 'number' || !Number.isFinite(order.amountDue)) {
      throw new ServiceUnavailableException(ORDERS_UNAVAILABLE);
    }
    return order;
  }

  /** Throws when the orders service did not accept the report (the caller retries). */
  async reportPaymentResult(orderId: string, report: PaymentResultReport): Promise<void> {
    const res = await fetch(`${this.options.baseUrl}/internal/orders/${encodeURIComponent(orderId)}/payment-result`, {
      method: 'POST',
      headers: { ...this.headers(), 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new Error(`orders service answered ${res.status}`);
  }

  private headers(): Record<string, string> {
    return { Accept: 'application/json', ...(this.options.internalToken ? { 'X-Internal-Token': this.options.internalToken } : {}) };
  }
}
