import { Controller, Headers } from '@nestjs/common';
import { ORDER_TOKEN_HEADER, PREFER_RETURN_MINIMAL, orderRoutes, type BodyOf, type ParamsOf, type PayableOrder, type PaymentResultResponse, type QueryOf } from '@storefront/contracts';
import { Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import { OrderPaymentsService } from './order-payments.service.js';

/** Service-to-service calls (access internal); not under /api, so the gateway (which forwards /api only) never exposes them. */
@Controller()
export class InternalOrdersController {
  constructor(private readonly orderPayments: OrderPaymentsService) {}

  /**
   * With X-Order-Token (a shopper's payment, forwarded by the payments service) the token must be the
   * order's, else 404; with ?email= (the split-payment page's payment) the e-mail must be the order's;
   * without either, the payments service's own call (reconciliation, reports). ?instalment= asks for
   * a part of the balance (split payment), checked here.
   */
  @Route(orderRoutes.payable)
  payable(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.payable>,
    @RouteQuery() { instalment, email }: QueryOf<typeof orderRoutes.payable>,
    @Headers(ORDER_TOKEN_HEADER.toLowerCase()) orderToken: string | undefined,
  ): Promise<PayableOrder> {
    return this.orderPayments.payable(id, { orderToken, email, instalment });
  }

  @Route(orderRoutes.paymentResult)
  paymentResult(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.paymentResult>,
    @RouteBody() report: BodyOf<typeof orderRoutes.paymentResult>,
    @Headers('prefer') prefer: string | undefined,
  ): Promise<PaymentResultResponse> {
    // RFC 7240: a caller that reads only the status is spared the order's view (a query and its JSON)
    const minimal = prefer?.split(',').some((preference) => preference.trim().toLowerCase() === PREFER_RETURN_MINIMAL) ?? false;
    return this.orderPayments.recordPaymentResult(id, report, { withOrder: !minimal });
  }
}
