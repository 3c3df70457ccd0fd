import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BadRequestException, ConflictException, Controller, Headers, HttpException, NotFoundException, Res, ServiceUnavailableException } from '@nestjs/common';
import { ADMIN_PAGE, IDEMPOTENCY_KEY_HEADER, adminRoutes, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from '@storefront/contracts';
import { dollarsToCents } from '@storefront/money';
import { AdminActor, IdempotentWrite, Route, RouteBody, RouteParams, RouteQuery, parseIdempotencyKey, requestFingerprint, type AdminCaller } from '@storefront/service-kit';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { OrderEmails } from '../../email/index.js';
import { BackofficeRefusal, ORDER_NOT_FOUND, enableSplitPayment } from '../../orders/order-admin.service.js';
import { audited, auditorOf, type AuditChanges } from '../audit/admin-audit.js';
import { OrderRefunds } from '../refunds/order-refunds.js';
import { PaymentsRefusal, PaymentsUnavailable } from '../refunds/payments-client.js';
import { AFTER_NOT_FOUND, addOrderNote, assertStaffAction, cancelOrder, findOrderId, orderDetail, ordersCsv, searchOrders } from './admin-orders.js';

/** A refusal as the API answers it: an unknown order 404, a cursor 400, anything else the order-process table refused 409. */
function orderHttpError(error: unknown): unknown {
  if (error instanceof PaymentsUnavailable) return new ServiceUnavailableException({ message: error.message, errorType: 'paymentsUnavailable' });
  if (error instanceof PaymentsRefusal) return new ConflictException({ message: error.message, errorType: 'refundRefused' });
  if (!(error instanceof BackofficeRefusal)) return error;
  if (error.message === ORDER_NOT_FOUND) return new NotFoundException({ message: error.message, errorType: 'orderNotFound' });
  if (error.message === AFTER_NOT_FOUND) return new BadRequestException({ message: error.message, errors: { after: error.message } });
  return new ConflictException({ message: error.message, errorType: 'actionRefused' });
}

const isRefusal = (error: unknown): boolean => (error instanceof HttpException && error.getStatus() < 500) || error instanceof BackofficeRefusal;

/**
 * The back office's orders: the list (search, filters, keyset pages, CSV), one order, and what staff
 * do to it (a note, resend the confirmation, split payment, cancel). Thin: the queries are
 * admin-orders.ts's, each action is checked by the order-process table under the order's lock, and
 * every write is audited with who made it and the values before and after.
 */
@Controller()
export class AdminOrdersController {
  constructor(
    private readonly db: DataSource,
    private readonly orderEmails: OrderEmails,
    private readonly refunds: OrderRefunds,
  ) {}

  @Route(adminRoutes.listOrders)
  async list(@RouteQuery() { limit = ADMIN_PAGE.defaultLimit, after, ...filters }: QueryOf<typeof adminRoutes.listOrders>): Promise<ResponseOf<typeof adminRoutes.listOrders>> {
    try {
      const found = await searchOrders(this.db, filters, { limit: limit + 1, after });
      const orders = found.slice(0, limit);
      return { orders, next: found.length > limit ? orders[orders.length - 1]!.number : null };
    } catch (error) {
      throw orderHttpError(error);
    }
  }

  @Route(adminRoutes.exportOrders)
  async export(@RouteQuery() filters: QueryOf<typeof adminRoutes.exportOrders>, @Res() res: Response): Promise<void> {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`);
    await pipeline(Readable.from(ordersCsv(this.db, filters)), res);
  }

  @Route(adminRoutes.orderDetail)
  async detail(@RouteParams() { order }: ParamsOf<typeof adminRoutes.orderDetail>): Promise<ResponseOf<typeof adminRoutes.orderDetail>> {
    try {
      const id = await findOrderId(this.db, order);
      return await orderDetail(this.db, id, await this.refunds.attemptsOrNull(id));
    } catch (error) {
      throw orderHttpError(error);
    }
  }

  @Route(adminRoutes.refundOrder)
  async refund(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.refundOrder>,
    @RouteBody() body: BodyOf<typeof adminRoutes.refundOrder>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
  ): Promise<ResponseOf<typeof adminRoutes.refundOrder>> {
    try {
      return await this.refunds.refund(caller, order, body, parseIdempotencyKey(idempotencyKey));
    } catch (error) {
      throw orderHttpError(error);
    }
  }

  @Route(adminRoutes.addOrderNote)
  async addNote(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.addOrderNote>,
    @RouteBody() body: BodyOf<typeof adminRoutes.addOrderNote>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
  ): Promise<ResponseOf<typeof adminRoutes.addOrderNote>> {
    return this.write(caller, 'order.note', order, body, idempotencyKey, async (manager, changes) => {
      const { id } = await addOrderNote(manager, order, body.comment, caller.name);
      changes.after = { note: body.comment };
      return orderDetail(manager, id);
    });
  }

  @Route(adminRoutes.cancelOrder)
  async cancel(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.cancelOrder>,
    @RouteBody() body: BodyOf<typeof adminRoutes.cancelOrder>,
  ): Promise<ResponseOf<typeof adminRoutes.cancelOrder>> {
    return this.write(caller, 'order.cancel', order, body, undefined, async (manager, changes) => {
      const { id, before, after } = await cancelOrder(manager, order, body.reason, caller.name);
      changes.before = { status: before };
      changes.after = { status: after, ...(body.reason && { reason: body.reason }) };
      return orderDetail(manager, id);
    });
  }

  @Route(adminRoutes.resendConfirmation)
  async resendConfirmation(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.resendConfirmation>,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
  ): Promise<ResponseOf<typeof adminRoutes.resendConfirmation>> {
    return this.write(caller, 'order.resend-confirmation', order, {}, idempotencyKey, async (manager, changes) => {
      const { id, detail } = await assertStaffAction(manager, order, 'resendConfirmation');
      const outcome = await this.orderEmails.resendOrderConfirmation(manager, id, randomUUID());
      changes.after = { recipient: detail.order.email };
      return { queued: outcome.result === 'queued', recipient: detail.order.email };
    });
  }

  @Route(adminRoutes.splitPayment)
  async splitPayment(
    @AdminActor() caller: AdminCaller,
    @RouteParams() { order }: ParamsOf<typeof adminRoutes.splitPayment>,
    @RouteBody() body: BodyOf<typeof adminRoutes.splitPayment>,
  ): Promise<ResponseOf<typeof adminRoutes.splitPayment>> {
    return this.write(caller, 'order.split-payment', order, body, undefined, async (manager, changes) => {
      const result = await enableSplitPayment(manager, { order, minimumCents: dollarsToCents(body.minimumSplitAmount) });
      changes.after = { splitPaymentEnabled: true, minimumSplitAmountCents: result.minimumSplitAmountCents };
      return result;
    });
  }

  /**
   * One audited write: in a transaction with its audit row (who, the values before and after), and,
   * with an Idempotency-Key, answered once however often it is sent.
   */
  private write<T>(
    caller: AdminCaller,
    action: string,
    order: string,
    body: unknown,
    idempotencyKey: string | undefined,
    run: (manager: import('typeorm').EntityManager, changes: AuditChanges) => Promise<T>,
  ): Promise<T> {
    const key = parseIdempotencyKey(idempotencyKey);
    // the scope names the action (its column holds 32 characters); the caller is in the fingerprint,
    // so another caller's request under the same key is refused (422), never answered with this one's
    const scope = `admin.${action}`;
    return audited(
      this.db,
      auditorOf(caller),
      action,
      order,
      async (manager, changes) => {
        try {
          return await run(manager, changes);
        } catch (error) {
          throw orderHttpError(error);
        }
      },
      { isRefusal, ...(key && { idempotency: new IdempotentWrite(key, scope, requestFingerprint(scope, body, order, caller.kind, caller.id)) }) },
    );
  }
}
