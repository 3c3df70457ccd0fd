import {
  maxQuantityOf,
  type CartSummary,
  type CartSummaryRequest,
  type CommerceSettings,
  type PricedCartLine,
  type ProductStyle,
  type SampleFinish,
} from '@storefront/contracts';
import { dollarsToCents, percentOfCents, type Cents } from '@storefront/money';
import { describeFinish, indexCatalog, skuKey, type CatalogEntry } from './catalog-index.js';
import { isSampleItem } from './sample-order.js';
import { resolveShippingRate } from './shipping.js';
import { resolveTaxRate } from './tax.js';

function finishKey(finish: SampleFinish | undefined): string {
  return finish ? `${finish.type}:${finish.value}` : '';
}

/**
 * Prices a cart from the catalog and the settings. Nothing the browser sends about money is read:
 * unit prices, weights and names come from the catalog. Unknown SKUs are listed and left out of the
 * totals; the same SKU and finish twice becomes one line. Shipping and tax need a destination
 * (without one, shipping is null and tax 0). Tax is charged per line and on shipping. Every amount is
 * integer cents: catalog prices (dollars in content/) are turned into cents once, and each tax is
 * rounded to the cent where it is charged (per line, on shipping), so the totals are exact sums.
 */
export function priceCart(
  catalog: readonly ProductStyle[],
  request: CartSummaryRequest,
  settings: CommerceSettings,
): CartSummary {
  const index = indexCatalog(catalog);
  const taxPercent = request.destination ? resolveTaxRate(settings.tax, request.destination) : 0;
  const unknownSkus: string[] = [];
  const overLimit: CartSummary['overLimit'] = [];
  const wantedBySku = new Map<string, number>();
  const chosen = new Map<string, { entry: CatalogEntry; finish: SampleFinish | undefined; wanted: number; qty: number }>();

  for (const requested of request.items) {
    const sku = typeof requested.sku === 'string' ? requested.sku : '';
    const entry = index.get(skuKey(sku));
    if (!entry) {
      if (!unknownSkus.includes(sku)) unknownSkus.push(sku);
      continue;
    }
    const finish = describeFinish(entry, requested.finish);
    const key = `${skuKey(entry.item.sku)}|${finishKey(finish)}`;
    const max = maxQuantityOf(isSampleItem(entry.item));
    // the same item on two lines counts as one line of both quantities
    const wanted = (chosen.get(key)?.wanted ?? 0) + requested.qty;
    const wantedOfSku = (wantedBySku.get(skuKey(entry.item.sku)) ?? 0) + requested.qty;
    wantedBySku.set(skuKey(entry.item.sku), wantedOfSku);
    if (wantedOfSku > max && !overLimit.some((line) => line.sku === entry.item.sku)) overLimit.push({ sku: entry.item.sku, name: entry.item.name, max });
    chosen.set(key, { entry, finish, wanted, qty: Math.min(wanted, max) });
  }

  const lines: PricedCartLine[] = [...chosen.values()].map(({ entry, finish, qty }) => {
    const price = dollarsToCents(entry.item.price);
    const rowTotal = price * qty;
    const sampleImage = entry.style.images?.find((image) => image.type === 'sample' && image.label === finish?.label);
    const image = sampleImage ?? entry.style.images?.find((candidate) => candidate.type === 'base');
    return {
      sku: entry.item.sku,
      name: entry.item.name,
      styleName: entry.style.name,
      styleTitle: entry.style.title,
      qty,
      price,
      rowTotal,
      taxPercent,
      taxAmount: percentOfCents(rowTotal, taxPercent),
      weight: entry.item.weight,
      ...(finish ? { finish } : {}),
      ...(image ? { image: { src: image.src, altText: image.altText } } : {}),
    };
  });

  const sum = (amounts: readonly Cents[]): Cents => amounts.reduce((total, amount) => total + amount, 0);
  const subtotal = sum(lines.map((line) => line.rowTotal));
  const itemCount = lines.reduce((count, line) => count + line.qty, 0);
  const shipping =
    request.destination && lines.length > 0
      ? resolveShippingRate(settings.shipping, request.destination, { subtotal, itemCount })
      : null;
  const shippingTax = shipping ? percentOfCents(shipping.amount, taxPercent) : 0;
  const taxAmount = sum([...lines.map((line) => line.taxAmount), shippingTax]);

  return {
    lines,
    unknownSkus,
    overLimit,
    itemCount,
    subtotal,
    shipping,
    taxPercent,
    taxAmount,
    total: subtotal + (shipping?.amount ?? 0) + taxAmount,
    currency: 'USD',
  };
}

/** The part of a summary's tax charged on shipping (orders store it as shippingTaxAmount). */
export function shippingTaxOf(summary: CartSummary): Cents {
  return summary.taxAmount - summary.lines.reduce((total, line) => total + line.taxAmount, 0);
}
