import type { EstimateSummaryRow, EstimatorSummaryConfig, PriceResult } from '@storefront/contracts';
import { formatPriceRange, sumCents } from '@storefront/money';

/**
 * The rows of an estimate's summary as the template's summary config lays them out: each breakdown
 * item adds up the totals (product + labor) of the fields it lists (items with nothing priced are left
 * out), then the product, labor and grand totals. One derivation for the page, the stored estimate
 * and its e-mail.
 */
export function estimateSummaryRows(summary: EstimatorSummaryConfig, price: PriceResult): EstimateSummaryRow[] {
  const rows: EstimateSummaryRow[] = [];
  for (const section of summary.breakdowns) {
    for (const item of section.items) {
      const parts = item.fields.map((name) => price.breakdown[name]).filter((part) => part !== undefined);
      if (parts.length === 0) continue;
      const min = sumCents(parts.map((part) => part.totalMin));
      const max = sumCents(parts.map((part) => part.totalMax));
      rows.push({ label: item.label, value: formatPriceRange(min, max) });
    }
  }
  rows.push(
    { label: summary.productTotal.label, value: price.display.product },
    { label: summary.laborTotal.label, value: price.display.labor },
    { label: summary.grandTotal.label, value: price.display.total },
  );
  return rows;
}
