import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_ADDRESS_FIELDS, ORDER_MESSAGES, QUOTE_MESSAGES, pickFields, type ConvertToOrderResponse, type Order } from '@storefront/contracts';
import { isPaid } from '@storefront/commerce-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEmails } from '../email/index.js';
import { OrderAddressEntity, OrderEntity, OrderItemEntity } from '../entities/index.js';
import { historyNote } from '../orders/order-builder.js';
import { OrdersService } from '../orders/orders.service.js';
import { QuoteError, linkExpired, linkNotFound } from './quote-errors.js';
import { QuoteEntity, type QuoteAddressEntity } from './quote.entity.js';
import { QuotesService } from './quotes.service.js';

export const QUOTE_ORDER_CREATED = (quoteIncrementId: string) => `Created from quote ${quoteIncrementId} for payment`;

/** What converting a paid quote's payment reads as: completed, or verified and still settling at the provider. */
const VERIFIED_PAYMENT_STATUSES = ['completed', 'success', 'pending', 'on_hold'];

/**
 * Paying a quote by its link (spec §4 quote payment). Two readings of "convert to an order": the
 * spec's browser converts after its gateway call says paid; we never take the browser's word, so
 * the work is split the way the checkout's is (spec §4 checkout flow: create the order, then pay it):
 *
 * - Pay Now drafts the order from the quote — its items, prices, addresses, split-payment terms —
 *   once per quote (the quote row is locked; every later Pay Now answers the same order). The order
 *   is pending payment and the quote stays `ready_to_order`. The link's token is the order's token
 *   (its hash is copied), so every tab holding the link pays the one order and a new link moves it.
 * - The conversion proper happens when the payments service reports a payment of that order it
 *   verified with the gateway (OrderPaymentsService): the quote becomes `ordered`, the order is paid
 *   (in full or its first instalment) and the e-mails are queued, in one transaction.
 * - POST /api/quote/convertToOrder keeps the spec's call: it answers the order a verified payment made
 *   and refuses a transaction that is not one.
 */
@Injectable()
export class QuoteOrdersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly quotes: QuotesService,
    private readonly orders: OrdersService,
    private readonly emails: OrderEmails,
  ) {}

  /** POST /api/quote/payment-order: the order the link pays, drafted on the first call. */
  /**
   * `customerId`: the signed-in customer paying. The quote (and its order) become theirs when nobody
   * claimed it yet and the account's e-mail is the quote's (without case): holding the link alone
   * would let whoever it leaked to keep the customer's order in their account, so the link proves the
   * payment and the e-mail the account. A new link undoes the claim (QuotesService.issuePaymentLink).
   */
  async paymentOrder(quoteId: string, token: string, customerId?: string): Promise<Order> {
    return this.dataSource.transaction(async (manager) => {
      const link = await this.quotes.matchLink(quoteId, token, manager);
      if (!link || link.revoked) throw linkNotFound();
      if (link.expired) throw linkExpired();
      // two tabs (or a double click) on Pay Now: the second waits here and finds the first's order
      await manager.query(`SELECT id FROM quote WHERE id = $1 FOR UPDATE`, [quoteId]);
      const quote = await manager.getRepository(QuoteEntity).findOne({ where: { id: quoteId }, relations: { items: true, addresses: true } });
      if (!quote) throw linkNotFound();
      if (customerId && quote.customerId === null && (await this.accountEmailIs(manager, customerId, quote.email))) {
        quote.customerId = customerId;
        await manager.update(QuoteEntity, quote.id, { customerId });
        if (quote.orderId) await manager.query(`UPDATE orders SET customer_id = $2, customer_is_guest = false WHERE id = $1 AND customer_id IS NULL`, [quote.orderId, customerId]);
      }
      if (quote.orderId) {
        const [order] = (await manager.query(`SELECT status FROM orders WHERE id = $1`, [quote.orderId])) as { status: string }[];
        if (order && isPaid(order.status)) throw new QuoteError('quoteAlreadyOrdered', QUOTE_MESSAGES.alreadyOrdered);
        if (order) return this.orders.viewOrder(quote.orderId, manager);
      }
      const saved = await manager.save(OrderEntity, orderFromQuote(quote, link.token_hash));
      await manager.update(QuoteEntity, quote.id, { orderId: saved.id });
      return this.orders.viewOrder(saved.id, manager);
    });
  }

  private async accountEmailIs(manager: EntityManager, customerId: string, email: string): Promise<boolean> {
    const [row] = (await manager.query(`SELECT email FROM customer WHERE id = $1`, [customerId])) as { email: string }[];
    return row !== undefined && row.email.trim().toLowerCase() === email.trim().toLowerCase();
  }

  /**
   * POST /api/quote/convertToOrder: the order of the quote, when `transactionId` is a payment of it
   * the payments service verified (and reported). The link must be one the quote issued and not
   * revoked; an expired one still reads the order its payment made (the payment was made in time).
   */
  async convertToOrder(quoteId: string, token: string, transactionId: string): Promise<ConvertToOrderResponse> {
    const link = await this.quotes.matchLink(quoteId, token);
    if (!link || link.revoked) throw linkNotFound();
    const quote = await this.dataSource.getRepository(QuoteEntity).findOneBy({ id: quoteId });
    if (!quote) throw linkNotFound();
    const verified = quote.orderId
      ? ((await this.dataSource.query(`SELECT 1 FROM order_payments WHERE order_id = $1 AND transaction_id = $2 AND status = ANY($3)`, [
          quote.orderId,
          transactionId,
          VERIFIED_PAYMENT_STATUSES,
        ])) as unknown[])
      : [];
    if (verified.length === 0) throw new BadRequestException({ message: QUOTE_MESSAGES.paymentNotVerified, errorType: 'paymentNotVerified' });
    return { success: true, message: QUOTE_MESSAGES.converted, order: await this.orders.viewOrder(quote.orderId!), adminEmail: await this.emails.adminEmailList() };
  }
}

function addressOf(address: QuoteAddressEntity, type: 'billing' | 'shipping'): OrderAddressEntity {
  return Object.assign(new OrderAddressEntity(), { type, email: address.email, ...pickFields(address, ACCOUNT_ADDRESS_FIELDS) });
}

/**
 * The order a quote becomes: the quote's own amounts (staff priced it; the catalog is not asked),
 * its items in order, billing and shipping (a quote without a shipping address ships to its billing
 * one), its split-payment terms, pending until a payment is verified.
 */
export function orderFromQuote(quote: QuoteEntity, orderTokenHash: string): OrderEntity {
  const billing = quote.addresses.find((address) => address.type === 'billing') ?? quote.addresses[0]!;
  const shipping = quote.addresses.find((address) => address.type === 'shipping') ?? billing;
  const items = [...quote.items]
    .sort((a, b) => a.position - b.position)
    .map((item, position) =>
      Object.assign(new OrderItemEntity(), {
        position,
        sku: item.sku,
        name: item.name,
        styleName: '',
        price: item.price,
        originalPrice: item.price,
        priceInclTax: item.price,
        qty: item.qty,
        weight: 0,
        rowWeight: 0,
        rowTotal: item.rowTotal,
        taxPercent: 0,
        taxAmount: 0,
        rowTotalInclTax: item.rowTotal,
        customOptions: item.notes ? [{ type: 'notes', label: 'Notes', value: item.notes }] : [],
      }),
    );
  return Object.assign(new OrderEntity(), {
    state: 'new',
    status: 'pending',
    paymentStatus: 'pending',
    email: quote.email,
    firstName: quote.firstName,
    lastName: quote.lastName,
    customerIsGuest: quote.customerId === null,
    customerId: quote.customerId,
    poNumber: quote.poNumber,
    currency: 'USD',
    subtotal: quote.subtotal,
    shippingAmount: quote.shippingAmount,
    shippingTaxAmount: 0,
    shippingMethod: quote.shippingMethod,
    shippingLabel: quote.shippingLabel,
    taxAmount: quote.taxAmount,
    discountAmount: quote.discountAmount,
    total: quote.total,
    weight: 0,
    totalItemCount: quote.items.reduce((count, item) => count + item.qty, 0),
    additionalNotes: quote.additionalNotes,
    emailSent: false,
    splitPaymentEnabled: quote.splitPaymentEnabled,
    minimumSplitAmount: quote.minimumSplitAmount,
    orderTokenHash,
    // the token lives as long as the link it came from
    quotePaymentLinkHash: orderTokenHash,
    items,
    addresses: [addressOf(billing, 'billing'), addressOf(shipping, 'shipping')],
    payments: [],
    statusHistory: [
      historyNote('pending', ORDER_MESSAGES.created),
      historyNote('pending', QUOTE_ORDER_CREATED(quote.quoteIncrementId)),
    ],
  });
}
