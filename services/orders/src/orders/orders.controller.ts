import { Controller, Headers, Req, Res, UseGuards } from '@nestjs/common';
import { IDEMPOTENT_REPLAYED_HEADER, RateLimitGuard, Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TOKEN_HEADER,
  orderRoutes,
  type BodyOf,
  type CartSummary,
  type CreateOrderResponse,
  type OrderResponse,
  type ParamsOf,
  type QueryOf,
  type UpdateOrderResponse,
} from '@storefront/contracts';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../accounts/index.js';
import { OrdersService, type WriteAnswer } from './orders.service.js';

/** The stored status of a write (201 for a create, also when replayed), flagged when it is a replay. */
function send<T>(res: Response, answer: WriteAnswer<T>): T {
  res.status(answer.status);
  if (answer.replayed) res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return answer.body;
}

@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Route(orderRoutes.cartSummary)
  cartSummary(@RouteBody() request: BodyOf<typeof orderRoutes.cartSummary>): Promise<CartSummary> {
    return this.orders.cartSummary(request);
  }

  /** The checkout's server render prices the cart's lines cookie here (page data); no destination yet. */
  @Route(orderRoutes.cartSummaryOfLines)
  cartSummaryOfLines(@RouteQuery() { lines }: QueryOf<typeof orderRoutes.cartSummaryOfLines>): Promise<CartSummary> {
    return this.orders.cartSummary({ items: lines });
  }

  @Route(orderRoutes.create)
  @UseGuards(RateLimitGuard)
  async create(
    @RouteBody() request: BodyOf<typeof orderRoutes.create>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreateOrderResponse> {
    // signed in: the order is the customer's (a session without its CSRF token is refused, 403);
    // the body's customerId is never read
    const customer = await this.sessions.optionalCustomer(req);
    return send(res, await this.orders.createOrder(request, idempotencyKey, customer && { customerId: customer.customerId, email: customer.email }));
  }

  @Route(orderRoutes.update)
  @UseGuards(RateLimitGuard)
  async update(
    @RouteBody() request: BodyOf<typeof orderRoutes.update>,
    @Headers(ORDER_TOKEN_HEADER.toLowerCase()) orderToken: string | undefined,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<UpdateOrderResponse> {
    return send(res, await this.orders.updateOrder(request, orderToken, idempotencyKey));
  }

  @Route(orderRoutes.view)
  async view(
    @RouteParams() { id }: ParamsOf<typeof orderRoutes.view>,
    @RouteQuery() { token }: QueryOf<typeof orderRoutes.view>,
    @Headers(ORDER_TOKEN_HEADER.toLowerCase()) orderToken: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OrderResponse> {
    const proof = orderToken ?? token;
    // without a token the signed-in owner may look; the answer is theirs alone either way
    const customer = proof ? undefined : await this.sessions.optionalCustomer(req);
    res.setHeader('Cache-Control', 'private, no-store');
    return { success: true, status: 200, data: await this.orders.viewOrderWithProof(id, proof, customer?.customerId) };
  }
}
