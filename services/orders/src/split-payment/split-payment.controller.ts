import { Controller, Res } from '@nestjs/common';
import { LookupRateLimit, Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import { orderRoutes, type BodyOf, type SplitPaymentLookupResponse, type ParamsOf, type QueryOf, type SplitPaymentResponse } from '@storefront/contracts';
import type { Response } from 'express';
import { TooManyOrderLookups } from './lookup-limits.js';
import { SplitPaymentService } from './split-payment.service.js';

/** An order answer is the customer's: never kept by a browser's or a proxy's cache. */
const PRIVATE = 'private, no-store';

/**
 * The split-payment page's calls (spec §7). Registered after the checkout's lookups, so
 * GET /api/order/checkout-locations is never read as an order number.
 */
@Controller()
export class SplitPaymentController {
  constructor(private readonly splitPayments: SplitPaymentService) {}

  @Route(orderRoutes.lookup)
  @LookupRateLimit()
  async lookup(
    @RouteParams() { orderId }: ParamsOf<typeof orderRoutes.lookup>,
    @RouteQuery() { email }: QueryOf<typeof orderRoutes.lookup>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SplitPaymentLookupResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    return { success: true, status: 200, data: await withRetryAfter(res, () => this.splitPayments.lookup(orderId, email)) };
  }

  @Route(orderRoutes.splitPayment)
  @LookupRateLimit()
  async confirm(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.splitPayment>,
    @RouteBody() { email, payments }: BodyOf<typeof orderRoutes.splitPayment>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SplitPaymentResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    return withRetryAfter(res, () => this.splitPayments.confirm(id, email, payments.map((payment) => payment.transactionId)));
  }
}

/** A 429 of the per-order or per-e-mail limit says when to come back. */
async function withRetryAfter<T>(res: Response, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyOrderLookups) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
