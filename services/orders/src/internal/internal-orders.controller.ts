import { Controller } from '@nestjs/common';
import { orderRoutes, type BodyOf, type ParamsOf, type PayableOrder, type PaymentResultResponse } from '@storefront/contracts';
import { Route, RouteBody, RouteParams } from '@storefront/service-kit';
import { OrderPaymentsService } from './order-payments.service.js';

/** Service-to-service calls (access internal); not under /api, so the gateway (which forwards /api only) never exposes them. */
@Controller()
export class InternalOrdersController {
  constructor(private readonly orderPayments: OrderPaymentsService) {}

  @Route(orderRoutes.payable)
  payable(@RouteParams() { id }: ParamsOf<typeof orderRoutes.payable>): Promise<PayableOrder> {
    return this.orderPayments.payable(id);
  }

  @Route(orderRoutes.paymentResult)
  paymentResult(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.paymentResult>,
    @RouteBody() report: BodyOf<typeof orderRoutes.paymentResult>,
  ): Promise<PaymentResultResponse> {
    return this.orderPayments.recordPaymentResult(id, report);
  }
}
