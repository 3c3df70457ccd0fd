import type { Quote, QuoteStatus } from '@storefront/contracts';
import type { OrderPaymentEntity } from '../entities/index.js';
import { toAddressViews, toPaymentViews } from '../orders/order-view.js';
import type { QuoteEntity } from './quote.entity.js';

/** The stored quote as the API answers it (Quote in @storefront/contracts); `payments`: its order's, if it became one. */
export function toQuoteView(quote: QuoteEntity, payments: readonly OrderPaymentEntity[] = []): Quote {
  return {
    id: quote.id,
    quoteIncrementId: quote.quoteIncrementId,
    poNumber: quote.poNumber,
    firstName: quote.firstName,
    lastName: quote.lastName,
    email: quote.email,
    phone: quote.phone,
    createdAt: quote.createdAt.toISOString(),
    status: quote.status as QuoteStatus,
    addresses: toAddressViews(quote.addresses ?? []),
    shippingMethod: quote.shippingMethod,
    shippingLabel: quote.shippingLabel,
    items: [...(quote.items ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({ id: item.id, name: item.name, sku: item.sku, qty: item.qty, price: item.price, rowTotal: item.rowTotal, notes: item.notes })),
    additionalNotes: quote.additionalNotes,
    subtotal: quote.subtotal,
    shippingAmount: quote.shippingAmount,
    taxAmount: quote.taxAmount,
    discountAmount: quote.discountAmount,
    total: quote.total,
    splitPaymentEnabled: quote.splitPaymentEnabled,
    minimumSplitAmount: quote.minimumSplitAmount,
    orderId: quote.orderId,
    payments: toPaymentViews(payments),
  };
}
