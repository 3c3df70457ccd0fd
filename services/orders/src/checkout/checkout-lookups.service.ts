import { Injectable } from '@nestjs/common';
import { priceCart, resolveShippingRate } from '@storefront/commerce-rules';
import { CHECKOUT_MESSAGES, NO_SHIPPING_METHODS, type ShippingRateRequest, type ShippingRateResponse, type TaxRequest, type TaxResponse } from '@storefront/contracts';
import { percentOfCents } from '@storefront/money';
import { CommerceContent } from '../orders/commerce-content.js';
import { assertOrderable } from '../orders/order-request.js';

/**
 * The checkout's shipping and tax lookups: thin answers over packages/commerce-rules, the same rules
 * that price the order, so what the shopper sees is what the order will charge.
 */
@Injectable()
export class CheckoutLookupsService {
  constructor(private readonly content: CommerceContent) {}

  async shippingRate(request: ShippingRateRequest): Promise<ShippingRateResponse> {
    const settings = await this.content.settings();
    const quote = resolveShippingRate(
      settings.shipping,
      { country: request.country, ...(request.state ? { state: request.state } : {}), ...(request.zip ? { zip: request.zip } : {}) },
      { subtotal: request.subtotal, itemCount: request.itemCount ?? 1 },
    );
    if (quote.method === NO_SHIPPING_METHODS) {
      return {
        success: false,
        shippingMethod: { type: NO_SHIPPING_METHODS, displayName: quote.label, rate: 0 },
        message: CHECKOUT_MESSAGES.noShippingMethodsPanel,
      };
    }
    const description = settings.shipping.methods.find((method) => method.type === quote.method)?.description;
    return {
      success: true,
      shippingMethod: { type: quote.method, displayName: quote.label, ...(description ? { description } : {}), rate: quote.amount },
    };
  }

  async tax(request: TaxRequest): Promise<TaxResponse> {
    const [catalog, settings] = await Promise.all([this.content.catalog(), this.content.settings()]);
    const destination = { country: request.country, ...(request.state ? { state: request.state } : {}), ...(request.zip ? { zip: request.zip } : {}) };
    const summary = priceCart(catalog, { items: request.items, destination }, settings);
    assertOrderable(summary);

    const taxItems = summary.lines.map((line) => ({
      sku: line.sku,
      taxAmount: percentOfCents(line.price, line.taxPercent),
      taxPercent: line.taxPercent,
      rowTaxAmount: line.taxAmount,
    }));
    // spec: tax applies per item and to shipping, at the destination's rate
    const shippingTaxAmount = percentOfCents(request.shippingCost, summary.taxPercent);
    const taxSubTotal = taxItems.reduce((total, item) => total + item.rowTaxAmount, 0);
    return {
      success: true,
      taxItems,
      shippingTaxAmount,
      taxSubTotal,
      taxTotal: taxSubTotal + shippingTaxAmount,
      taxPercent: summary.taxPercent,
    };
  }
}
