import { Controller } from '@nestjs/common';
import { paymentRoutes, type BodyOf, type OrderPaymentsResponse, type ParamsOf, type RefundResponse } from '@storefront/contracts';
import { Route, RouteBody, RouteParams } from '@storefront/service-kit';
import { RefundsService } from './refunds.service.js';

/**
 * The refunds routes, internal (`@Route` signs them off to the orders service, which calls them for
 * its back office; the gateway never forwards /internal). Thin: input is checked by the route table,
 * the rules are RefundsService's.
 */
@Controller()
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Route(paymentRoutes.refundPayment)
  refund(@RouteBody() request: BodyOf<typeof paymentRoutes.refundPayment>): Promise<RefundResponse> {
    return this.refunds.refund(request);
  }

  @Route(paymentRoutes.orderPayments)
  orderPayments(@RouteParams() { orderId }: ParamsOf<typeof paymentRoutes.orderPayments>): Promise<OrderPaymentsResponse> {
    return this.refunds.orderPayments(orderId);
  }
}
