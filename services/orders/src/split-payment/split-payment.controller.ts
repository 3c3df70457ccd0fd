import { Controller, Res } from '@nestjs/common';
import { LookupRateLimit, Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import { orderRoutes, type BodyOf, type OrderResponse, type ParamsOf, type QueryOf, type SplitPaymentResponse } from '@storefront/contracts';
import type { Response } from 'express';
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
  ): Promise<OrderResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    return { success: true, status: 200, data: await this.splitPayments.lookup(orderId, email) };
  }

  @Route(orderRoutes.splitPayment)
  @LookupRateLimit()
  async confirm(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.splitPayment>,
    @RouteBody() { email, payments }: BodyOf<typeof orderRoutes.splitPayment>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SplitPaymentResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    return this.splitPayments.confirm(id, email, payments.map((payment) => payment.transactionId));
  }
}
