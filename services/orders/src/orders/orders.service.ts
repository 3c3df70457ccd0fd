import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { indexCatalog, priceCart, skuKey } from '@storefront/commerce-rules';
import {
  CHECKOUT_MESSAGES,
  NO_SHIPPING_METHODS,
  ORDER_MESSAGES,
  type CartSummary,
  type Order,
  type ProductStyle,
} from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity } from '../entities/index.js';
import { CommerceContent } from './commerce-content.js';
import { buildNewOrder } from './order-builder.js';
import { parseCartSummaryRequest, parseCreateOrderRequest, type ValidOrderRequest } from './order-request.js';
import { toOrderView } from './order-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Order ids are UUIDs; anything else is answered 404 without asking PostgreSQL (which would fail the cast). */
export const isOrderId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
const ORDER_RELATIONS = { items: true, addresses: true, payments: true, statusHistory: true } as const;
export const PAYMENT_METHOD_NOT_AVAILABLE = 'Payment method not available';

@Injectable()
export class OrdersService {
  constructor(
    private readonly content: CommerceContent,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** What the cart costs, priced by the server (the browser's cart summary). */
  async cartSummary(body: unknown): Promise<CartSummary> {
    const request = parseCartSummaryRequest(body);
    const [catalog, settings] = await Promise.all([this.content.catalog(), this.content.settings()]);
    return priceCart(catalog, request, settings);
  }

  /** Prices the cart again on the server, then stores the order with all its parts in one transaction. */
  async createOrder(body: unknown): Promise<Order> {
    const request = parseCreateOrderRequest(body);
    const [catalog, settings] = await Promise.all([this.content.catalog(), this.content.settings()]);
    rejectOverSampleLimit(catalog, request);

    const summary = priceCart(
      catalog,
      {
        items: request.items,
        destination: { country: request.shipping.countryId, state: request.shipping.state, zip: request.shipping.zipCode },
      },
      settings,
    );
    if (summary.unknownSkus.length > 0) {
      throw new BadRequestException({
        message: `Some items in your cart are no longer available: ${summary.unknownSkus.join(', ')}. Please remove them and try again.`,
        errorType: 'unknownSkus',
      });
    }
    if (!summary.shipping || summary.shipping.method === NO_SHIPPING_METHODS) {
      throw new BadRequestException({
        message: CHECKOUT_MESSAGES.noShippingMethods,
        errors: { shippingMethod: CHECKOUT_MESSAGES.noShippingMethods },
      });
    }
    const paymentMethod = request.paymentMethod ? await this.content.enabledPaymentMethod(request.paymentMethod) : undefined;
    if (request.paymentMethod && !paymentMethod) {
      throw new BadRequestException({ message: PAYMENT_METHOD_NOT_AVAILABLE, errors: { paymentMethod: PAYMENT_METHOD_NOT_AVAILABLE } });
    }

    const order = buildNewOrder(request, summary, paymentMethod);
    const saved = await this.dataSource.transaction((manager) => manager.save(OrderEntity, order));
    return this.viewOrder(saved.id);
  }

  /** `manager`: read inside a caller's transaction (its own writes included). */
  async viewOrder(id: string, manager: EntityManager = this.dataSource.manager): Promise<Order> {
    const order = isOrderId(id) ? await manager.getRepository(OrderEntity).findOne({ where: { id }, relations: ORDER_RELATIONS }) : null;
    if (!order) throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
    return toOrderView(order);
  }
}

/** Spec: a sample can be ordered once; asking for more is an error, not a silent change. */
function rejectOverSampleLimit(catalog: readonly ProductStyle[], request: ValidOrderRequest): void {
  const index = indexCatalog(catalog);
  const requested = new Map<string, number>();
  for (const item of request.items) requested.set(skuKey(item.sku), (requested.get(skuKey(item.sku)) ?? 0) + item.qty);
  for (const [sku, qty] of requested) {
    const entry = index.get(sku);
    if (entry?.item.isSample && qty > 1) {
      throw new BadRequestException({ message: CHECKOUT_MESSAGES.sampleMaxQty(entry.item.name), errorType: 'sampleQuantity' });
    }
  }
}
