import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SAMPLE_ORDER_SCOPE, acceptsChanges, nonSampleSkus, priceCart } from '@storefront/commerce-rules';
import {
  CHECKOUT_MESSAGES,
  NO_SHIPPING_METHODS,
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  isUuid,
  type CartSummary,
  type CartSummaryRequest,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Order,
  type PaymentMethod,
  type UpdateOrderRequest,
  type UpdateOrderResponse,
} from '@storefront/contracts';
import { DataSource, type EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { OrderAddressEntity, OrderEntity, OrderItemEntity, OrderPaymentEntity } from '../entities/index.js';
import { orderById } from './order-by-id.js';
import { IdempotentWrite, parseIdempotencyKey, requestFingerprint, type StoredAnswer } from '@storefront/service-kit';
import { claimOrder } from '../accounts/index.js';
import { OrderEmails } from '../email/index.js';
import { CommerceContent } from './commerce-content.js';
import { buildNewOrder, historyNote, pendingPayment, pricedOrderContents } from './order-builder.js';
import { assertOrderable, orderRequestOf, type ValidOrderRequest } from './order-request.js';
import { assertOrderToken, hashOrderToken, matchesOrderToken, newOrderToken } from './order-token.js';
import { toOrderView } from './order-view.js';
import { currentOrderTokenHash } from './payment-proof.js';
import { insertAddresses, insertHistory, insertItems, insertNewOrder, insertPayments } from './order-writes.js';

/** The columns a payment entry's reset changes (an UPDATE of the entry, without TypeORM's read before a save). */
const paymentFields = ({ status, amount, amountPaid, transactionId, method, methodLabel, additionalData }: OrderPaymentEntity): QueryDeepPartialEntity<OrderPaymentEntity> => ({
  status,
  amount,
  amountPaid,
  transactionId,
  method,
  methodLabel,
  // a jsonb value: TypeORM's partial type would walk into it as if it were a relation
  additionalData: additionalData as QueryDeepPartialEntity<OrderPaymentEntity>['additionalData'],
});

/** Order ids are UUIDs; anything else is answered 404 without asking PostgreSQL (which would fail the cast). */
export const isOrderId = (id: unknown): id is string => isUuid(id);
const ORDER_RELATIONS = { items: true, addresses: true, payments: true, statusHistory: true } as const;
export const PAYMENT_METHOD_NOT_AVAILABLE = 'Payment method not available';
export const ORDER_ALREADY_PAID = 'This order has already been paid.';
export const ORDER_OF_QUOTE_FIXED = 'This order was made from a quote and cannot be changed.';
export const ORDER_UPDATED_BEFORE_PAYMENT = 'Order has been updated before payment';

/** An answer and whether it repeats an earlier one (same Idempotency-Key). */
export interface WriteAnswer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** A request priced by the server: what it costs and how it will be paid. */
interface PricedRequest {
  summary: CartSummary;
  paymentMethod: PaymentMethod | undefined;
}

/** Who is ordering when a customer is signed in: the session's customer and the account's e-mail. */
export interface OrderingCustomer {
  customerId: string;
  email: string;
}

/**
 * A signed-in customer's order goes to the account's e-mail (the checkout shows it read-only), so a
 * confirmation never leaves for an address the account does not have; the billing address carries it too.
 */
function forCustomer(request: ValidOrderRequest, customer: OrderingCustomer | undefined): ValidOrderRequest {
  if (!customer) return request;
  return { ...request, email: customer.email, billing: { ...request.billing, email: customer.email } };
}

function notFound(): never {
  throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly content: CommerceContent,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly emails: OrderEmails,
  ) {}

  /** What the cart costs, priced by the server (the browser's cart summary). */
  async cartSummary(request: CartSummaryRequest): Promise<CartSummary> {
    const [catalog, settings] = await Promise.all([this.content.catalog(), this.content.settings()]);
    const summary = priceCart(catalog, request, settings);
    if (summary.overLimit.length > 0) assertOrderable({ unknownSkus: [], overLimit: summary.overLimit });
    return summary;
  }

  /**
   * Prices the cart again on the server, then stores the order with all its parts in one
   * transaction. The order token is returned once (and to replays of the same Idempotency-Key);
   * only its hash is stored on the order.
   */
  async createOrder(
    body: CreateOrderRequest,
    idempotencyKeyHeader?: string | string[],
    customer?: OrderingCustomer,
  ): Promise<WriteAnswer<CreateOrderResponse>> {
    const key = parseIdempotencyKey(idempotencyKeyHeader);
    const request = forCustomer(orderRequestOf(body), customer);
    const priced = await this.priceRequest(request);
    const write = key ? new IdempotentWrite(key, 'order.create', requestFingerprint('order.create', body)) : undefined;

    return this.dataSource.transaction(async (manager) => {
      const earlier = await write?.claim<Omit<CreateOrderResponse, 'orderToken'>>(manager);
      if (earlier) return { status: earlier.status, body: { ...earlier.body, orderToken: earlier.secret ?? '' }, replayed: true };

      const orderToken = newOrderToken();
      // a few statements whatever the cart's size, and no re-read: the answer is what was inserted plus what PostgreSQL returned
      const data = await insertNewOrder(manager, buildNewOrder(request, priced.summary, priced.paymentMethod, hashOrderToken(orderToken), customer?.customerId ?? null));
      const answer = { status: 201, body: { success: true as const, status: 201 as const, data } };
      await write?.complete(manager, { ...answer, secret: orderToken });
      return { ...answer, body: { ...answer.body, orderToken }, replayed: false };
    });
  }

  /**
   * The retained order, changed before payment (spec §4: a failed payment keeps the order; the next
   * submit updates it). Validated and priced exactly like a create; items and addresses are
   * replaced and the payment entry is reset to pending with the new total. The order row is locked
   * (FOR UPDATE), so an update and a payment result for the same order never interleave.
   */
  async updateOrder(
    body: UpdateOrderRequest,
    orderToken: string | undefined,
    idempotencyKeyHeader?: string | string[],
  ): Promise<WriteAnswer<UpdateOrderResponse>> {
    const key = parseIdempotencyKey(idempotencyKeyHeader);
    const request = orderRequestOf(body);
    const id = body.id;
    if (!isOrderId(id)) notFound();
    const priced = await this.priceRequest(request);
    const write = key ? new IdempotentWrite(key, 'order.update', requestFingerprint('order.update', body)) : undefined;
    const adminEmail = await this.emails.adminEmailList();

    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(`SELECT status, payment_status, order_token_hash FROM orders WHERE id = $1 FOR UPDATE`, [id])) as {
        status: string;
        payment_status: string;
        order_token_hash: string | null;
      }[];
      if (!row) notFound();
      assertOrderToken(orderToken, row.order_token_hash);

      const earlier = await write?.claim<UpdateOrderResponse>(manager);
      if (earlier) return { status: earlier.status, body: earlier.body, replayed: true };
      const changes = acceptsChanges(row.status, row.payment_status);
      if (changes === 'paid') throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderAlreadyPaid' });
      if (changes === 'payment-in-progress') throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
      // a quote's order carries the prices staff agreed: the link that pays it never re-prices it from the catalog
      const fromQuote = (await manager.query(`SELECT 1 FROM quote WHERE order_id = $1`, [id])) as unknown[];
      if (fromQuote.length > 0) throw new ConflictException({ message: ORDER_OF_QUOTE_FIXED, errorType: 'orderOfQuote' });

      await this.replaceContents(manager, id, row.status, request, priced);
      const answer = { status: 200, body: { success: true as const, order: await this.viewOrder(id, manager), adminEmail } };
      await write?.complete(manager, answer satisfies StoredAnswer);
      return { ...answer, replayed: false };
    });
  }

  /**
   * GET /api/order/view/:id: the order for whoever proves it is theirs (the order token the create
   * answered, or later a view token from an e-mail link). Without proof it is 404, exactly as for an
   * order that does not exist, so an id alone tells nothing.
   */
  async viewOrderWithProof(id: string, token: string | undefined, customerId?: string): Promise<Order> {
    if (!isOrderId(id) || (!token && !customerId)) notFound();
    const [row] = (await this.dataSource.query(`SELECT customer_id FROM orders WHERE id = $1`, [id])) as { customer_id: string | null }[];
    // a signed-in owner needs no token: the session is the proof; a guest order with the
    // verified account's e-mail becomes theirs on the way (accounts/my-orders/account-records.ts)
    if (customerId && row?.customer_id === customerId) return this.viewOrder(id);
    if (customerId && row && row.customer_id === null && (await claimOrder(this.dataSource.manager, id, customerId))) return this.viewOrder(id);
    if (!token) notFound();
    // the order token while it is current (a quote link's lives as long as the link), and view tokens not expired
    const orderTokenHash = row ? await currentOrderTokenHash(this.dataSource.manager, id) : null;
    const viewTokens = (await this.dataSource.query(`SELECT token_hash FROM order_view_token WHERE order_id = $1 AND expires_at > now()`, [id])) as {
      token_hash: string;
    }[];
    if (!matchesOrderToken(token, [orderTokenHash, ...viewTokens.map((view) => view.token_hash)])) notFound();
    return this.viewOrder(id);
  }

  /** `manager`: read inside a caller's transaction (its own writes included). */
  async viewOrder(id: string, manager: EntityManager = this.dataSource.manager): Promise<Order> {
    const order = isOrderId(id) ? await orderById(manager, id, ORDER_RELATIONS) : null;
    if (!order) notFound();
    return toOrderView(order);
  }

  /** The checks and pricing a create and an update share: the server's price, never the browser's. */
  private async priceRequest(request: ValidOrderRequest): Promise<PricedRequest> {
    const [catalog, settings] = await Promise.all([this.content.catalog(), this.content.settings()]);
    const summary = priceCart(
      catalog,
      {
        items: request.items,
        destination: { country: request.shipping.countryId, state: request.shipping.state, zip: request.shipping.zipCode },
      },
      settings,
    );
    assertOrderable(summary);
    // the checkout's cart holds samples only (commerce-rules sample-order.ts); cabinets are ordered through quotes
    const notSamples = nonSampleSkus(catalog, request.items);
    if (notSamples.length > 0) throw new BadRequestException({ message: ORDER_MESSAGES.samplesOnly(notSamples), errorType: 'samplesOnly' });
    if (!summary.shipping || summary.shipping.method === NO_SHIPPING_METHODS) {
      throw new BadRequestException({
        message: CHECKOUT_MESSAGES.noShippingMethods,
        errors: { shippingMethod: CHECKOUT_MESSAGES.noShippingMethods },
      });
    }
    // the schema requires a method; one that is off, unknown or not offered for a sample order (split
    // payment) is refused as the checkout's chooser would never show it (spec: 'Payment method not available')
    const paymentMethod = request.paymentMethod ? await this.content.enabledPaymentMethod(request.paymentMethod, SAMPLE_ORDER_SCOPE) : undefined;
    if (!paymentMethod) {
      throw new BadRequestException({ message: PAYMENT_METHOD_NOT_AVAILABLE, errors: { paymentMethod: PAYMENT_METHOD_NOT_AVAILABLE } });
    }
    return { summary, paymentMethod };
  }

  private async replaceContents(
    manager: EntityManager,
    id: string,
    status: string,
    request: ValidOrderRequest,
    priced: PricedRequest,
  ): Promise<void> {
    const { fields, items, addresses } = pricedOrderContents(request, priced.summary);
    const order = { id };
    await manager.createQueryBuilder().delete().from(OrderItemEntity).where('order_id = :id', { id }).execute();
    await manager.createQueryBuilder().delete().from(OrderAddressEntity).where('order_id = :id', { id }).execute();
    await insertItems(manager, order, items);
    await insertAddresses(manager, order, addresses);
    await manager.update(OrderEntity, id, { ...fields, paymentStatus: 'pending' });

    // The entry the failed attempt left (or the pending one) is reused, so the payments service's
    // paymentId stays valid; a completed entry is money taken and is never touched.
    const payments = await manager.find(OrderPaymentEntity, { where: { order: { id } }, order: { createdAt: 'DESC' } });
    const entry = payments.find((payment) => payment.status !== 'completed');
    if (priced.paymentMethod) {
      const pending = pendingPayment(entry ?? new OrderPaymentEntity(), fields.total, priced.paymentMethod);
      if (entry) await manager.update(OrderPaymentEntity, entry.id, paymentFields(pending));
      else await insertPayments(manager, order, [pending]);
    } else if (entry) {
      await manager.update(OrderPaymentEntity, entry.id, { status: 'pending', amount: fields.total, amountPaid: 0, transactionId: null });
    }

    await insertHistory(manager, order, [historyNote(status, ORDER_UPDATED_BEFORE_PAYMENT)]);
  }
}

