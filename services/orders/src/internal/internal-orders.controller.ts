import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import type { PayableOrder, PaymentResultResponse } from '@storefront/contracts';
import { InternalTokenGuard } from './internal-token.guard.js';
import { OrderPaymentsService } from './order-payments.service.js';

/** Service-to-service calls; not under /api, so the gateway (which forwards /api only) never exposes them. */
@Controller('internal/orders')
@UseGuards(InternalTokenGuard)
export class InternalOrdersController {
  constructor(private readonly orderPayments: OrderPaymentsService) {}

  @Get(':id/payable')
  payable(@Param('id') id: string): Promise<PayableOrder> {
    return this.orderPayments.payable(id);
  }

  @Post(':id/payment-result')
  @HttpCode(HttpStatus.OK)
  paymentResult(@Param('id') id: string, @Body() body: unknown): Promise<PaymentResultResponse> {
    return this.orderPayments.recordPaymentResult(id, body);
  }
}
