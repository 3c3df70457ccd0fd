import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Patch, Post, Res, UseGuards } from '@nestjs/common';
import { IDEMPOTENT_REPLAYED_HEADER, RateLimitGuard } from '@storefront/service-kit';
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TOKEN_HEADER,
  type CartSummary,
  type CreateOrderResponse,
  type OrderResponse,
  type UpdateOrderResponse,
} from '@storefront/contracts';
import type { Response } from 'express';
import { OrdersService, type WriteAnswer } from './orders.service.js';

/** The stored status of a write (201 for a create, also when replayed), flagged when it is a replay. */
function send<T>(res: Response, answer: WriteAnswer<T>): T {
  res.status(answer.status);
  if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body;
}

@Controller('api/order')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('cart-summary')
  @HttpCode(HttpStatus.OK)
  cartSummary(@Body() body: unknown): Promise<CartSummary> {
    return this.orders.cartSummary(body);
  }

  @Post()
  @UseGuards(RateLimitGuard)
  async create(
    @Body() body: unknown,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreateOrderResponse> {
    return send(res, await this.orders.createOrder(body, idempotencyKey));
  }

  @Patch()
  @UseGuards(RateLimitGuard)
  async update(
    @Body() body: unknown,
    @Headers(ORDER_TOKEN_HEADER.toLowerCase()) orderToken: string | undefined,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UpdateOrderResponse> {
    return send(res, await this.orders.updateOrder(body, orderToken, idempotencyKey));
  }

  @Get('view/:id')
  async view(@Param('id') id: string): Promise<OrderResponse> {
    return { success: true, status: 200, data: await this.orders.viewOrder(id) };
  }
}
