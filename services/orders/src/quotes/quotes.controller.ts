import { Controller, Req, Res } from '@nestjs/common';
import { LookupRateLimit, Route, RouteBody, RouteParams, RouteQuery } from '@storefront/service-kit';
import {
  quoteRoutes,
  type BodyOf,
  type ConvertToOrderResponse,
  type ParamsOf,
  type QueryOf,
  type QuotePaymentOrderResponse,
  type QuoteResponse,
} from '@storefront/contracts';
import type { Request, Response } from 'express';
import { CustomerSessions } from '../accounts/index.js';
import { QuoteError, quoteHttpException } from './quote-errors.js';
import { QuoteOrdersService } from './quote-orders.service.js';
import { QuotesService } from './quotes.service.js';

/** A quote answer is the customer's: never stored by a browser's or a proxy's cache (errors included). */
const PRIVATE = 'private, no-store';

/** A QuoteError as the API answers it; `notFound`: the status of a link that opens nothing (400 on the payment page's call, 404 on the view's). */
function httpError(error: unknown, notFound: 400 | 404): unknown {
  return error instanceof QuoteError ? quoteHttpException(error, notFound) : error;
}

/** The customer's quote calls (spec §7): thin over QuotesService. */
@Controller()
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly quoteOrders: QuoteOrdersService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Route(quoteRoutes.byLink)
  @LookupRateLimit()
  async byLink(@RouteQuery() { quoteId, token }: QueryOf<typeof quoteRoutes.byLink>, @Res({ passthrough: true }) res: Response): Promise<QuoteResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    try {
      return { success: true, data: await this.quotes.findByLink(quoteId, token) };
    } catch (error) {
      throw httpError(error, 400);
    }
  }

  @Route(quoteRoutes.view)
  @LookupRateLimit()
  async view(
    @RouteParams() { id }: ParamsOf<typeof quoteRoutes.view>,
    @RouteQuery() { token }: QueryOf<typeof quoteRoutes.view>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<QuoteResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    try {
      const customer = token ? undefined : await this.sessions.optionalCustomer(req);
      return { success: true, data: await this.quotes.findForView(id, token, customer?.customerId) };
    } catch (error) {
      throw httpError(error, 404);
    }
  }

  @Route(quoteRoutes.paymentOrder)
  @LookupRateLimit()
  async paymentOrder(
    @RouteBody() { quoteId, token }: BodyOf<typeof quoteRoutes.paymentOrder>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<QuotePaymentOrderResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    try {
      const customer = await this.sessions.optionalCustomer(req);
      return { success: true, data: await this.quoteOrders.paymentOrder(quoteId, token, customer?.customerId) };
    } catch (error) {
      throw httpError(error, 400);
    }
  }

  @Route(quoteRoutes.convertToOrder)
  @LookupRateLimit()
  async convertToOrder(
    @RouteBody() { quoteId, token, payment }: BodyOf<typeof quoteRoutes.convertToOrder>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConvertToOrderResponse> {
    res.setHeader('Cache-Control', PRIVATE);
    try {
      return await this.quoteOrders.convertToOrder(quoteId, token, payment.transactionId);
    } catch (error) {
      throw httpError(error, 400);
    }
  }
}
