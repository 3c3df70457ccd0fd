import type { EstimatorSummaryConfig, PriceResult } from '@storefront/contracts';
import { formatPriceRange } from '@storefront/money';

export const NO_PRICE_TEXT = 'Make selections to see pricing';

interface BreakdownRow {
  label: string;
  range: string;
}

/** A summary item adds up the totals of the fields it lists; items with nothing priced are left out. */
function breakdownRows(summary: EstimatorSummaryConfig, price: PriceResult): { label: string; rows: BreakdownRow[] }[] {
  return summary.breakdowns
    .map((section) => ({
      label: section.label,
      rows: section.items.flatMap((item) => {
        const parts = item.fields.map((name) => price.breakdown[name]).filter((part) => part !== undefined);
        if (parts.length === 0) return [];
        const min = parts.reduce((sum, part) => sum + part.totalMin, 0);
        const max = parts.reduce((sum, part) => sum + part.totalMax, 0);
        return [{ label: item.label, range: formatPriceRange(min, max) }];
      }),
    }))
    .filter((section) => section.rows.length > 0);
}

/** The live estimate: product, labor and total ranges, updated as options are picked. */
export function PriceSummary({ summary, price }: { summary: EstimatorSummaryConfig; price: PriceResult | null }) {
  return (
    <aside className="mf-estimator-summary" aria-labelledby="mf-estimator-summary-title">
      <h2 id="mf-estimator-summary-title" className="mf-estimator-summary__title">
        {summary.title}
      </h2>
      <div aria-live="polite">
        {price === null ? (
          <p className="mf-estimator-summary__empty">{NO_PRICE_TEXT}</p>
        ) : (
          <>
            {breakdownRows(summary, price).map((section) => (
              <dl key={section.label} className="mf-estimator-summary__section" aria-label={section.label}>
                {section.rows.map((row) => (
                  <div key={row.label} className="mf-estimator-summary__row">
                    <dt>{row.label}</dt>
                    <dd>{row.range}</dd>
                  </div>
                ))}
              </dl>
            ))}
            <dl className="mf-estimator-summary__totals">
              <div className="mf-estimator-summary__row">
                <dt>{summary.productTotal.label}</dt>
                <dd data-testid="estimate-product">{price.display.product}</dd>
              </div>
              <div className="mf-estimator-summary__row">
                <dt>{summary.laborTotal.label}</dt>
                <dd data-testid="estimate-labor">{price.display.labor}</dd>
              </div>
              <div className="mf-estimator-summary__row mf-estimator-summary__row--total">
                <dt>{summary.grandTotal.label}</dt>
                <dd data-testid="estimate-total">{price.display.total}</dd>
              </div>
            </dl>
          </>
        )}
      </div>
      {summary.note && <p className="mf-estimator-summary__note">{summary.note}</p>}
    </aside>
  );
}
