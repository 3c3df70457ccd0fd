import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import { RateLimitGuard } from '@storefront/service-kit';
import type { CartSummary, OrderResponse } from '@storefront/contracts';
import { OrdersService } from './orders.service.js';

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
  @HttpCode(HttpStatus.CREATED)
  async create(@Body() body: unknown): Promise<OrderResponse> {
    return { success: true, status: 201, data: await this.orders.createOrder(body) };
  }

  @Get('view/:id')
  async view(@Param('id') id: string): Promise<OrderResponse> {
    return { success: true, status: 200, data: await this.orders.viewOrder(id) };
  }
}
